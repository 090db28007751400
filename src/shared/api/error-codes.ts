/**
 * Every `code` an error answer of the API may carry (docs/contract/api.md#errors), one list per
 * feature. `ErrorBodySchema.code` is the union of them, the server's `HttpError` takes only these,
 * and the client tells errors apart by these codes, never by their message (the sentence is for
 * people and may change; scripts/error-comparisons.test.ts keeps the client to it).
 *
 * No zod here: the web app's api client needs the codes, not a schema.
 */

/** Codes any call may answer: the error handler's, the guards' and the upload plugin's. */
export const COMMON_ERROR_CODES = {
  /** 400: the input is not valid; `details` has one entry per field. */
  validationFailed: 'VALIDATION_FAILED',
  /** 400: a request Fastify could not read (bad JSON, a bad header). */
  badRequest: 'BAD_REQUEST',
  /** 400: a multipart form that could not be read. */
  malformedForm: 'MALFORMED_FORM',
  /** 400: the upload stopped before its end. */
  uploadAbandoned: 'UPLOAD_ABANDONED',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  /** 408: the body arrived too slowly. */
  requestTimeout: 'REQUEST_TIMEOUT',
  /** 413: the request, or a form's fields or parts, too large. */
  tooLarge: 'TOO_LARGE',
  /** 413: one uploaded file too large; `details` names the field. */
  fileTooLarge: 'FILE_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  /** 429: the rate limit of a route; `Retry-After` says how long to wait. */
  tooManyRequests: 'TOO_MANY_REQUESTS',
  /** 500: anything unexpected; the message says nothing more. */
  internal: 'INTERNAL',
} as const;

/** `GET /api/ready`'s 503s. */
export const HEALTH_ERROR_CODES = {
  shuttingDown: 'SHUTTING_DOWN',
  databaseUnavailable: 'DATABASE_UNAVAILABLE',
  migrationsPending: 'MIGRATIONS_PENDING',
} as const;

export const SETUP_ERROR_CODES = {
  /** Any other call before set-up: 503, the site is being set up. */
  required: 'SETUP_REQUIRED',
  /** The link's token is unknown: used already, replaced by a newer start's, or cut short. */
  linkInvalid: 'SETUP_LINK_INVALID',
} as const;

/** Log-in and password reset. */
export const AUTH_ERROR_CODES = {
  invalidCredentials: 'INVALID_CREDENTIALS',
  accountPending: 'ACCOUNT_PENDING',
  accountRejected: 'ACCOUNT_REJECTED',
  tooManyAttempts: 'TOO_MANY_ATTEMPTS',
  tooManyResets: 'TOO_MANY_RESETS',
  /** The reset link is unknown, used up or expired. */
  resetLinkInvalid: 'RESET_LINK_INVALID',
  /** 403: an archived account (docs/decisions/0091-the-year-rollover.md) only reads, and only for a while. */
  accountArchived: 'ACCOUNT_ARCHIVED',
  /** 403: staff sign in with the school's provider (docs/decisions/0107-sign-in-with-the-schools-provider.md). */
  ssoRequired: 'SSO_REQUIRED',
} as const;

/** Accounts and profiles. */
export const USER_ERROR_CODES = {
  emailTaken: 'EMAIL_TAKEN',
  /** A principal may not change the status of, delete, or reset the two-factor of their own account. */
  ownAccount: 'OWN_ACCOUNT',
  tooManyEmailChanges: 'TOO_MANY_EMAIL_CHANGES',
  /** 403: no `password` was sent with the approval of a Principle. */
  principalApprovalPasswordRequired: 'PRINCIPAL_APPROVAL_PASSWORD_REQUIRED',
  /** 403: the `password` sent is not the approving principal's. */
  principalApprovalPasswordWrong: 'PRINCIPAL_APPROVAL_PASSWORD_WRONG',
} as const;

export const BACKUP_ERROR_CODES = {
  /** 403: the password sent with a backup download is not the principal's. */
  wrongPassword: 'WRONG_PASSWORD',
} as const;

/** Classes, subjects and the other lists a school keeps. */
export const CATALOG_ERROR_CODES = {
  nameTaken: 'NAME_TAKEN',
  inUse: 'IN_USE',
} as const;

export const TIMETABLE_ERROR_CODES = {
  scheduleClash: 'SCHEDULE_CLASH',
} as const;

