import { describe, expect, it } from 'vitest';
import { ENQUIRY_MESSAGES, EnquirySchema } from './enquiry.js';
import {
  CONTACT_FORM_POST,
  errorCodesOf,
  FORM_POST_FAILURES,
  formPostOutcome,
  NEWSLETTER_FORM_POST,
  outcomeUrl,
} from './form-posts.js';
import { NewsletterSchema } from './newsletter.js';

/** Every message a schema can give for `input`. */
const messagesOf = (schema: typeof EnquirySchema | typeof NewsletterSchema, input: unknown) =>
  schema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

describe('the outcome of a form sent without JavaScript', () => {
  it('names every mistake the shared schemas can make with a code of the form', () => {
    const contact = messagesOf(EnquirySchema, {
      name: 'x'.repeat(101),
      email: 'x',
      subject: 'x'.repeat(201),
      message: 'x'.repeat(5001),
    });
    expect(errorCodesOf(CONTACT_FORM_POST, contact)).toEqual([
      'nameTooLong',
      'invalidEmail',
      'subjectTooLong',
      'messageTooLong',
    ]);
    expect(errorCodesOf(CONTACT_FORM_POST, messagesOf(EnquirySchema, { name: 3, email: [] }))).toEqual([
      'enterName',
      'enterEmail',
      'enterSubject',
      'enterMessage',
    ]);
    expect(errorCodesOf(NEWSLETTER_FORM_POST, messagesOf(NewsletterSchema, { email: 'a@b' }))).toEqual([
      'enterName',
      'invalidEmail',
    ]);
    // A message the table does not know still says something.
    expect(errorCodesOf(CONTACT_FORM_POST, ['Something new', 'Other'])).toEqual(['invalid']);
  });

  it('goes into the URL as codes and comes out as the texts', () => {
    const url = outcomeUrl(CONTACT_FORM_POST, ['enterName', 'tooMany']);
    expect(url).toBe('/contact?contact=enterName&contact=tooMany#contact-form');
    const search = new URL(url, 'http://x').search;
    expect(formPostOutcome(CONTACT_FORM_POST, search)).toEqual({
      kind: 'errors',
      texts: [ENQUIRY_MESSAGES.enterName, FORM_POST_FAILURES.tooMany],
    });
    // The other form's outcome is not this one's.
    expect(formPostOutcome(NEWSLETTER_FORM_POST, search)).toBeUndefined();
    expect(outcomeUrl(NEWSLETTER_FORM_POST, ['subscribed'], '/gallery?newsletter=failed')).toBe(
      '/gallery?newsletter=subscribed#newsletter',
    );
    expect(formPostOutcome(CONTACT_FORM_POST, '?contact=sent&contact=enterName')).toEqual({
      kind: 'done',
      text: ENQUIRY_MESSAGES.sent,
    });
    expect(formPostOutcome(CONTACT_FORM_POST, '?contact=toString&contact=__proto__')).toBeUndefined();
  });
});
