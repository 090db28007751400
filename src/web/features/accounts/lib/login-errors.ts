import { AUTH_ERROR_CODES } from '../../../../shared/api/error-codes.js';
import { USER_MESSAGES } from '../../../../shared/api/user-form-fields.js';
import { isApiError } from '../../../lib/api-client.js';
import { LoginError } from '../api/login.js';

export const LOGIN_REASONS = {
  invalidCredentials: USER_MESSAGES.invalidCredentials,
  pending: USER_MESSAGES.accountPending,
  rejected: USER_MESSAGES.accountRejected,
  offline: 'We could not reach the school server. Please check your connection and try again.',
  unknown: 'The school server could not log you in just now. Please try again in a moment.',
} as const;

export function tooManyAttempts(retryAfterSeconds: number | undefined): string {
  if (retryAfterSeconds === undefined) return 'Too many attempts. Please wait a few minutes and try again.';
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** Why a log-in was refused, in words for the person at the form (docs/contract/fixes-and-gaps.md#fix-6). */
export function loginFailureReason(error: unknown): string {
  if (!isApiError(error)) return LOGIN_REASONS.unknown;
  switch (error.code) {
    case AUTH_ERROR_CODES.invalidCredentials:
      return LOGIN_REASONS.invalidCredentials;
    case AUTH_ERROR_CODES.accountPending:
      return LOGIN_REASONS.pending;
    case AUTH_ERROR_CODES.accountRejected:
      return LOGIN_REASONS.rejected;
    case 'NETWORK_ERROR':
      return LOGIN_REASONS.offline;
  }
  if (error.status === 401) return LOGIN_REASONS.invalidCredentials;
  if (error.status === 429) {
    return tooManyAttempts(error instanceof LoginError ? error.retryAfterSeconds : undefined);
  }
  if (error.status >= 400 && error.status < 500 && error.message) return error.message;
  return LOGIN_REASONS.unknown;
}
