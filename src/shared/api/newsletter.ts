import { z } from 'zod';
import { MESSAGES } from '../constants.js';

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
  subscribed: 'Thank you for subscribing!',
  /** `POST newsletter` answered 200: the email was on the list already. */
  alreadySubscribed: 'You are already subscribed. Thank you!',
} as const;

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

/**
 * Your Name and Your Email, which every public form (newsletter, contact, Book A Seat) opens with, with
 * the messages they all give.
 */
export const nameAndEmailFields = () => ({
  name: requiredFormText(NEWSLETTER_MESSAGES.enterName, 100, NEWSLETTER_MESSAGES.nameTooLong),
  email: z
    .string({ error: NEWSLETTER_MESSAGES.enterEmail })
    .trim()
    .min(1, NEWSLETTER_MESSAGES.enterEmail)
    .pipe(z.email(NEWSLETTER_MESSAGES.invalidEmail).max(254, NEWSLETTER_MESSAGES.invalidEmail)),
});

export const NewsletterSchema = z.object({
  ...nameAndEmailFields(),
  [HONEYPOT_FIELD]: honeypotFieldSchema(),
});
export type NewsletterInput = z.input<typeof NewsletterSchema>;
export type Newsletter = z.output<typeof NewsletterSchema>;
