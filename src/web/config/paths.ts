/**
 * The site's routes as links point at them. Spellings are the spec's (section 2): they are part of
 * the contract (`/registation`, `/blogdetail`, ...).
 */
export const paths = {
  home: '/',
  about: '/about',
  classes: '/class',
  teachers: '/teacher',
  gallery: '/gallery',
  blog: '/blog',
  blogDetail: '/blogdetail',
  /** One blog post on the blog detail page (public routes take no path parameters: spec 2.1). */
  blogPost: (postId: number) => `/blogdetail?post=${postId}`,
  contact: '/contact',
  registration: '/registation',
  login: '/login',
  dashboard: '/dashboard',
  notifications: '/notification',
  /** The principal's audit trail of one pupil's marks (issue #7). */
  markHistory: (studentId: number) => `/mark-history/${studentId}`,
} as const;
