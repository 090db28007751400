import { MESSAGES } from '../../../../shared/constants.js';

/**
 * What the blog detail page's 'Leave a comment' form says (docs/contract/product.md#validation). Apart
 * from its schema (comment-schema.ts), so the form's island holds no zod until the form is first used.
 */
export const COMMENT_MESSAGES = {
  enterName: MESSAGES.enterName,
  enterEmail: MESSAGES.enterEmail,
  enterMessage: MESSAGES.enterMessage,
  invalidEmail: 'Please enter a valid email',
  invalidWebsite: 'Please enter a valid website address, like example.com',
  tooLong: 'Please keep this shorter',
  comingSoon:
    'Thank you for your comment! Posting comments opens very soon, so this one has not been published yet.',
} as const;
