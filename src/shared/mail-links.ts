/**
 * The screens the mails link to, apart from the mail schemas (api/mail.ts re-exports them): the
 * screen registry is in every page's first load, and zod is not (docs/decisions/0031-first-load-javascript.md).
 */

/** The screens the mails link to (public pages of the web app), with the token in `?token=`. */
export const MAIL_LINK_PATHS = {
  resetPassword: '/reset-password',
  confirmNewsletter: '/newsletter/confirm',
  unsubscribe: '/newsletter/unsubscribe',
  login: '/login',
  notifications: '/notification',
  /** The principal's Blog Comments screen (docs/decisions/0055-blog-comment-notices.md). */
  blogComments: '/blog-comments',
  /** An offer's reply page (docs/decisions/0102-the-admissions-pipeline.md). */
  admissionReply: '/offer',
  /** The application's page (docs/decisions/0103-the-application-families-fill-in.md). */
  admissionApply: '/apply',
} as const;

/** The screen where a user asks for a reset link (linked from /login as "Forgot password?"). */
export const FORGOT_PASSWORD_PATH = '/forgot-password';

/**
 * Where the site's address goes in a stored mail's links (docs/decisions/0048-one-clock-and-mail-links-at-send.md):
 * a mail is written with this mark, and the sender puts the `PUBLIC_URL` of the moment it sends in
 * its place, so a mail that waited (no SMTP server yet, a retry, a restore) links to where the
 * school is now, not where it was when the mail was written.
 */
export const PUBLIC_URL_MARK = '{{PUBLIC_URL}}';
