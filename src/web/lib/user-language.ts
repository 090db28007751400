import { useMutation } from '@tanstack/react-query';
import { UserLanguageAnswerSchema, type UserLanguageBody } from '../../shared/api/user-language.js';
import { apiClient } from './api-client.js';

/**
 * `PUT users/language` (docs/decisions/0063-who-chooses-the-language.md): the signed-in user's own
 * language. The school area's page carries its language's messages, so the page loads again in the
 * new one once it is saved: `reload` is the browser's, a test's spy in component tests.
 */
export function useChangeLanguage(reload: () => void = () => window.location.reload()) {
  return useMutation({
    mutationFn: async (body: UserLanguageBody) => {
      const answer = await apiClient.put('users/language', body, { schema: UserLanguageAnswerSchema });
      return answer.data;
    },
    onSuccess: reload,
  });
}
