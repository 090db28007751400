/**
 * Every path of the web app: the router's pages (src/web/app/router.tsx, which a test keeps equal to
 * these) and the server, which answers any other path with the app's not-found page and status 404.
 * Spellings are the product's (docs/contract/product.md#public-routes,
 * docs/contract/product.md#school-routes); `:name` is one path segment.
 */
export const PUBLIC_ROUTE_PATTERNS = [
  '/',
  '/about',
  '/class',
  '/teacher',
  '/gallery',
  '/blog',
  '/blogdetail',
  '/contact',
  '/registation',
  '/login',
] as const;

export const SCHOOL_ROUTE_PATTERNS = [
  '/dashboard',
  '/profile',
  '/student-class',
  '/exam',
  '/results',
  '/notification',
  '/teacher-class',
  '/student-profile/:id',
  '/studentresult/:id',
  '/exams',
  '/final-results',
  '/result-summary/:id',
  '/schedule',
  '/schedule-summary',
  '/classwise-student',
  '/student-list/:id',
  '/student-attendence',
  '/student-attendence/:id',
  '/attendance-report',
  '/attendence',
  '/payment',
  '/approvals',
  '/website',
  '/inbox',
  '/marks',
  '/send-notification',
  '/school-setup',
  '/import-pupils',
  '/mark-history/:id',
] as const;

const PATTERNS = [...PUBLIC_ROUTE_PATTERNS, ...SCHOOL_ROUTE_PATTERNS].map((pattern) =>
  pattern.split('/').filter((segment) => segment !== ''),
);

/**
 * Whether a URL path (no query) is a page of the app, matched as the router matches: letter case
 * ignored, a trailing slash allowed, a `:name` segment standing for any one segment.
 */
export function isAppPath(pathname: string): boolean {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  return PATTERNS.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every(
        (part, index) => part.startsWith(':') || part.toLowerCase() === segments[index]?.toLowerCase(),
      ),
  );
}
