import { useState } from 'react';
import { UserLanguageAnswerSchema, type UserLanguageBody } from '../../shared/api/user-language.js';
import { apiClient } from './api-client.js';

export type LanguageChange = 'idle' | 'saving' | 'failed';

/**
 * `PUT users/language` (docs/decisions/0063-who-chooses-the-language.md): the signed-in user's own
 * language. The school area's page carries its language's messages, so the page loads again in the
 * new one once it is saved: `reload` is the browser's, a test's spy in component tests. A plain call,
 * not a query mutation: the shell is on every screen's first load, where every kilobyte counts.
 */
export function useChangeLanguage(reload: () => void = () => window.location.reload()) {
  const [state, setState] = useState<LanguageChange>('idle');
  const change = async (body: UserLanguageBody): Promise<void> => {
    setState('saving');
    try {
      await apiClient.put('users/language', body, { schema: UserLanguageAnswerSchema });
    } catch {
      setState('failed');
      return;
    }
    reload();
  };
  return { state, change };
}
