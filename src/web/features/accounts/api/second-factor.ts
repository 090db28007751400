import { TWO_FACTOR_ERROR_CODES } from '../../../../shared/api/error-codes.js';
import {
  type Enrolment,
  EnrolmentSchema,
  type SecondFactorChallenge,
  SecondFactorChallengeSchema,
  type SecondFactorLoginInput,
  type SecondFactorToken,
  SecondFactorTokenSchema,
} from '../../../../shared/api/two-factor.js';
import { apiRequest, isApiError } from '../../../lib/api-client.js';

/**
 * The second call of a log-in with two-factor (docs/decisions/0108-two-factor-for-staff.md). No
 * session is sent or ended: the challenge is the key, and a 401 here is a wrong code.
 */

/** The challenge of a log-in's 401 SECOND_FACTOR_REQUIRED, if the error is one. */
export function challengeOf(error: unknown): SecondFactorChallenge | undefined {
  if (!isApiError(error) || error.code !== TWO_FACTOR_ERROR_CODES.secondFactorRequired) return undefined;
  const parsed = SecondFactorChallengeSchema.safeParse(error.details);
  return parsed.success ? parsed.data : undefined;
}

/** `POST users/login/second-factor` -> the session (and the recovery codes after an enrolment). */
export const logInSecondFactor = (body: SecondFactorLoginInput): Promise<SecondFactorToken> =>
  apiRequest('users/login/second-factor', {
    method: 'POST',
    body,
    schema: SecondFactorTokenSchema,
    withSession: false,
    endSessionOnUnauthorized: false,
  });

/** `POST users/login/enrolment` -> the key to set up, when the school requires two-factor. */
export const startLoginEnrolment = (challenge: string): Promise<Enrolment> =>
  apiRequest('users/login/enrolment', {
    method: 'POST',
    body: { challenge },
    schema: EnrolmentSchema,
    withSession: false,
    endSessionOnUnauthorized: false,
  });