export const PUPIL_ERROR_CODES = {
  enrolmentChanged: 'ENROLMENT_CHANGED',
  importInvalid: 'IMPORT_INVALID',
  /** An email of the import was registered meanwhile. */
  emailTaken: 'EMAIL_TAKEN',
} as const;

export const FAMILY_ERROR_CODES = {
  alreadyLinked: 'ALREADY_LINKED',
  /** 409: an archive of the child's data is being made for the caller already (docs/decisions/0109-a-familys-data-on-request.md). */
  exportUnderWay: 'EXPORT_UNDER_WAY',
  /** 404: a download link that is unknown or has expired. */
  exportLinkInvalid: 'EXPORT_LINK_INVALID',
} as const;

/** The check-in and check-out of the day's care, and the pick-up photos. */
export const CARE_ERROR_CODES = {
  alreadyIn: 'ALREADY_IN',
  notIn: 'NOT_IN',
  unknownCollector: 'UNKNOWN_COLLECTOR',
  notInAClass: 'NOT_IN_A_CLASS',
  tooManyUploads: 'TOO_MANY_UPLOADS',
} as const;

export const FEE_ERROR_CODES = {
  /** 409: the payment's credit would take the pupil's credit above MAX_AMOUNT; details `{ credit, maximum }`. */
  creditAboveMaximum: 'CREDIT_ABOVE_MAXIMUM',
  /** 409: a payment larger than the invoice's outstanding amount (without taking it as credit). */
  aboveOutstanding: 'ABOVE_OUTSTANDING',
  planHasInvoices: 'PLAN_HAS_INVOICES',
  discountBelowPaid: 'DISCOUNT_BELOW_PAID',
  alreadyCancelled: 'ALREADY_CANCELLED',
  invoiceHasPayments: 'INVOICE_HAS_PAYMENTS',
  invoiceCancelled: 'INVOICE_CANCELLED',
  alreadyVoided: 'ALREADY_VOIDED',
  nothingOwed: 'NOTHING_OWED',
  noGuardianEmail: 'NO_GUARDIAN_EMAIL',
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
} as const;

export const MEDIA_ERROR_CODES = {
  /** 409: the picture is used by records; details list them. */
  inUse: 'MEDIA_IN_USE',
} as const;

/** The website editor's content calls. */
export const CONTENT_ERROR_CODES = {
  /** 503: a preview needs the built web app's page renderer (npm run build), which this server lacks. */
  previewUnavailable: 'PREVIEW_UNAVAILABLE',
} as const;

/** The outbox of mails. */
export const MAIL_ERROR_CODES = {
  notFailed: 'NOT_FAILED',
  linkGone: 'LINK_GONE',
} as const;

export const NEWSLETTER_ERROR_CODES = {
  /** The confirm or unsubscribe link is unknown. */
  linkInvalid: 'LINK_INVALID',
  noSubscribers: 'NO_SUBSCRIBERS',
} as const;

/** The daily log (docs/decisions/0078-the-daily-log.md). */
export const DAY_LOG_ERROR_CODES = {
  alreadyAcknowledged: 'ALREADY_ACKNOWLEDGED',
} as const;

/** The school calendar (docs/decisions/0086-the-school-calendar.md). */
export const CALENDAR_ERROR_CODES = {
  /** 409: a cancelled entry is kept as it was, for the feeds. */
  entryCancelled: 'ENTRY_CANCELLED',
} as const;

/** The year rollover (docs/decisions/0091-the-year-rollover.md); all 409s. */
export const ROLLOVER_ERROR_CODES = {
  /** A class with pupils has no next class and is not marked as leaving; details name it. */
  classNotMapped: 'CLASS_NOT_MAPPED',
  noCurrentYear: 'NO_CURRENT_YEAR',
  /** The new year is the current one or does not start after the current one ends. */
  yearNotNext: 'YEAR_NOT_NEXT',
  /** The current year was rolled over already, or the new year was rolled into. */
  alreadyRolledOver: 'ALREADY_ROLLED_OVER',
} as const;

/** Retention and erasure (docs/decisions/0110-retention-and-erasure.md). */
export const RETENTION_ERROR_CODES = {
  /** 409: an erasure asked for a pupil still at the school. */
  stillEnrolled: 'STILL_ENROLLED',
} as const;

