import { MESSAGES } from '../constants.js';

/**
 * The blog detail page's 'Leave a comment' form (docs/decisions/0049-blog-comments.md): its limits and
 * what it says, without zod, so the form's island holds no zod until the form is first checked
 * (docs/decisions/0035-lean-public-pages.md). The schemas are in blog-comments.ts.
 */
export const BLOG_COMMENT_MESSAGES = {
  enterName: MESSAGES.enterName,
  enterEmail: MESSAGES.enterEmail,
  enterMessage: MESSAGES.enterMessage,
  invalidEmail: 'Please enter a valid email',
  nameTooLong: 'Please keep your name under 100 characters',
  messageTooLong: 'Please keep your comment under 2000 characters',
  postNotFound: 'That blog post was not found.',
  /** Stored as pending: it shows under the post once the principal approves it. */
  sent: 'Thank you for your comment! It will appear here once the school has approved it.',
} as const;

/** A comment's longest text: a comment, not an essay (the contact form takes 5,000). */
export const BLOG_COMMENT_MAX_LENGTH = 2000;

/**
 * Where a comment is: every comment starts `pending`; only `approved` ones are shown on the site, and
 * a `rejected` one stays for the principal's record until removed.
 */
export const BLOG_COMMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type BlogCommentStatus = (typeof BLOG_COMMENT_STATUSES)[number];
