import { isStaffType } from '../../../shared/api/two-factor.js';
import { USER_TYPE } from '../../../shared/constants.js';
import type { Viewer } from '../school/school.policy.js';

/**
 * Who may reset whose two-factor (docs/decisions/0116-the-principal-resets-two-factor.md): the
 * principal, for a staff account other than their own that has two-factor on. The route lets only
 * principals in (403 for everyone else); here the record decides what a principal is told.
 */

/** An account as the reset sees it. */
export interface ResetTarget {
  id: number;
  type: string;
  /** Two-factor is on (confirmed with a first code); a secret waiting for its first code is not. */
  enabled: boolean;
}

/**
 * Why the reset is refused, or undefined when it may go ahead:
 * - `not-found`: no such account (404), or a viewer who is not a principal;
 * - `own-account`: the principal's own, changed on their own Sign-in security screen (409);
 * - `not-staff`: a family account, which has no two-factor (409);
 * - `not-enabled`: a staff account without two-factor on: nothing to reset (409).
 */
export type ResetRefusal = 'not-found' | 'own-account' | 'not-staff' | 'not-enabled';

export function twoFactorResetRefusal(
  viewer: Viewer,
  target: ResetTarget | undefined,
): ResetRefusal | undefined {
  if (viewer.type !== USER_TYPE.principal || target === undefined) return 'not-found';
  if (target.id === viewer.id) return 'own-account';
  if (!isStaffType(target.type)) return 'not-staff';
  if (!target.enabled) return 'not-enabled';
  return undefined;
}