/** Forms and permission slips (docs/decisions/0099-forms-and-permission-slips.md). */
export const SCHOOL_FORM_ERROR_CODES = {
  /** 409: the form was sent already; only a draft is changed, sent or deleted. */
  notDraft: 'FORM_NOT_DRAFT',
  /** 409: a draft or closed form is not closed or reminded of. */
  notSent: 'FORM_NOT_SENT',
  /** 409: the due date has passed or the form is closed: answers are kept as they are. */
  notOpen: 'FORM_NOT_OPEN',
} as const;

/** The register (docs/decisions/0088-closed-days.md). */
export const ATTENDANCE_ERROR_CODES = {
  /** 409: the calendar closes the class that day; no register is taken. */
  classClosed: 'CLASS_CLOSED',
} as const;

/** Photo moments (docs/decisions/0083-taking-down-a-photo-moment.md). */
export const PHOTO_MOMENT_ERROR_CODES = {
  /** 403: the caller sees the moment but may not take it down (only its poster and the principal may). */
  notYours: 'NOT_YOURS',
} as const;

/** School years and their terms (docs/decisions/0085-school-years-and-terms.md); all 409s. */
export const SCHOOL_YEAR_ERROR_CODES = {
  /** Another year or term has this name in the same scope. */
  nameTaken: 'NAME_TAKEN',
  /** The dates meet another year's, or another term's of the same year; details name it. */
  datesOverlap: 'DATES_OVERLAP',
  /** A term (or a year's new dates, for one of its terms) not within its year. */
  termOutsideYear: 'TERM_OUTSIDE_YEAR',
  /** The current year cannot be deleted. */
  currentYear: 'CURRENT_YEAR',
  /** A year or term used by fee plans cannot be deleted. */
  inUse: 'IN_USE',
  /** A year has its most terms already. */
  tooManyTerms: 'TOO_MANY_TERMS',
} as const;

/** The admissions pipeline (docs/decisions/0102-the-admissions-pipeline.md); all 409s. */
export const ADMISSIONS_ERROR_CODES = {
  /** The transition table (shared/rules/admission-stages.ts) does not list the move. */
  moveNotAllowed: 'MOVE_NOT_ALLOWED',
  /** The offer's reply deadline has passed. */
  offerExpired: 'OFFER_EXPIRED',
  /** The offer was answered already, or withdrawn. */
  offerClosed: 'OFFER_CLOSED',
  /** The application was sent: the family can no longer change it (docs/decisions/0103-the-application-families-fill-in.md). */
  applicationSent: 'APPLICATION_SENT',
  /** The case is closed or enrolled: its application links no longer open it. */
  applicationClosed: 'APPLICATION_CLOSED',
} as const;

/** The enrolment of an accepted case (docs/decisions/0104-enrolment-in-one-step.md); all 409s, nothing changed. */
export const ENROLMENT_ERROR_CODES = {
  /** The case is not at "accepted" (or was enrolled meanwhile). */
  caseNotAccepted: 'CASE_NOT_ACCEPTED',
  /** The family has not sent its application. */
  noApplication: 'NO_APPLICATION',
  /**
   * The class has no free seat for the year of the start date; also an offer's acceptance when the
   * seats were taken meanwhile (an accepted offer holds a seat).
   */
  classFull: 'CLASS_FULL',
  /** A guardian's email (or the pupil's) belongs to an account that is not a Parent; details name it. */
  emailNotAParent: 'EMAIL_NOT_A_PARENT',
  /** The pupil's sign-in email belongs to an account already. */
  pupilEmailTaken: 'PUPIL_EMAIL_TAKEN',
  /** No school year holds the start date. */
  noYear: 'NO_SCHOOL_YEAR',
} as const;

/** Two-factor for staff (docs/decisions/0108-two-factor-for-staff.md). */
export const TWO_FACTOR_ERROR_CODES = {
  /** 401 of a right password: no session yet; `details` holds the challenge for the second factor. */
  secondFactorRequired: 'SECOND_FACTOR_REQUIRED',
  /** 401: the challenge is unknown, used or expired: log in again. */
  challengeInvalid: 'CHALLENGE_INVALID',
  /** 401 at sign-in, 403 when signed in: the code or recovery code is wrong, or used already. */
  codeInvalid: 'CODE_INVALID',
  /** 409: turning on what is on, or off what is off. */
  twoFactorState: 'TWO_FACTOR_STATE',
  /** 409: the school requires it of staff: it stays on. */
  requiredBySchool: 'TWO_FACTOR_REQUIRED_BY_SCHOOL',
} as const;

