import { z } from 'zod';
import { MESSAGES } from '../constants.js';
import { HONEYPOT_FIELD, honeypotFieldSchema } from './newsletter.js';

/**
 * The home page's 'Book A Seat' form (spec 2.4) and the body of `POST bookings` (api.md). The browser
 * checks the form with this schema; the server will check the same body with it.
 */

/** The spec's choices for Select A Class. */
export const BOOKING_CLASSES = ['Class 1', 'Class 2', 'Class 3'] as const;
export type BookingClass = (typeof BOOKING_CLASSES)[number];

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
  name: z
    .string({ error: BOOKING_MESSAGES.enterName })
    .trim()
    .min(1, BOOKING_MESSAGES.enterName)
    .max(100, BOOKING_MESSAGES.nameTooLong),
  email: z
    .string({ error: BOOKING_MESSAGES.enterEmail })
    .trim()
    .min(1, BOOKING_MESSAGES.enterEmail)
    .pipe(z.email(BOOKING_MESSAGES.invalidEmail).max(254, BOOKING_MESSAGES.invalidEmail)),
  className: z.enum(BOOKING_CLASSES, BOOKING_MESSAGES.selectClass),
  [HONEYPOT_FIELD]: honeypotFieldSchema(),
});
export type BookingInput = z.input<typeof BookingSchema>;
export type Booking = z.output<typeof BookingSchema>;
