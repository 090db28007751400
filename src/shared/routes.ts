import { firstSegment, SCREEN_ENTRIES, type ScreenEntry, type ScreenPath } from './screens.js';

const patternsWhere = (test: (entry: ScreenEntry) => boolean): ScreenPath[] =>
  SCREEN_ENTRIES.filter(test).map((entry) => entry.path as ScreenPath);

/**
 * Every path of the web app, from the screen registry (screens.ts): the router's pages and the
 * server, which answers any other path with the app's not-found page and status 404. The public
 * site's pages (docs/contract/product.md#public-routes) are open without a session.
 */
export const PUBLIC_ROUTE_PATTERNS = patternsWhere((entry) => entry.who === 'everyone');
/** The school area's pages (docs/contract/product.md#school-routes): behind the session check. */
export const SCHOOL_ROUTE_PATTERNS = patternsWhere((entry) => entry.who !== 'everyone');

/** The first segments of the school area's paths: each is behind the session check. */
export const SCHOOL_ROUTE_PREFIXES: readonly string[] = [
  ...new Set(SCHOOL_ROUTE_PATTERNS.map((path) => firstSegment(path) ?? '')),
];

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
