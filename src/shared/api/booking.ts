import { z } from 'zod';
import { MESSAGES } from '../constants.js';
import { HONEYPOT_FIELD, honeypotFieldSchema, nameAndEmailFields, requiredFormText } from './newsletter.js';

/**
 * The home page's 'Book A Seat' form (docs/contract/product.md#public-pages) and the body of `POST bookings`
 * (docs/contract/api.md#post-bookings). The browser checks the form with this schema; the server will check
 * the same body with it.
 */

/**
 * The original choices for Select A Class (docs/contract/product.md#public-pages): what a school without
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

export const BookingSchema = z.object({
  ...nameAndEmailFields(),
  // One of bookableClasses(): the browser offers only those, the server checks the list it has.
  className: requiredFormText(BOOKING_MESSAGES.selectClass, 200, BOOKING_MESSAGES.selectClass),
  [HONEYPOT_FIELD]: honeypotFieldSchema(),
});
export type BookingInput = z.input<typeof BookingSchema>;
export type Booking = z.output<typeof BookingSchema>;
