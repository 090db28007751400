/**
 * The site's routes as links point at them. Spellings are the product's (docs/contract/product.md#spelling):
 * they are part of the contract (`/registation`, `/blogdetail`, ...).
 */
export const paths = {
  home: '/',
  about: '/about',
  classes: '/class',
  teachers: '/teacher',
  gallery: '/gallery',
  blog: '/blog',
  blogDetail: '/blogdetail',
  /**
   * One blog post on the blog detail page (public routes take no path parameters:
   * docs/contract/product.md#public-routes).
   */
  blogPost: (postId: number) => `/blogdetail?post=${postId}`,
  contact: '/contact',
  registration: '/registation',
  login: '/login',
  dashboard: '/dashboard',
  notifications: '/notification',
  /** The principal's audit trail of one pupil's marks (docs/decisions/0009-running-the-school-year.md). */
  markHistory: (studentId: number) => `/mark-history/${studentId}`,
} as const;
