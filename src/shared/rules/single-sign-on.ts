// Without zod: the login page's island reads these (docs/decisions/0031-first-load-javascript.md).

/**
 * Why a sign-in with the provider was refused: the callback sends the browser back to
 * `/login?sso=<reason>` and the login page says it in the reader's language.
 */
export const SSO_REFUSALS = [
  /** The provider does not vouch for the email (email_verified is not true), or gave none. */
  'unverified',
  /** No account of the school has that email: accounts are not made by signing in. */
  'unknown',
  /** The school does not let this kind of account sign in with the provider. */
  'notAllowed',
  'pending',
  'rejected',
  'archived',
  /** The sign-in was not the one this browser started, is used up or too old: start again. */
  'expired',
  /** The provider refused or failed (the person cancelled, a wrong answer, the provider unreachable). */
  'failed',
] as const;
export type SsoRefusal = (typeof SSO_REFUSALS)[number];
export const isSsoRefusal = (value: unknown): value is SsoRefusal =>
  (SSO_REFUSALS as readonly unknown[]).includes(value);

/** Who may sign in with the provider: the school's staff, the parents, or both. */
export const SSO_AUDIENCES = ['staff', 'parents', 'both'] as const;
export type SsoAudience = (typeof SSO_AUDIENCES)[number];
