import { useMutation } from '@tanstack/react-query';
import {
  type PasswordResetConfirm,
  PasswordResetDoneSchema,
  type PasswordResetRequest,
  PasswordResetRequestedSchema,
} from '../../../../shared/api/mail.js';
import { apiRequest } from '../../../lib/api-client.js';

/**
 * `POST users/password-reset` (docs/decisions/0023-password-reset.md): the same answer whatever
 * the email. Sent without a session: asking for a link is anyone's, and a 401 here ends nothing.
 */
export async function requestPasswordReset(body: PasswordResetRequest): Promise<string> {
  const answer = await apiRequest('users/password-reset', {
    method: 'POST',
    body,
    schema: PasswordResetRequestedSchema,
    withSession: false,
  });
  return answer.data.message;
}

/** `POST users/password-reset/confirm`: the link's token and the new password. */
export async function confirmPasswordReset(body: PasswordResetConfirm): Promise<string> {
  const answer = await apiRequest('users/password-reset/confirm', {
    method: 'POST',
    body,
    schema: PasswordResetDoneSchema,
    withSession: false,
  });
  return answer.data.message;
}

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useConfirmPasswordReset = () => useMutation({ mutationFn: confirmPasswordReset });
