import { z } from 'zod';
import { MESSAGES } from '../constants.js';

/**
 * The footer's newsletter form (spec 2.3, 5) and the body of `POST newsletter` (api.md). The spec
 * gives no messages for this form; we use the ones it gives for the contact form's same fields.
 */
export const NEWSLETTER_MESSAGES = {
  enterName: MESSAGES.enterName,
  enterEmail: MESSAGES.enterEmail,
  invalidEmail: 'Please enter a valid email',
  nameTooLong: 'Please keep your name under 100 characters',
  subscribed: 'Thank you for subscribing!',
} as const;

export const NewsletterSchema = z.object({
  name: z.string().trim().min(1, NEWSLETTER_MESSAGES.enterName).max(100, NEWSLETTER_MESSAGES.nameTooLong),
  email: z
    .string()
    .trim()
    .min(1, NEWSLETTER_MESSAGES.enterEmail)
    .pipe(z.email(NEWSLETTER_MESSAGES.invalidEmail).max(254, NEWSLETTER_MESSAGES.invalidEmail)),
});
export type NewsletterInput = z.input<typeof NewsletterSchema>;
export type Newsletter = z.output<typeof NewsletterSchema>;
