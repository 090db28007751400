import { z } from 'zod';
import { ACCOUNT_STATUSES, GENDERS, USER_TYPES } from '../constants.js';
import { isWebLink } from '../rules/web-link.js';
import { IdParamsSchema } from './ids.js';
import { PHONE_PATTERN, requiredText, tooLong } from './text-fields.js';
import { displayName, dobProblem, IMAGE_RULES, USER_LIMITS, USER_MESSAGES } from './user-form-fields.js';

export {
  displayName,
  dobProblem,
  IMAGE_RULES,
  USER_LIMITS,
  USER_MESSAGES,
  USER_WIRE_FIELDS,
} from './user-form-fields.js';

import { USER_ERROR_CODES } from './error-codes.js';

/**
 * The account calls of docs/contract/api.md#tag-accounts. The registration form in
 * the browser and `POST users` on the server validate with the same `RegistrationFieldsSchema`,
 * so a message is written once. Browser-safe: zod and our constants only.
 *
 * Field names here are the wire names (the product's spellings, docs/contract/product.md#spelling:
 * `degination`, `discription`,
 * `social_link`); the server maps them to its correctly named columns in one place.
 */

export const nameField = requiredText(USER_MESSAGES.enterName, 'The name', USER_LIMITS.name);
export const emailField = z
  .string({ error: USER_MESSAGES.enterEmail })
  .trim()
  .min(1, USER_MESSAGES.enterEmail)
  .max(USER_LIMITS.email, USER_MESSAGES.invalidEmail)
  .pipe(z.email(USER_MESSAGES.invalidEmail));
export const passwordField = z
  .string({ error: USER_MESSAGES.enterPassword })
  .min(USER_LIMITS.passwordMin, USER_MESSAGES.passwordTooShort)
  .max(USER_LIMITS.passwordMax, USER_MESSAGES.passwordTooLong);
const dobField = z
  .string({ error: USER_MESSAGES.enterDob })
  .trim()
  .superRefine((value, ctx) => {
    const problem = dobProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
const contactField = requiredText(USER_MESSAGES.enterContact, 'The phone number', USER_LIMITS.contact).regex(
  PHONE_PATTERN,
  USER_MESSAGES.contactInvalid,
);
/** Optional; empty means none. Only web links, since the profile shows it as a link. */
const socialLinkField = z
  .string()
  .trim()
  .max(USER_LIMITS.socialLink, tooLong('The link', USER_LIMITS.socialLink))
  .refine((v) => v === '' || isWebLink(v), USER_MESSAGES.socialLinkInvalid);

/**
 * The text fields of the registration form (docs/contract/product.md#records and
 * docs/contract/product.md#validation), without the photos.
 */

export const RegistrationFieldsSchema = z.object({
  name: nameField,
  degination: requiredText(USER_MESSAGES.enterDesignation, 'The designation', USER_LIMITS.designation),
  discription: requiredText(USER_MESSAGES.enterDescription, 'The description', USER_LIMITS.description),
  type: z.enum(USER_TYPES, { error: USER_MESSAGES.chooseType }),
  gender: z.enum(GENDERS, { error: USER_MESSAGES.chooseGender }),
  dob: dobField,
  address: requiredText(USER_MESSAGES.enterAddress, 'The address', USER_LIMITS.address),
  contact: contactField,
  email: emailField,
  password: passwordField,
  social_link: socialLinkField.optional(),
});
export type RegistrationFieldsInput = z.input<typeof RegistrationFieldsSchema>;
export type RegistrationFields = z.output<typeof RegistrationFieldsSchema>;

/** What the photo rules need of a file: a browser `File` fits, and so does the server's upload. */
export interface FileLike {
  name: string;
  size: number;
}

const isFileLike = (value: unknown): value is FileLike =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as FileLike).name === 'string' &&
  typeof (value as FileLike).size === 'number';

/**
 * The `images` of a form: 1 to 10 files of at most 5 MB each. Whether a file really is a picture
 * only the server can tell (it reads the content). `T` is `File` in the browser.
 */
/* @__NO_SIDE_EFFECTS__ */
export function imageFilesSchema<T extends FileLike = FileLike>() {
  return z
    .array(
      z.custom<T>(isFileLike, { error: USER_MESSAGES.notAFile }).meta({ type: 'string', format: 'binary' }),
      {
        error: USER_MESSAGES.addImage,
      },
    )
    .min(1, USER_MESSAGES.addImage)
    .max(IMAGE_RULES.maxFiles, USER_MESSAGES.tooManyImages)
    .superRefine((files, ctx) => {
      const large = files.filter((file) => file.size > IMAGE_RULES.maxBytes);
      if (large.length === 0) return;
      const names = large.map((file) => displayName(file.name)).join(', ');
      ctx.addIssue({
        code: 'custom',
        message: `${names} ${large.length === 1 ? 'is' : 'are'} larger than ${IMAGE_RULES.maxBytes / 1024 / 1024} MB`,
      });
    });
}

/**
 * `PUT users/profile`: every registration field but type and password, each optional (a field
 * that is sent replaces the stored value; `social_link: ''` clears the link). To change the
 * password send `currentPassword` and `newPassword`; empty strings count as not sent, as a form
 * with untouched password inputs sends them. Photos, when sent, replace all the old ones.
 */
export const ProfileUpdateObjectSchema = RegistrationFieldsSchema.omit({ type: true, password: true })
  .partial()
  .extend({
    currentPassword: z.string().max(USER_LIMITS.passwordMax, USER_MESSAGES.wrongCurrentPassword).optional(),
    newPassword: z
      .string()
      .max(USER_LIMITS.passwordMax, USER_MESSAGES.passwordTooLong)
      .refine((v) => v === '' || v.length >= USER_LIMITS.passwordMin, USER_MESSAGES.passwordTooShort)
      .optional(),
  });

/**
 * A new password needs the current one (added last: zod cannot extend a refined object). The rest
 * of the rule needs the stored email: `credentialChangeProblem`.
 */
/* @__NO_SIDE_EFFECTS__ */
export function requirePasswordPair<T extends z.ZodType<{ currentPassword?: string; newPassword?: string }>>(
  schema: T,
) {
  return schema.superRefine((value, ctx) => {
    const { currentPassword = '', newPassword = '' } = value as {
      currentPassword?: string;
      newPassword?: string;
    };
    if (newPassword !== '' && currentPassword === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['currentPassword'],
        message: USER_MESSAGES.enterCurrentPassword,
      });
    }
  });
}

