import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { COMMENT_MESSAGES } from './comment-messages.js';

/**
 * The blog detail page's 'Leave a comment' form (docs/contract/product.md#public-pages,
 * docs/contract/product.md#validation): Name*, Email*, Website, Message*. No call stores comments yet, so
 * this schema lives with the form; it moves to src/shared/api when the server accepts comments.
 */

const WEBSITE = /^(https?:\/\/)?[\p{L}\d-]+(\.[\p{L}\d-]+)+(:\d+)?(\/\S*)?$/iu;

export const CommentSchema = z.object({
  name: z.string().trim().min(1, COMMENT_MESSAGES.enterName).max(100, COMMENT_MESSAGES.tooLong),
  email: z
    .string()
    .trim()
    .min(1, COMMENT_MESSAGES.enterEmail)
    .pipe(z.email(COMMENT_MESSAGES.invalidEmail).max(254, COMMENT_MESSAGES.invalidEmail)),
  website: z
    .string()
    .trim()
    .max(200, COMMENT_MESSAGES.tooLong)
    .refine((value) => value === '' || WEBSITE.test(value), COMMENT_MESSAGES.invalidWebsite),
  message: z.string().trim().min(1, COMMENT_MESSAGES.enterMessage).max(5000, COMMENT_MESSAGES.tooLong),
});
export type CommentInput = z.input<typeof CommentSchema>;
export type Comment = z.output<typeof CommentSchema>;

/**
 * The form's checks with react-hook-form's zod resolver. Loaded on first use (lib/lazy-resolver.ts), so
 * the blog detail page's first JavaScript holds no zod.
 */
export const commentResolver = zodResolver(CommentSchema);
