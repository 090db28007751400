import { z } from 'zod';
import { HONEYPOT_FIELD, honeypotFieldSchema, nameAndEmailFields, requiredFormText } from './newsletter.js';
import { ENQUIRY_MESSAGES, MESSAGE_MAX_LENGTH, SUBJECT_MAX_LENGTH } from './public-form-fields.js';

export { ENQUIRY_MESSAGES, MESSAGE_MAX_LENGTH, SUBJECT_MAX_LENGTH } from './public-form-fields.js';

/**
 * The body of `POST enquiries` (docs/contract/api.md#post-enquiries), the contact form's fields
 * (public-form-fields.ts). The browser checks the form with this schema; the server checks the same body.
 */
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