/**
 * Changing one's email or password needs the current password, so that someone at a screen left
 * logged in cannot take the account over. The rule needs the stored email, so it runs beside the
 * schema: on the server before anything is saved, in the profile form before it is sent.
 * A current password with nothing to confirm asks for the new password.
 */
export function credentialChangeProblem(
  input: { email?: string; currentPassword?: string; newPassword?: string },
  storedEmail: string,
): { field: 'currentPassword' | 'newPassword'; message: string } | undefined {
  const hasCurrent = (input.currentPassword ?? '') !== '';
  const changesPassword = (input.newPassword ?? '') !== '';
  const changesEmail =
    input.email !== undefined && input.email.trim().toLowerCase() !== storedEmail.trim().toLowerCase();
  if (hasCurrent) {
    return changesEmail || changesPassword
      ? undefined
      : { field: 'newPassword', message: USER_MESSAGES.enterNewPassword };
  }
  if (changesPassword) return { field: 'currentPassword', message: USER_MESSAGES.enterCurrentPassword };
  if (changesEmail) return { field: 'currentPassword', message: USER_MESSAGES.currentPasswordForEmail };
  return undefined;
}

export const ProfileUpdateFieldsSchema = requirePasswordPair(ProfileUpdateObjectSchema);

export type ProfileUpdateFieldsInput = z.input<typeof ProfileUpdateFieldsSchema>;
export type ProfileUpdateFields = z.output<typeof ProfileUpdateFieldsSchema>;

/** `POST users/login`. Only presence is checked: a malformed email is simply not known. */
export const LoginSchema = z.object({
  email: z
    .string({ error: USER_MESSAGES.enterEmail })
    .trim()
    .min(1, USER_MESSAGES.enterEmail)
    .max(USER_LIMITS.email, USER_MESSAGES.invalidEmail),
  password: z
    .string({ error: USER_MESSAGES.enterPassword })
    .min(1, USER_MESSAGES.enterPassword)
    .max(USER_LIMITS.passwordMax, USER_MESSAGES.passwordTooLong),
});
export type LoginInput = z.input<typeof LoginSchema>;

