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
  contact: '/contact',
  registration: '/registation',
  login: '/login',
  dashboard: '/dashboard',
} as const;
