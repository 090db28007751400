import { z } from 'zod';
import { USER_TYPE, type UserType } from '../constants.js';
import { SSO_AUDIENCES, type SsoAudience } from '../rules/single-sign-on.js';

/**
 * Signing in with the school's own OpenID Connect provider (Google, Microsoft Entra, any standard
 * one): docs/decisions/0107-sign-in-with-the-schools-provider.md. Browser-safe: zod and constants.
 */

export { SSO_AUDIENCES, type SsoAudience } from '../rules/single-sign-on.js';

/**
 * Staff: every type that works at the school. Students are neither staff nor parents: they keep the
 * password log-in (a child's account is the school's, and a child's own provider account is not
 * the school's to trust).
 */
export const isStaffType = (type: string): boolean => type !== USER_TYPE.parent && type !== USER_TYPE.student;

/** The answer of `GET users/login/sso`: whether the login page shows "Sign in with {name}", and to whom. */
export const SsoOptionsSchema = z.object({
  enabled: z.boolean(),
  /** The provider's name as the school calls it ("Google", "Microsoft"); '' when not enabled. */
  name: z.string(),
  /** Who may use it: the page says "For staff" or "For parents" under the button unless both. */
  audience: z.enum(SSO_AUDIENCES),
});
export type SsoOptions = z.infer<typeof SsoOptionsSchema>;

/** What the provider's answer to `GET /api/sso/callback` carries (RFC 6749 §4.1.2, §4.1.2.1). */
export const SsoCallbackQuerySchema = z
  .object({
    code: z.string().max(2048).optional(),
    state: z.string().max(256).optional(),
    error: z.string().max(256).optional(),
    error_description: z.string().max(2048).optional(),
    iss: z.string().max(2048).optional(),
  })
  .catchall(z.string().max(2048));

export { isSsoRefusal, SSO_REFUSALS, type SsoRefusal } from '../rules/single-sign-on.js';

/** How long a started sign-in waits for the provider's answer. */
export const SSO_PENDING_MINUTES = 10;

/** The lengths the provider's settings may have (docs/decisions/0114-the-principal-sets-the-sign-in-provider.md). */
export const SSO_LIMITS = { issuerUrl: 500, clientId: 500, clientSecret: 2000, name: 60 } as const;

export const SSO_MESSAGES = {
  ssoRequired: 'Please sign in with the school’s account provider: password log-in is off for staff.',
  issuerUrl:
    'Enter the provider’s https:// address, such as https://accounts.google.com (http:// only for localhost).',
  clientIdMissing: 'Enter the client ID the provider gave the school.',
  issuerMissing: 'Enter the provider’s address, or clear the client ID and secret to have no provider.',
  setByEnvironment: 'The server’s environment sets the provider’s connection: it cannot be changed here.',
  noProvider: 'There is no provider to check: enter its address first.',
  notFound: 'Signing in with a provider is not set up for this school.',
  secretBoth: 'Either enter a new client secret or remove the kept one, not both.',
  audience: 'Choose staff, parents or both.',
  clientIdTooLong: `The client ID is at most ${SSO_LIMITS.clientId} characters.`,
  clientSecretTooLong: `The client secret is at most ${SSO_LIMITS.clientSecret} characters.`,
  nameTooLong: `The name is at most ${SSO_LIMITS.name} characters.`,
  staffMust: 'staffMust must be true or false',
  removeSecret: 'removeSecret must be true or false',
} as const;

/**
 * Whether `type` may sign in with the provider when the school lets `audience` do so. Students never
 * (isStaffType).
 */
export function ssoAllowedFor(audience: SsoAudience, type: UserType | string): boolean {
  if (type === USER_TYPE.parent) return audience !== 'staff';
  if (!isStaffType(type)) return false;
  return audience !== 'parents';
}

/**
 * Whether a password log-in of `type` is refused because staff must use the provider. The principal
 * keeps the password (the way in when the provider is down or misconfigured), and so does any type
 * not allowed to use the provider.
 */
export function passwordRefusedFor(
  settings: { audience: SsoAudience; staffMust: boolean },
  type: UserType | string,
): boolean {
  return (
    settings.staffMust &&
    isStaffType(type) &&
    type !== USER_TYPE.principal &&
    ssoAllowedFor(settings.audience, type)
  );
}

/** https, or http on this machine only (tests, a provider on the same host); no query, fragment or user. */
export function isIssuerUrl(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') return false;
    if (url.protocol === 'https:') return url.hostname !== '';
    const host = url.hostname;
    const local = ['localhost', '127.0.0.1', '[::1]'].includes(host) || host.endsWith('.localhost');
    return url.protocol === 'http:' && local;
  } catch {
    return false;
  }
}

// The principal's provider settings (docs/decisions/0114-the-principal-sets-the-sign-in-provider.md):
// who may use the provider and whether staff must, and its connection when the server's environment
// names none.

/** Where the provider's connection comes from: the server's environment, the principal's screen, or nowhere. */
export const SSO_CONNECTION_SOURCES = ['environment', 'school', 'none'] as const;
export type SsoConnectionSource = (typeof SSO_CONNECTION_SOURCES)[number];

