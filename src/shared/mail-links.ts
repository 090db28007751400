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
} as const;

/** The screen where a user asks for a reset link (linked from /login as "Forgot password?"). */
export const FORGOT_PASSWORD_PATH = '/forgot-password';