/** The principal's sign-in provider (docs/decisions/0114-the-principal-sets-the-sign-in-provider.md). */
export const SSO_ERROR_CODES = {
  /** 409: the server's environment names the provider: its connection is not the screen's to change. */
  setByEnvironment: 'SSO_SET_BY_ENVIRONMENT',
  /** 409: a check with no address given, and no provider in use to check. */
  noProvider: 'SSO_NO_PROVIDER',
} as const;

type CodesOf<T> = T[keyof T];

/** Every code the server may send. */
export type ErrorCode =
  | CodesOf<typeof COMMON_ERROR_CODES>
  | CodesOf<typeof HEALTH_ERROR_CODES>
  | CodesOf<typeof SETUP_ERROR_CODES>
  | CodesOf<typeof AUTH_ERROR_CODES>
  | CodesOf<typeof USER_ERROR_CODES>
  | CodesOf<typeof BACKUP_ERROR_CODES>
  | CodesOf<typeof CATALOG_ERROR_CODES>
  | CodesOf<typeof TIMETABLE_ERROR_CODES>
  | CodesOf<typeof PUPIL_ERROR_CODES>
  | CodesOf<typeof FAMILY_ERROR_CODES>
  | CodesOf<typeof CARE_ERROR_CODES>
  | CodesOf<typeof FEE_ERROR_CODES>
  | CodesOf<typeof MEDIA_ERROR_CODES>
  | CodesOf<typeof CONTENT_ERROR_CODES>
  | CodesOf<typeof MAIL_ERROR_CODES>
  | CodesOf<typeof NEWSLETTER_ERROR_CODES>
  | CodesOf<typeof DAY_LOG_ERROR_CODES>
  | CodesOf<typeof PHOTO_MOMENT_ERROR_CODES>
  | CodesOf<typeof SCHOOL_YEAR_ERROR_CODES>
  | CodesOf<typeof CALENDAR_ERROR_CODES>
  | CodesOf<typeof ROLLOVER_ERROR_CODES>
  | CodesOf<typeof ATTENDANCE_ERROR_CODES>
  | CodesOf<typeof SCHOOL_FORM_ERROR_CODES>
  | CodesOf<typeof ADMISSIONS_ERROR_CODES>
  | CodesOf<typeof ENROLMENT_ERROR_CODES>
  | CodesOf<typeof RETENTION_ERROR_CODES>
  | CodesOf<typeof TWO_FACTOR_ERROR_CODES>
  | CodesOf<typeof SSO_ERROR_CODES>;

/** The codes as one sorted list without repeats (the enum of `ErrorBodySchema.code`). */
export const ERROR_CODES = [
  ...new Set(
    [
      COMMON_ERROR_CODES,
      HEALTH_ERROR_CODES,
      SETUP_ERROR_CODES,
      AUTH_ERROR_CODES,
      USER_ERROR_CODES,
      BACKUP_ERROR_CODES,
      CATALOG_ERROR_CODES,
      TIMETABLE_ERROR_CODES,
      PUPIL_ERROR_CODES,
      FAMILY_ERROR_CODES,
      CARE_ERROR_CODES,
      FEE_ERROR_CODES,
      MEDIA_ERROR_CODES,
      CONTENT_ERROR_CODES,
      MAIL_ERROR_CODES,
      NEWSLETTER_ERROR_CODES,
      DAY_LOG_ERROR_CODES,
      PHOTO_MOMENT_ERROR_CODES,
      SCHOOL_YEAR_ERROR_CODES,
      CALENDAR_ERROR_CODES,
      ROLLOVER_ERROR_CODES,
      ATTENDANCE_ERROR_CODES,
      SCHOOL_FORM_ERROR_CODES,
      ADMISSIONS_ERROR_CODES,
      ENROLMENT_ERROR_CODES,
      RETENTION_ERROR_CODES,
      TWO_FACTOR_ERROR_CODES,
      SSO_ERROR_CODES,
    ].flatMap((codes): ErrorCode[] => Object.values(codes)),
  ),
].sort() as [ErrorCode, ...ErrorCode[]];

const KNOWN = new Set<string>(ERROR_CODES);
export const isErrorCode = (code: unknown): code is ErrorCode => typeof code === 'string' && KNOWN.has(code);