/** `GET admin/sign-in-provider`: never the client secret, only whether one is kept. */
export const SignInProviderSchema = z.object({
  audience: z.enum(SSO_AUDIENCES),
  staffMust: z.boolean(),
  /** false: nobody has chosen yet, and the environment's OIDC_FOR and OIDC_STAFF_MUST (or their defaults) apply. */
  chosen: z.boolean(),
  connection: z.object({
    source: z.enum(SSO_CONNECTION_SOURCES),
    /** '' when there is none. */
    issuerUrl: z.string(),
    clientId: z.string(),
    /** The name on the login page's button; '' shows the issuer's host. */
    name: z.string(),
    /** Whether a client secret is kept (in the environment, or sealed in the database). */
    secretSet: z.boolean(),
    /**
     * false when the kept secret was sealed under another key (a database restored on another
     * server): it must be entered again.
     */
    secretReadable: z.boolean(),
  }),
  /** The address to register with the provider as the redirect URI. */
  redirectUri: z.string(),
});
export type SignInProvider = z.infer<typeof SignInProviderSchema>;

const trimmed = (max: number, message: string) => z.string({ error: message }).trim().max(max, message);

/**
 * `PUT admin/sign-in-provider`, and the screen's form: one schema for both. An empty `issuerUrl` and
 * `clientId` mean no provider of the school's own (the stored one, secret and all, is forgotten). An
 * empty `clientSecret` keeps the one kept; `removeSecret` forgets it (a public client, PKCE alone).
 * When the environment names the provider, the four connection fields must be empty.
 */
export const SignInProviderInputSchema = z
  .object({
    audience: z.enum(SSO_AUDIENCES, { error: SSO_MESSAGES.audience }),
    staffMust: z.boolean({ error: SSO_MESSAGES.staffMust }),
    issuerUrl: trimmed(SSO_LIMITS.issuerUrl, SSO_MESSAGES.issuerUrl).refine(
      (value) => value === '' || isIssuerUrl(value),
      SSO_MESSAGES.issuerUrl,
    ),
    clientId: trimmed(SSO_LIMITS.clientId, SSO_MESSAGES.clientIdTooLong),
    clientSecret: z
      .string({ error: SSO_MESSAGES.clientSecretTooLong })
      .max(SSO_LIMITS.clientSecret, SSO_MESSAGES.clientSecretTooLong),
    removeSecret: z.boolean({ error: SSO_MESSAGES.removeSecret }),
    name: trimmed(SSO_LIMITS.name, SSO_MESSAGES.nameTooLong),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.issuerUrl !== '' && value.clientId === '')
      ctx.addIssue({ code: 'custom', path: ['clientId'], message: SSO_MESSAGES.clientIdMissing });
    if (value.issuerUrl === '' && (value.clientId !== '' || value.clientSecret !== ''))
      ctx.addIssue({ code: 'custom', path: ['issuerUrl'], message: SSO_MESSAGES.issuerMissing });
    if (value.clientSecret !== '' && value.removeSecret)
      ctx.addIssue({ code: 'custom', path: ['clientSecret'], message: SSO_MESSAGES.secretBoth });
  });
export type SignInProviderInput = z.infer<typeof SignInProviderInputSchema>;

/** Why the provider's discovery did not work: the screen says each in the reader's words. */
export const SSO_CHECK_FAILURES = [
  /** No answer: a wrong host name, a port nobody listens on, a network that does not reach it. */
  'unreachable',
  /** The https certificate is not one the server trusts. */
  'certificate',
  /** No answer within ten seconds. */
  'timeout',
  /** An answer, but not 200 (no /.well-known/openid-configuration there: a wrong address). */
  'badAnswer',
  /** An answer that is not an OpenID provider's metadata. */
  'notProvider',
  /** The metadata names another issuer: the address is not the provider's own (a missing path, a tenant). */
  'issuerMismatch',
] as const;
export type SsoCheckFailure = (typeof SSO_CHECK_FAILURES)[number];

/** `POST admin/sign-in-provider/check`: '' checks the connection in use. */
export const SignInProviderCheckInputSchema = z
  .object({
    issuerUrl: trimmed(SSO_LIMITS.issuerUrl, SSO_MESSAGES.issuerUrl).refine(
      (value) => value === '' || isIssuerUrl(value),
      SSO_MESSAGES.issuerUrl,
    ),
  })
  .strict();
export type SignInProviderCheckInput = z.infer<typeof SignInProviderCheckInputSchema>;

export const SignInProviderCheckSchema = z.object({
  ok: z.boolean(),
  /** The issuer checked. */
  issuerUrl: z.string(),
  /** Why not, when not ok. */
  failure: z.enum(SSO_CHECK_FAILURES).optional(),
  /** The technical reason, in English, for whoever sets the provider up (an HTTP status, a network error). */
  detail: z.string(),
});
export type SignInProviderCheck = z.infer<typeof SignInProviderCheckSchema>;
