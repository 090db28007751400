import { linkTo } from '../../shared/screens.js';

/**
 * The site's routes as links point at them, built from the screen registry (shared/screens.ts), so
 * a link to a screen that is not registered fails to compile. Spellings are the product's
 * (docs/contract/product.md#public-routes): they are part of the contract (`/registation`, `/blogdetail`, ...).
 */
export const paths = {
  home: linkTo('/'),
  about: linkTo('/about'),
  classes: linkTo('/class'),
  teachers: linkTo('/teacher'),
  gallery: linkTo('/gallery'),
  blog: linkTo('/blog'),
  blogDetail: linkTo('/blogdetail'),
  /** One blog post on the blog detail page (public routes take no path parameters: docs/contract/product.md#public-routes). */
  blogPost: (postId: number) => `${linkTo('/blogdetail')}?post=${postId}`,
  contact: linkTo('/contact'),
  registration: linkTo('/registation'),
  /** Where a visitor without a session is sent (docs/contract/product.md#school-routes). */
  login: linkTo('/login'),
  /** "Forgot password?" on the login form (docs/decisions/0023-password-reset.md). */
  forgotPassword: linkTo('/forgot-password'),
  /** Where a log-in leads. */
  dashboard: linkTo('/dashboard'),
  notifications: linkTo('/notification'),
  /** The principal's audit trail of one pupil's marks (docs/decisions/0009-running-the-school-year.md). */
  markHistory: (studentId: number) => linkTo('/mark-history/:id', studentId),
} as const;
