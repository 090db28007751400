import { z } from 'zod';
import { USER_TYPE, type UserType } from '../constants.js';
import { TokenSchema } from './users.js';

/**
 * Two-factor for staff (docs/decisions/0108-two-factor-for-staff.md): TOTP (RFC 6238) codes from an
 * authenticator app, ten one-time recovery codes, devices remembered for 30 days, and the
 * principal's switch that requires it of all staff.
 */

export const TWO_FACTOR = {
  /** RFC 6238's defaults, the ones every authenticator app reads: SHA-1, 6 digits, 30 seconds. */
  digits: 6,
  periodSeconds: 30,
  /** One step either side is accepted: a phone's clock a little off, a code typed as it turned. */
  driftSteps: 1,
  recoveryCodes: 10,
  rememberDays: 30,
  /** How long the answer of a right password waits for its second factor. */
  challengeMinutes: 10,
  /** The name authenticator apps show above the account. */
  issuer: 'Schoolyard',
} as const;

/** The non-family accounts: everyone but parents and pupils. */
export const STAFF_TYPES = [
  USER_TYPE.teacher,
  USER_TYPE.director,
  USER_TYPE.principal,
  USER_TYPE.hod,
  USER_TYPE.peon,
  USER_TYPE.guard,
  USER_TYPE.driver,
] as const satisfies readonly UserType[];
export const isStaffType = (type: string): boolean => (STAFF_TYPES as readonly string[]).includes(type);

/** English sentences of the API (the server's errors; the catalogs translate them). */
export const TWO_FACTOR_MESSAGES = {
  secondFactorRequired: 'Enter the code from your authenticator app.',
  enrolmentRequired: 'The school asks staff to turn on two-factor sign-in: set it up to continue.',
  challengeInvalid: 'This sign-in has expired. Please log in again.',
  codeInvalid: 'That code is not right, or it was used already. Please try the next one.',
  enterCode: 'Enter the 6-digit code.',
  enterRecoveryCode: 'Enter a recovery code.',
  codeOrRecovery: 'Enter either a code or a recovery code.',
  notEnabled: 'Two-factor sign-in is not turned on.',
  alreadyEnabled: 'Two-factor sign-in is on already.',
  requiredBySchool: 'The school requires two-factor sign-in for staff: it cannot be turned off.',
  staffOnly: 'Two-factor sign-in is for staff accounts.',
  ownReset: 'Your own two-factor sign-in is changed on your Sign-in security screen, not reset here.',
  staffAccount: 'That staff account',
} as const;

const SixDigitsSchema = z
  .string({ error: TWO_FACTOR_MESSAGES.enterCode })
  .trim()
  .regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.enterCode);

/** Recovery codes are typed with or without their dashes and in any case. */
const RecoveryCodeSchema = z
  .string({ error: TWO_FACTOR_MESSAGES.enterRecoveryCode })
  .trim()
  .min(1, TWO_FACTOR_MESSAGES.enterRecoveryCode)
  .max(40, TWO_FACTOR_MESSAGES.enterRecoveryCode);

/** A second factor: a code from the app, or one recovery code. */
const FactorFields = {
  code: SixDigitsSchema.optional(),
  recoveryCode: RecoveryCodeSchema.optional(),
};
const oneFactor = (value: { code?: string | undefined; recoveryCode?: string | undefined }) =>
  (value.code === undefined) !== (value.recoveryCode === undefined);

/**
 * `details` of the 401 SECOND_FACTOR_REQUIRED that `POST users/login` answers to a right password of
 * an account with two-factor: the challenge for the second call, and whether the account must first
 * set two-factor up (the school requires it and it has none).
 */
export const SecondFactorChallengeSchema = z.object({
  challenge: z.string(),
  enrol: z.boolean(),
});
export type SecondFactorChallenge = z.infer<typeof SecondFactorChallengeSchema>;

const ChallengeField = z.string().trim().min(1).max(100);

/** `POST users/login/second-factor`. */
export const SecondFactorLoginSchema = z
  .object({
    challenge: ChallengeField,
    ...FactorFields,
    rememberDevice: z.boolean().default(false),
  })
  .refine(oneFactor, { message: TWO_FACTOR_MESSAGES.codeOrRecovery, path: ['code'] });
export type SecondFactorLoginInput = z.input<typeof SecondFactorLoginSchema>;

/** The session; and the recovery codes when this call finished an enrolment. */
export const SecondFactorTokenSchema = TokenSchema.extend({
  recoveryCodes: z.array(z.string()).optional(),
});
export type SecondFactorToken = z.infer<typeof SecondFactorTokenSchema>;

/** `POST users/login/enrolment`: the challenge of an account that must set two-factor up. */
export const LoginEnrolmentSchema = z.object({ challenge: ChallengeField });

/** What the authenticator app needs: the secret as text, its otpauth:// link and a QR code of it. */
export const EnrolmentSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  /** An SVG picture as a data: URL. */
  qrCode: z.string(),
});
export type Enrolment = z.infer<typeof EnrolmentSchema>;

/** `GET two-factor`. */
export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  requiredForStaff: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

/** `POST two-factor/confirm`: the first code from the app. */
export const ConfirmCodeSchema = z.object({ code: SixDigitsSchema });
export type ConfirmCodeInput = z.input<typeof ConfirmCodeSchema>;

/** Turning off and new recovery codes: a current code or a recovery code. */
export const FactorSchema = z
  .object(FactorFields)
  .refine(oneFactor, { message: TWO_FACTOR_MESSAGES.codeOrRecovery, path: ['code'] });
export type FactorInput = z.input<typeof FactorSchema>;

export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/** `PUT two-factor/requirement` (the principal). */
export const RequirementSchema = z.object({ required: z.boolean() });
export type RequirementInput = z.input<typeof RequirementSchema>;

/**
 * The principal's reset of a staff member's two-factor
 * (docs/decisions/0116-the-principal-resets-two-factor.md): when, and the principal's name as it was.
 */
export const TwoFactorResetSchema = z.object({ at: z.string(), byName: z.string() });
export type TwoFactorReset = z.infer<typeof TwoFactorResetSchema>;

/** A staff account in the principal's list (`GET two-factor/staff`): two-factor on or off, the last reset. */
export const StaffTwoFactorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  type: z.enum(STAFF_TYPES),
  enabled: z.boolean(),
  lastReset: TwoFactorResetSchema.nullable(),
});
export type StaffTwoFactor = z.infer<typeof StaffTwoFactorSchema>;

/** `GET two-factor/staff`. */
export const StaffTwoFactorListSchema = z.object({ data: z.array(StaffTwoFactorSchema) });

/** `POST users/{id}/two-factor/reset`: the account as the list shows it now. */
export const StaffTwoFactorAnswerSchema = z.object({ data: StaffTwoFactorSchema });
