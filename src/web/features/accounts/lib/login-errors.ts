import { AUTH_ERROR_CODES } from '../../../../shared/api/error-codes.js';
import type { SsoRefusal } from '../../../../shared/rules/single-sign-on.js';
import { isApiError } from '../../../lib/api-client.js';
import type { MessageKey, Translator } from '../../../lib/i18n.js';
import { LoginError } from '../api/login.js';

type Translate = Translator['t'];

/** The reasons the form gives itself (the catalog's words; the server's own sentences are used as they come). */
export const LOGIN_REASONS = {
  invalidCredentials: 'accounts.login.reason.invalidCredentials',
  pending: 'accounts.login.reason.pending',
  rejected: 'accounts.login.reason.rejected',
  offline: 'accounts.login.reason.offline',
  unknown: 'accounts.login.reason.unknown',
} as const satisfies Record<string, MessageKey>;

export function tooManyAttempts(t: Translate, retryAfterSeconds: number | undefined): string {
  if (retryAfterSeconds === undefined) return t('accounts.login.reason.tooManyAttempts');
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return t('accounts.login.reason.tooManyAttemptsFor', { minutes });
}

/** Why a log-in was refused, in words for the person at the form (docs/contract/fixes-and-gaps.md#fix-6). */
export function loginFailureReason(t: Translate, error: unknown): string {
  if (!isApiError(error)) return t(LOGIN_REASONS.unknown);
  switch (error.code) {
    case AUTH_ERROR_CODES.invalidCredentials:
      return t(LOGIN_REASONS.invalidCredentials);
    case AUTH_ERROR_CODES.accountPending:
      return t(LOGIN_REASONS.pending);
    case AUTH_ERROR_CODES.accountRejected:
      return t(LOGIN_REASONS.rejected);
    case AUTH_ERROR_CODES.ssoRequired:
      return t('accounts.login.reason.ssoRequired');
    case 'NETWORK_ERROR':
      return t(LOGIN_REASONS.offline);
  }
  if (error.status === 401) return t(LOGIN_REASONS.invalidCredentials);
  if (error.status === 429) {
    return tooManyAttempts(t, error instanceof LoginError ? error.retryAfterSeconds : undefined);
  }
  if (error.status >= 400 && error.status < 500 && error.message) return error.message;
  return t(LOGIN_REASONS.unknown);
}

const SSO_REFUSAL_KEYS = {
  unverified: 'accounts.login.sso.unverified',
  unknown: 'accounts.login.sso.unknown',
  notAllowed: 'accounts.login.sso.notAllowed',
  pending: 'accounts.login.sso.pending',
  rejected: 'accounts.login.sso.rejected',
  archived: 'accounts.login.sso.archived',
  expired: 'accounts.login.sso.expired',
  failed: 'accounts.login.sso.failed',
} as const satisfies Record<SsoRefusal, MessageKey>;

/** Why the school's provider did not sign the person in (docs/decisions/0107-sign-in-with-the-schools-provider.md). */
export const ssoRefusalReason = (t: Translate, refusal: SsoRefusal): string => t(SSO_REFUSAL_KEYS[refusal]);
