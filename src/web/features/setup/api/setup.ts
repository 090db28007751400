import { useMutation } from '@tanstack/react-query';
import { type SetupDone, SetupDoneSchema, type SetupRequest } from '../../../../shared/api/setup.js';
import { apiRequest } from '../../../lib/api-client.js';

/**
 * `POST setup` (docs/decisions/0041-first-start-of-a-real-school.md): the printed link's token,
 * the school's name and the principal's account. Without a session: nobody has one yet.
 */
export async function completeSetup(body: SetupRequest): Promise<SetupDone> {
  const answer = await apiRequest('setup', {
    method: 'POST',
    body,
    schema: SetupDoneSchema,
    withSession: false,
  });
  return answer.data;
}

export const useCompleteSetup = () => useMutation({ mutationFn: completeSetup });
