import { MESSAGES } from '../constants.js';

/*
 * The public forms' field names, limits and messages (newsletter, contact, Book A Seat), without their
 * zod schemas (newsletter.ts, enquiry.ts, booking.ts, which re-export all of this): a public page shows these from its first
 * JavaScript, and loads the schemas only when a form is first checked
 * (docs/decisions/0035-lean-public-pages.md).
 */

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
 * Confirmation mails one mailbox receives at most, over every spelling of its address (letter case,
 * `+tags`: `Victim+1@` and `victim+2@` are one mailbox), in this many hours. Beyond it a sign-up is
 * answered as usual but mails nothing (docs/decisions/0039-private-answers-and-limits.md).
 */
export const NEWSLETTER_CONFIRMATIONS_PER_MAILBOX = { max: 3, hours: 24 } as const;

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

/** The longest name and email the public forms take (the browser's `maxLength` without JavaScript too). */
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

/**
 * The contact form (docs/contract/product.md#public-pages, docs/contract/product.md#validation) and the body
 * of `POST enquiries` (docs/contract/api.md#post-enquiries). The browser checks the form with this schema;
 * the server will check the same body with it.
 */
export const ENQUIRY_MESSAGES = {
  enterName: MESSAGES.enterName,
  enterEmail: MESSAGES.enterEmail,
  enterSubject: MESSAGES.enterSubject,
  enterMessage: MESSAGES.enterMessage,
  invalidEmail: 'Please enter a valid email',
  nameTooLong: 'Please keep your name under 100 characters',
  subjectTooLong: 'Please keep the subject under 200 characters',
  messageTooLong: 'Please keep your message under 5000 characters',
  /** Shown after a valid form until `POST enquiries` is wired. */
  received:
    'Thank you for your message! Sending it online opens very soon. Until then, please email or call us.',
  /** Shown once `POST enquiries` answered 201. */
  sent: 'Thank you for your message! We will get back to you soon.',
} as const;

/** The longest subject and message the contact form takes (the browser's `maxLength` without JavaScript too). */
export const SUBJECT_MAX_LENGTH = 200;
export const MESSAGE_MAX_LENGTH = 5000;

/**
 * Book A Seat (booking.ts). The original choices for Select A Class (docs/contract/product.md#public-pages): what a school without
 * class cards offers.
 */
export const BOOKING_CLASSES = ['Class 1', 'Class 2', 'Class 3'] as const;

/**
 * The classes Book A Seat offers: the names of the school's class cards (the kids classes of the
 * public site, each with its seats and fee; Join Now on a card chooses it), in their order and
 * once each; the original Class 1-3 when the school has none. The server accepts only these.
 */
export function bookableClasses(cardTitles: readonly string[]): string[] {
  const names = [...new Set(cardTitles.map((title) => title.trim()).filter((title) => title !== ''))];
  return names.length > 0 ? names : [...BOOKING_CLASSES];
}

/** A class Book A Seat offers, with its free seats (null: none said; docs/decisions/0101-seats-that-mean-something.md). */
export interface BookingChoice {
  name: string;
  free: number | null;
}

/**
 * What Book A Seat offers: the school's classes that take admissions, by name, each with its free
 * seats in the admissions year (`GET admissions/seats`); while no class takes admissions, the
 * class cards' names as before (bookableClasses). The server accepts only these names.
 */
export function bookingChoices(
  seats: readonly { className: string; takesAdmissions: boolean; free: number | null }[],
  cardTitles: readonly string[],
): BookingChoice[] {
  const open = seats.filter((row) => row.takesAdmissions);
  if (open.length === 0) return bookableClasses(cardTitles).map((name) => ({ name, free: null }));
  return open.map((row) => ({ name: row.className.trim(), free: row.free }));
}

export const BOOKING_MESSAGES = {
  enterName: MESSAGES.enterName,
  enterEmail: MESSAGES.enterEmail,
  invalidEmail: 'Please enter a valid email',
  nameTooLong: 'Please keep your name under 100 characters',
  selectClass: 'Please select a class',
  /** Shown after a valid form until `POST bookings` is wired. */
  received:
    'Thank you! Online booking opens very soon. Until then, please call or email our office to book your seat.',
  /** Shown once `POST bookings` answered 201. */
  booked: 'Thank you! We have received your booking and will contact you soon.',
} as const;