export const TokenSchema = z.object({ token: z.string() });
export type Token = z.infer<typeof TokenSchema>;

/**
 * Approving an account of type Principle makes a second principal, who can do all the first can
 * (every family's data, every account): `PATCH users/{id}/status` then needs the approving
 * principal's own password again (docs/decisions/0041-first-start-of-a-real-school.md).
 */
export const SECOND_PRINCIPAL = {
  codes: {
    /** 403: no `password` was sent with the approval of a Principle. */
    passwordRequired: USER_ERROR_CODES.principalApprovalPasswordRequired,
    /** 403: the `password` sent is not the approving principal's. */
    wrongPassword: USER_ERROR_CODES.principalApprovalPasswordWrong,
  },
  warning:
    'Approving this account makes a second principal, who can see and change everything you can: every family’s data and every account.',
  passwordRequired: 'Approving a principal needs your own password: enter it to confirm.',
  wrongPassword: 'That is not your password, so the principal was not approved.',
} as const;

/** `PATCH users/{id}/status`: the principal's decision; approving a Principle carries the approver's `password`. */
export const StatusChangeSchema = z.object({
  status: z.enum(['active', 'rejected'], { error: USER_MESSAGES.chooseStatus }),
  password: z
    .string({ error: SECOND_PRINCIPAL.passwordRequired })
    .max(USER_LIMITS.passwordMax, USER_MESSAGES.passwordTooLong)
    .optional(),
});
export type StatusChange = z.infer<typeof StatusChangeSchema>;

/** `users/{id}`. */
export const UserIdParamsSchema = IdParamsSchema;

/** `GET users?status=pending&type=Teacher`: both filters optional. */
export const UserListQuerySchema = z.object({
  status: z.enum(ACCOUNT_STATUSES, { error: 'Status must be pending, active or rejected' }).optional(),
  type: z.enum(USER_TYPES, { error: USER_MESSAGES.chooseType }).optional(),
});
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

/** A user as the API shows one (docs/contract/api.md): `image` is relative to `/uploads/`, null when none. */
export const UserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  degination: z.string(),
  discription: z.string(),
  type: z.enum(USER_TYPES),
  gender: z.string(),
  dob: z.string(),
  address: z.string(),
  contact: z.string(),
  email: z.string(),
  /** Empty when the user gave none. */
  socialLink: z.string(),
  image: z.string().nullable(),
});
export type User = z.infer<typeof UserSchema>;

export const UserWithStatusSchema = UserSchema.extend({ status: z.enum(ACCOUNT_STATUSES) });
export type UserWithStatus = z.infer<typeof UserWithStatusSchema>;

/**
 * A pupil that may be a child a registering parent named: same date of birth, or the same name
 * (docs/decisions/0021-families.md). Written here, not in family.ts, because family.ts reads this
 * file and the review row below needs it; family.ts exports it too.
 */
export const SuggestedPupilSchema = z.object({
  studentId: z.number().int(),
  studentName: z.string(),
  dob: z.string(),
  className: z.string().nullable(),
});
export type SuggestedPupil = z.infer<typeof SuggestedPupilSchema>;

/** In the principal's review list (`GET users`), a Parent's named children with the pupils that may be them. */
export const ReviewChildSchema = z.object({
  name: z.string(),
  dob: z.string(),
  matches: z.array(SuggestedPupilSchema),
});
export type ReviewChild = z.infer<typeof ReviewChildSchema>;

/**
 * A row of the principal's list: when the account was made and every photo, for reviewing; for a
 * Parent, the children they named (empty for everyone else).
 */
export const UserForReviewSchema = UserWithStatusSchema.extend({
  createdAt: z.string(),
  photos: z.array(z.string()),
  // A default, so answers of a server from before families still read.
  children: z.array(ReviewChildSchema).default([]),
});
export type UserForReview = z.infer<typeof UserForReviewSchema>;

export const RegisteredUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  type: z.enum(USER_TYPES),
  status: z.literal('pending'),
});
export type RegisteredUser = z.infer<typeof RegisteredUserSchema>;
/** The answer of `POST users`. */
export const RegisteredUserAnswerSchema = z.object({ data: RegisteredUserSchema });

export const TeacherOptionSchema = z.object({ id: z.number().int(), name: z.string() });
export type TeacherOption = z.infer<typeof TeacherOptionSchema>;
