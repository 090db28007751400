import type { LoginInput } from '../../../../shared/api/users.js';
import { isLocale } from '../../../../shared/i18n/locales.js';
import { ApiError, type ApiErrorCode, apiClient, apiUrl, isErrorBody } from '../../../lib/api-client.js';
import { clearSessionToken, getSessionToken, setSessionToken } from '../../../lib/session.js';

/** A refused log-in; `retryAfterSeconds` comes from the `Retry-After` header of a 429. */
export class LoginError extends ApiError {
  constructor(
    status: number,
    code: ApiErrorCode,
    message: string,
    details?: unknown,
    readonly retryAfterSeconds?: number,
  ) {
    super(status, code, message, details);
  }
}

/** `Retry-After` as seconds (docs/contract/api.md sends seconds; an HTTP date is accepted too). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * `POST users/login` -> the token (docs/contract/api.md#post-users-login). The one call that needs a response
 * header (`Retry-After` of a 429), which the shared api client does not pass on, so it calls fetch itself and
 * reports failures as the same ApiError shape. It never sends an old token, and a 401 here means a wrong
 * password, not an ended session.
 */
export async function logIn(credentials: LoginInput): Promise<string> {
  let response: Response;
  try {
    response = await fetch(apiUrl('users/login'), {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(credentials),
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new LoginError(
      0,
      'NETWORK_ERROR',
      'We could not reach the school server. Please check your connection and try again.',
      error instanceof Error ? error.message : undefined,
    );
  }
  const body = await readJson(response);
  if (response.ok) {
    // The token's schema loads with the first log-in, not with the page
    // (docs/decisions/0035-lean-public-pages.md).
    const { TokenSchema } = await import('../../../../shared/api/users.js');
    const parsed = TokenSchema.safeParse(body);
    if (parsed.success && parsed.data.token !== '') return parsed.data.token;
    throw new LoginError(
      response.status,
      'INVALID_RESPONSE',
      'The server sent an answer we did not understand.',
    );
  }
  const retryAfter = parseRetryAfter(response.headers.get('Retry-After'));
  if (isErrorBody(body)) {
    const { code, message, details } = body.error;
    throw new LoginError(response.status, code, message, details, retryAfter);
  }
  throw new LoginError(
    response.status,
    `HTTP_${response.status}`,
    'The log-in failed.',
    undefined,
    retryAfter,
  );
}

/**
 * Starts the session that a log-in returned: the token goes into the kids_pre_token cookie for 7 days.
 * A log-in over another session ends that one first, so nothing the app cached for its user shows to
 * this one (main.tsx drops it when a session ends; public content may stay).
 */
export function startSession(token: string): void {
  if (getSessionToken() !== undefined) clearSessionToken();
  setSessionToken(token);
}

/**
 * Logged in from a page under a language's prefix (`/fr/login`): the visitor chose that language on
 * the site, so their account keeps it for the school area, their mails and documents
 * (docs/decisions/0067-language-switchers.md). The default language's pages have no prefix and change
 * nothing. It never holds the log-in back: a failure leaves the account's language as it was.
 */
export async function keepPageLanguage(
  locale: string,
  pathname: string = window.location.pathname,
): Promise<void> {
  if (!isLocale(locale) || pathname.split('/')[1] !== locale) return;
  await apiClient.put('users/language', { language: locale }).catch(() => undefined);
}
