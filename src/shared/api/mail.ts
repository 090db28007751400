import { z } from 'zod';
import { pageNumberSchema } from './ids.js';
import { passwordField } from './users.js';

/**
 * Email (docs/decisions/0022-email-outbox.md): the calls of password reset, the principal's Outbox,
 * the mail settings, the newsletter's double opt-in and the newsletters the principal sends. The
 * browser's forms and the server check the same bodies with these schemas.
 */

/** What caused a mail; the Outbox shows and filters by it. */
export const MAIL_KINDS = [
  'password-reset',
  'account-approved',
  'account-rejected',
  'absence-alert',
  'absence-correction',
  'notification',
  'newsletter-confirm',
  'newsletter',
  'fee-reminder',
  'blog-comment',
  'school-form',
  'school-form-reminder',
  'admission-visit',
  'admission-offer',
  'admission-waiting',
  'admission-application',
  'account-invite',
  'admission-enrolled',
  'data-export',
  'two-factor-reset',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAIL_KIND_LABELS: Readonly<Record<MailKind, string>> = {
  'password-reset': 'Password reset',
  'account-approved': 'Account approved',
  'account-rejected': 'Account rejected',
  'absence-alert': 'Absence alert',
  'absence-correction': 'Absence correction',
  notification: 'Notification',
  'newsletter-confirm': 'Newsletter confirmation',
  newsletter: 'Newsletter',
  'fee-reminder': 'Fee reminder',
  'blog-comment': 'Blog comment waiting',
  'school-form': 'Form to answer',
  'school-form-reminder': 'Form reminder',
  'admission-visit': 'Admission: visit booked',
  'admission-offer': 'Admission: offer of a seat',
  'admission-waiting': 'Admission: waiting list',
  'admission-application': 'Admission: application link',
  'account-invite': 'Account: set your password',
  'admission-enrolled': 'Admission: child enrolled',
  'data-export': 'A family’s data archive',
  'two-factor-reset': 'Two-step sign-in reset',
};

/**
 * A mail's state as the Outbox shows it. `sending` is a sender's claim in progress; the Outbox counts
 * it as waiting.
 */
export const MAIL_STATUSES = ['waiting', 'sending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const MAIL_STATUS_LABELS: Readonly<Record<MailStatus, string>> = {
  waiting: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

/** How long a password-reset link works, in minutes. */
export const PASSWORD_RESET_MINUTES = 30;

export { FORGOT_PASSWORD_PATH, MAIL_LINK_PATHS } from '../mail-links.js';

export const MAIL_MESSAGES = {
  enterEmail: 'Please enter your email',
  invalidEmail: 'Please enter a valid email',
  /** The one answer of `POST users/password-reset`, whatever the email. */
  resetRequested:
    'If an account uses that email, a link to set a new password is on its way. It works for 30 minutes.',
  resetLinkInvalid:
    'This link to set a new password has expired or was used already. Please ask for a new one.',
  passwordReset: 'Your new password is set. Please log in with it.',
  tooManyResets: (minutes: number) =>
    `Too many requests for a new password. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
  confirmLinkInvalid: 'This confirmation link is not valid. Please subscribe again from the footer.',
  subscriptionConfirmed: 'Thank you! Your subscription to the newsletter is confirmed.',
  unsubscribeLinkInvalid: 'This unsubscribe link is not valid, or the address was removed already.',
  unsubscribed: 'You are unsubscribed. You will receive no more newsletters from us.',
  enterSubject: 'Please enter a subject',
  subjectTooLong: 'The subject must be at most 200 characters',
  enterText: 'Please write the newsletter',
  textTooLong: 'The newsletter must be at most 20000 characters',
  noSubscribers: 'Nobody has confirmed a subscription yet, so there is no one to send to.',
  notFailed: 'Only a failed mail can be sent again.',
  linkGone:
    'This mail cannot be sent again: the key of its link was removed when it failed. Its recipient can ask for a new one.',
} as const;

export const NEWSLETTER_LIMITS = { subject: 200, text: 20_000 } as const;

const emailField = z
  .string({ error: MAIL_MESSAGES.enterEmail })
  .trim()
  .min(1, MAIL_MESSAGES.enterEmail)
  .pipe(z.email(MAIL_MESSAGES.invalidEmail).max(254, MAIL_MESSAGES.invalidEmail));

/** A token from a mail's link: base64url, bounded (anything else is simply not a valid link). */
const linkToken = z.string({ error: MAIL_MESSAGES.resetLinkInvalid }).trim().min(1).max(200);

/** `POST users/password-reset`. */
export const PasswordResetRequestSchema = z.object({ email: emailField });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

/** `POST users/password-reset` answers 202 with this body, for every email. */
export const PasswordResetRequestedSchema = z.object({
  data: z.object({ message: z.literal(MAIL_MESSAGES.resetRequested) }),
});

/** `POST users/password-reset/confirm`: the token from the link and the new password (usual rules). */
export const PasswordResetConfirmSchema = z.object({
  token: linkToken,
  password: passwordField,
});
export type PasswordResetConfirm = z.infer<typeof PasswordResetConfirmSchema>;

/** The reset screen's form: the password twice. */
export const NewPasswordFormSchema = z
  .object({ password: passwordField, repeat: z.string() })
  .refine((v) => v.password === v.repeat, {
    path: ['repeat'],
    message: 'The two passwords are not the same',
  });

export const PasswordResetDoneSchema = z.object({
  data: z.object({ message: z.literal(MAIL_MESSAGES.passwordReset) }),
});

/** `POST newsletter/confirm` and `POST newsletter/unsubscribe`: the token from the mail's link. */
export const NewsletterTokenSchema = z.object({ token: linkToken });

/** `POST admin/newsletters`: what the principal sends to every confirmed subscriber. */
export const NewsletterIssueInputSchema = z.object({
  subject: z
    .string({ error: MAIL_MESSAGES.enterSubject })
    .trim()
    .min(1, MAIL_MESSAGES.enterSubject)
    .max(NEWSLETTER_LIMITS.subject, MAIL_MESSAGES.subjectTooLong)
    .refine((v) => !/[\r\n]/.test(v), 'The subject must be on one line'),
  text: z
    .string({ error: MAIL_MESSAGES.enterText })
    .trim()
    .min(1, MAIL_MESSAGES.enterText)
    .max(NEWSLETTER_LIMITS.text, MAIL_MESSAGES.textTooLong),
});
export type NewsletterIssueInput = z.infer<typeof NewsletterIssueInputSchema>;

/** A sent newsletter, in `GET admin/newsletters` (newest first) and the answer of `POST`. */
export const NewsletterIssueSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  text: z.string(),
  sentBy: z.string(),
  recipients: z.number().int(),
  createdAt: z.string(),
});
export type NewsletterIssue = z.infer<typeof NewsletterIssueSchema>;

/** `GET admin/outbox` query: a page of mails, newest first, optionally of one state. */
export const OutboxQuerySchema = z.object({
  status: z.enum(['waiting', 'sent', 'failed']).optional(),
  page: pageNumberSchema(),
});
export type OutboxQuery = z.infer<typeof OutboxQuerySchema>;
export const OUTBOX_PAGE_SIZE = 50;

/** One mail in the Outbox list. */
export const OutboxMailSchema = z.object({
  id: z.number().int(),
  kind: z.enum(MAIL_KINDS),
  to: z.string(),
  toName: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  /** Why the last try failed (null when none did). */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** When the sender tries next (waiting mails). */
  nextAttemptAt: z.string(),
});
export type OutboxMail = z.infer<typeof OutboxMailSchema>;

/** `GET admin/outbox`. `sending` tells whether mail leaves the machine (SMTP_URL is set). */
export const OutboxPageSchema = z.object({
  data: z.array(OutboxMailSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  counts: z.object({ waiting: z.number().int(), sent: z.number().int(), failed: z.number().int() }),
  sending: z.boolean(),
});
export type OutboxPage = z.infer<typeof OutboxPageSchema>;

/** `GET admin/outbox/{id}`: the whole mail, to read it when it is not sent (no SMTP_URL). */
export const OutboxMailDetailSchema = OutboxMailSchema.extend({
  messageId: z.string(),
  text: z.string(),
  html: z.string(),
});
export type OutboxMailDetail = z.infer<typeof OutboxMailDetailSchema>;

/** `GET` and `PUT admin/mail-settings`. */
export const MailSettingsSchema = z.strictObject({
  absenceAlerts: z.boolean({ error: 'absenceAlerts must be true or false' }),
});
export type MailSettings = z.infer<typeof MailSettingsSchema>;
