import { z } from 'zod';
import { HONEYPOT_FIELD, honeypotFieldSchema, nameAndEmailFields, requiredFormText } from './newsletter.js';
import { BOOKING_MESSAGES } from './public-form-fields.js';

export {
  BOOKING_CLASSES,
  BOOKING_MESSAGES,
  type BookingChoice,
  bookableClasses,
  bookingChoices,
} from './public-form-fields.js';

/**
 * The home page's 'Book A Seat' form (docs/contract/product.md#public-pages) and the body of `POST bookings`
 * (docs/contract/api.md#post-bookings). The browser checks the form with this schema; the server will check
 * the same body with it. Its choices and messages are in public-form-fields.ts, free of zod, for the form's
 * first JavaScript.
 */
export const BookingSchema = z.object({
  ...nameAndEmailFields(),
  // One of bookingChoices(): the browser offers only those, the server checks the list it has.
  className: requiredFormText(BOOKING_MESSAGES.selectClass, 200, BOOKING_MESSAGES.selectClass),
  [HONEYPOT_FIELD]: honeypotFieldSchema(),
});
export type BookingInput = z.input<typeof BookingSchema>;
export type Booking = z.output<typeof BookingSchema>;
