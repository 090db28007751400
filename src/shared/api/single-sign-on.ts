import { z } from 'zod';
import { USER_TYPE, type UserType } from '../constants.js';

/**
 * Signing in with the school's own OpenID Connect provider (Google, Microsoft Entra, any standard
 * one): docs/decisions/0107-sign-in-with-the-schools-provider.md. Browser-safe: zod and constants.
 */

/** Who may sign in with the provider: the school's staff, the parents, or both. */
export const SSO_AUDIENCES = ['staff', 'parents', 'both'] as const;
export type SsoAudience = (typeof SSO_AUDIENCES)[number];

/**
 * Staff: every type that works at the school. Students are neither staff nor parents: they keep the
 * password log-in (a child's account is the school's, and a child's own provider account is not
 * the school's to trust).
 */
export const isStaffType = (type: string): boolean => type !== USER_TYPE.parent && type !== USER_TYPE.student;

/** The answer of `GET /api/sso`: whether the login page shows "Sign in with {name}". */
export const SsoOptionsSchema = z.object({
  enabled: z.boolean(),
  /** The provider's name as the school calls it ("Google", "Microsoft"); '' when not enabled. */
  name: z.string(),
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

export const SSO_MESSAGES = {
  ssoRequired: 'Please sign in with the school’s account provider: password log-in is off for staff.',
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
