import { z } from 'zod';
import { NewsletterIssueSchema, NewsletterTokenSchema } from './mail.js';
import {
  EMAIL_MAX_LENGTH,
  HONEYPOT_FIELD,
  NAME_MAX_LENGTH,
  NEWSLETTER_MESSAGES,
} from './public-form-fields.js';

export {
  EMAIL_MAX_LENGTH,
  HONEYPOT_FIELD,
  isHoneypotFilled,
  NAME_MAX_LENGTH,
  NEWSLETTER_CONFIRM_RESEND_MINUTES,
  NEWSLETTER_CONFIRMATIONS_PER_MAILBOX,
  NEWSLETTER_MESSAGES,
} from './public-form-fields.js';

/** The honeypot in a form's schema: optional, any text (a filled one is not a validation error). */
export const honeypotFieldSchema = /* @__NO_SIDE_EFFECTS__ */ () => z.string().max(2000).optional();

/** The answer of `POST enquiries`, `POST bookings` and `POST newsletter`: `{ data: FormReceipt }`. */
export const FormReceiptSchema = z.object({ received: z.literal(true) });
export type FormReceipt = z.infer<typeof FormReceiptSchema>;

/** A required text field of a public form: trimmed, at least one character, at most `max`. */
export const requiredFormText = /* @__NO_SIDE_EFFECTS__ */ (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/**
 * Your Name and Your Email, which every public form (newsletter, contact, Book A Seat) opens with, with
 * the messages they all give.
 */
export const nameAndEmailFields = /* @__NO_SIDE_EFFECTS__ */ () => ({
  name: requiredFormText(NEWSLETTER_MESSAGES.enterName, NAME_MAX_LENGTH, NEWSLETTER_MESSAGES.nameTooLong),
  email: z
    .string({ error: NEWSLETTER_MESSAGES.enterEmail })
    .trim()
    .min(1, NEWSLETTER_MESSAGES.enterEmail)
    .pipe(z.email(NEWSLETTER_MESSAGES.invalidEmail).max(EMAIL_MAX_LENGTH, NEWSLETTER_MESSAGES.invalidEmail)),
});

export const NewsletterSchema = z.object({
  ...nameAndEmailFields(),
  [HONEYPOT_FIELD]: honeypotFieldSchema(),
});
export type NewsletterInput = z.input<typeof NewsletterSchema>;
export type Newsletter = z.output<typeof NewsletterSchema>;

/** The answer of `POST newsletter/confirm` and `POST newsletter/unsubscribe`: what the page shows. */
export const NewsletterLinkAnswerSchema = z.object({ data: z.object({ message: z.string() }) });
export type NewsletterLinkAnswer = z.infer<typeof NewsletterLinkAnswerSchema>;

const optionalLinkToken = NewsletterTokenSchema.shape.token.optional();

/**
 * `POST newsletter/unsubscribe?token=`: the mail's List-Unsubscribe link carries the token in the
 * query (RFC 8058: mail programs POST to it as it is, with the body `List-Unsubscribe=One-Click`).
 */
export const NewsletterUnsubscribeQuerySchema = z.object({ token: optionalLinkToken });

/**
 * Its body: `{ token }` as JSON from the unsubscribe page, or a mail program's one-click form
 * (`List-Unsubscribe=One-Click`, URL-encoded; a multipart one leaves the body null), whose token
 * is in the query. Other fields are ignored: a one-click form is never refused for what else it
 * carries.
 */
export const NewsletterUnsubscribeBodySchema = z.looseObject({ token: optionalLinkToken }).nullish();

/** `GET admin/newsletters`: the sent newsletters, newest first, and who the next one would reach. */
export const NewsletterIssueListSchema = z.object({
  data: z.array(NewsletterIssueSchema),
  /** Subscribers who confirmed their address: the recipients of the next newsletter. */
  confirmedSubscribers: z.number().int(),
});
export type NewsletterIssueList = z.infer<typeof NewsletterIssueListSchema>;
