import { AUTH_ERROR_CODES } from '../../../../shared/api/error-codes.js';
import { isApiError } from '../../../lib/api-client.js';

/**
 * What the form says when a call failed and no field can say why: the server's own sentence (a 429
 * tells how long to wait), the client's for a lost connection, and a plain one for an answer that
 * is not the API's (a proxy's error page).
 */
export function failureText(error: unknown, somethingWentWrong: string): string {
  if (!isApiError(error)) return somethingWentWrong;
  if (error.code === `HTTP_${error.status}` || error.code === 'INVALID_RESPONSE') return somethingWentWrong;
  return error.message;
}

/** Whether the server refused the link itself (unknown, used up or expired). */
export const isInvalidLink = (error: unknown): boolean =>
  isApiError(error) && error.code === AUTH_ERROR_CODES.resetLinkInvalid;
