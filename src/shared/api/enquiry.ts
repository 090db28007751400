import { z } from 'zod';
import { MESSAGES } from '../constants.js';
import { HONEYPOT_FIELD, honeypotFieldSchema, nameAndEmailFields, requiredFormText } from './newsletter.js';

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

export const EnquirySchema = z.object({
  ...nameAndEmailFields(),
  subject: requiredFormText(
    ENQUIRY_MESSAGES.enterSubject,
    SUBJECT_MAX_LENGTH,
    ENQUIRY_MESSAGES.subjectTooLong,
  ),
  message: requiredFormText(
    ENQUIRY_MESSAGES.enterMessage,
    MESSAGE_MAX_LENGTH,
    ENQUIRY_MESSAGES.messageTooLong,
  ),
  [HONEYPOT_FIELD]: honeypotFieldSchema(),
});
export type EnquiryInput = z.input<typeof EnquirySchema>;
export type Enquiry = z.output<typeof EnquirySchema>;
