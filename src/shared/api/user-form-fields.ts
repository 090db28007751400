import { GENDERS, MESSAGES, USER_TYPES } from '../constants.js';

/*
 * The account forms' limits and messages (registration, log-in, profile), without their zod schemas
 * (users.ts, which re-exports all of this): the registration and log-in pages show these from their
 * first JavaScript, and load the schemas only when a form is first checked
 * (docs/decisions/0035-lean-public-pages.md).
 */

export const USER_LIMITS = {
  name: 100,
  designation: 100,
  description: 2000,
  address: 300,
  contact: 30,
  email: 254,
  socialLink: 300,
  passwordMin: 8,
  passwordMax: 128,
} as const;

/** Photos of `POST users` and `PUT users/profile` (the server's multipart limits match). */
export const IMAGE_RULES = {
  field: 'images',
  maxFiles: 10,
  maxBytes: 5 * 1024 * 1024,
  /** For `<input type="file" accept>`; the server checks the content, not the type. */
  accept: 'image/*',
} as const;

export const USER_MESSAGES = {
  enterName: MESSAGES.enterName,
  enterDesignation: 'Please enter your designation',
  enterDescription: 'Please write a few words about yourself',
  chooseType: `Please choose a user type (${USER_TYPES.join(', ')})`,
  chooseGender: `Please choose a gender (${GENDERS.join(', ')})`,
  enterDob: 'Please enter your date of birth',
  dobFormat: 'Please enter the date of birth as YYYY-MM-DD',
  dobNotADate: 'That date does not exist',
  dobInFuture: 'The date of birth must be in the past',
  dobTooEarly: 'Please check the year of birth',
  enterAddress: 'Please enter your address',
  enterContact: 'Please enter a phone number',
  contactInvalid: 'Please enter a phone number: digits, spaces and + - ( ) only',
  enterEmail: MESSAGES.enterEmail,
  invalidEmail: 'Please enter a valid email',
  enterPassword: 'Please enter a password',
  passwordTooShort: `The password must be at least ${USER_LIMITS.passwordMin} characters`,
  passwordTooLong: `The password must be at most ${USER_LIMITS.passwordMax} characters`,
  socialLinkInvalid: 'Please enter a full link starting with https://',
  addImage: 'Please add at least one photo',
  notAFile: 'Please choose photo files',
  tooManyImages: `Please choose at most ${IMAGE_RULES.maxFiles} photos`,
  imageTooLarge: `Each photo must be at most ${IMAGE_RULES.maxBytes / 1024 / 1024} MB`,
  enterCurrentPassword: 'Please enter your current password to set a new one',
  currentPasswordForEmail: 'Please enter your current password to change your email',
  wrongCurrentPassword: 'Your current password is not correct',
  enterNewPassword: 'Please enter the new password',
  emailTaken: 'An account with this email already exists.',
  tooManyEmailChanges: 'You have changed your email too often in the last hour.',
  invalidCredentials: 'Wrong email or password.',
  accountPending: "Your account is waiting for the principal's approval.",
  accountRejected: 'Your registration was not approved. Please contact the school office.',
  chooseStatus: 'Please choose active or rejected',
} as const;

/** Why `value` is not an acceptable date of birth, or undefined when it is one. */
export function dobProblem(value: string, today: Date = new Date()): string | undefined {
  if (value === '') return USER_MESSAGES.enterDob;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return USER_MESSAGES.dobFormat;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return USER_MESSAGES.dobNotADate;
  }
  if (year < 1900) return USER_MESSAGES.dobTooEarly;
  if (value >= today.toISOString().slice(0, 10)) return USER_MESSAGES.dobInFuture;
  return undefined;
}

/** A file name short enough for a message. */
export const displayName = (name: string): string =>
  name.length > 60 ? `${name.slice(0, 57)}...` : name || 'The file';

/**
 * The account fields whose JSON names are the original product's misspellings
 * (docs/contract/product.md#records): our name -> the wire's. Only the
 * edges use the wire's (these schemas, the server's rows, the bodies the web client sends and reads).
 */
export const USER_WIRE_FIELDS = {
  designation: 'degination',
  description: 'discription',
  socialLink: 'social_link',
} as const;
