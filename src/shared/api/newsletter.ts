import { z } from 'zod';
import { MESSAGES } from '../constants.js';
import { NewsletterIssueSchema, NewsletterTokenSchema } from './mail.js';

/**
 * The footer's newsletter form (docs/contract/product.md#footer, docs/contract/product.md#validation)
 * and the body of `POST newsletter` (docs/contract/api.md#post-newsletter). The original gives no
 * messages for this form; we use the ones it gives for the contact form's same fields.
 */
export const NEWSLETTER_MESSAGES = {
  enterName: MESSAGES.enterName,
  enterEmail: MESSAGES.enterEmail,
  invalidEmail: 'Please enter a valid email',
  nameTooLong: 'Please keep your name under 100 characters',
  /** A new address: it receives nothing until the link in the confirmation mail is opened. */
  subscribed:
    'Thank you! We sent you a mail with a link to confirm your subscription. Please open it to start receiving our newsletter.',
  /**
   * `POST newsletter` answered 200: the email was on the list already. An unconfirmed one gets the
   * confirmation mail again, but at most once in NEWSLETTER_CONFIRM_RESEND_MINUTES.
   */
  alreadySubscribed:
    'This email is on our list already. If you have not confirmed it yet, please use the link in the mail we sent you.',
} as const;

/**
 * An address that subscribes again before confirming gets the confirmation mail again, but at most
 * once in this many minutes: the form is anyone's, and it must not become a way to flood a
 * stranger's mailbox (docs/decisions/0025-newsletter.md).
 */
export const NEWSLETTER_CONFIRM_RESEND_MINUTES = 60;

/**
 * The honeypot of every public form (newsletter, contact, Book A Seat): a text input people never
 * see and so leave empty, while form-filling robots fill it. The server answers a filled one as if
 * it had worked and stores nothing. The footer's newsletter form is on every page, so this file
 * holds it and the other forms' schemas import it.
 *
 * In the browser: `<input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off"
 * aria-hidden="true">` inside a wrapper hidden with CSS (not `type="hidden"`, which robots skip),
 * registered with the form so its value is sent as it is.
 */
export const HONEYPOT_FIELD = 'website';

/** The honeypot in a form's schema: optional, any text (a filled one is not a validation error). */
export const honeypotFieldSchema = () => z.string().max(2000).optional();

/**
 * True when a request body carries a filled honeypot. Anything but a string (or nothing) counts as
 * filled: a person's browser sends only text, and turning a bot's value into text could take long
 * (`String()` of an array nested ten thousand deep overflows the stack).
 */
export function isHoneypotFilled(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const value = (body as Record<string, unknown>)[HONEYPOT_FIELD];
  if (value === undefined || value === null) return false;
  return typeof value !== 'string' || value.trim() !== '';
}

/** The answer of `POST enquiries`, `POST bookings` and `POST newsletter`: `{ data: FormReceipt }`. */
export const FormReceiptSchema = z.object({ received: z.literal(true) });
export type FormReceipt = z.infer<typeof FormReceiptSchema>;

/** A required text field of a public form: trimmed, at least one character, at most `max`. */
export const requiredFormText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** The longest name and email the public forms take (the browser's `maxLength` without JavaScript too). */
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

/**
 * Your Name and Your Email, which every public form (newsletter, contact, Book A Seat) opens with, with
 * the messages they all give.
 */
export const nameAndEmailFields = () => ({
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
