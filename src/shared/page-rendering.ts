import type { ContentCollection } from './api/content.js';
import type { SchoolSettings } from './api/settings.js';
import { type AnyLocale, isLocale, LOCALES, type Locale } from './i18n/locales.js';
import type { MessageArea } from './i18n/message-keys.js';
import type { Messages, Translator } from './i18n/translator.js';

/**
 * The contract between the server and the web app's server-rendering bundle (src/web/entry-server.tsx,
 * built into dist/ssr; docs/decisions/0030-server-rendering.md). The server loads the bundle,
 * gives it the request's address, the school's settings and a reader of the public content, and
 * writes what it answers into the app's index.html.
 */

/** The public pages the server renders (the school area stays rendered in the browser). */
export const SERVER_RENDERED_PATHS = [
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

export type ServerRenderedPath = (typeof SERVER_RENDERED_PATHS)[number];

/**
 * The content each public page shows: what its route loader loads (the browser and the server
 * alike) and what dates its entry in the sitemap.
 */
export const PAGE_CONTENT: Readonly<Record<ServerRenderedPath, readonly ContentCollection[]>> = {
  // The contacts give the home page's schema.org data (the school's address, phone, hours).
  '/': ['home', 'facilities', 'about', 'class', 'kidsclasses', 'teacher', 'comments', 'blog', 'contacts'],
  '/about': ['about', 'facilities', 'teacher'],
  '/class': ['class', 'kidsclasses'],
  '/teacher': ['teacher', 'comments'],
  '/gallery': ['gallery'],
  '/blog': ['blog'],
  '/blogdetail': ['blogdetails', 'blog'],
  '/contact': ['contacts'],
  '/registation': [],
  '/login': [],
};

/**
 * The query parameters that change what a page shows (all others are ignored: `?utm_source=...`):
 * a blog post, and the outcome of a form sent without JavaScript (shared/api/form-posts.ts), the
 * footer's newsletter form on every page.
 */
export const PAGE_QUERY_PARAMETERS: Readonly<Partial<Record<string, readonly string[]>>> = {
  '/blogdetail': ['post', 'comment'],
  '/contact': ['contact'],
};
const EVERY_PAGE_QUERY_PARAMETERS: readonly string[] = ['newsletter'];

export interface RenderPageInput {
  /** The page's absolute address under PUBLIC_URL, with the query parameters that name it. */
  url: string;
  settings: SchoolSettings;
  /** PUBLIC_URL: the school's address, for canonical and preview links. */
  publicUrl: string;
  /** A public content collection's wire records, as `GET /api/<collection>` answers them. */
  readContent: (collection: ContentCollection) => Promise<unknown>;
  /**
   * One article's approved blog comments, as `GET /api/blog-comments?post=` answers them
   * (docs/decisions/0049-blog-comments.md): a post's (its id), or (null) /blogdetail's own article's.
   */
  readBlogComments: (postId: number | null) => Promise<unknown>;
  /** The public calendar, as `GET /api/calendar/public` answers it (docs/decisions/0088-closed-days.md). */
  readPublicCalendar: () => Promise<unknown>;
  /** The free seats of the admissions year, as `GET /api/admissions/seats` answers them (docs/decisions/0101-seats-that-mean-something.md). */
  readAdmissionSeats: () => Promise<unknown>;
  /**
   * Whether the login page offers the school's provider, as `GET /api/users/login/sso` answers
   * (docs/decisions/0107-sign-in-with-the-schools-provider.md); none: it does not.
   */
  readSsoOptions?: () => Promise<unknown>;
  /** The page's language and its messages (docs/decisions/0059-message-catalogs.md). */
  translator: Translator;
  /**
   * The page's language prefix (`/fr`), '' in the school's default language: the router's basename,
   * so the page's links stay in its language.
   */
  basename: string;
  /** The messages of `areas` in the page's language, parsed: what the page's islands are handed. */
  islandMessages: (areas: readonly MessageArea[]) => Messages;
}

export type RenderedPage =
  | {
      kind: 'page';
      /** The head's tags: title, description, canonical, Open Graph, Twitter, JSON-LD. */
      head: string;
      /** The page's markup, its islands in it, to go inside `<div id="root">`. */
      root: string;
      /** What the page's islands say, parsed (web/lib/i18n.tsx: PageMessages). */
      messages: { locale: AnyLocale; messages: Messages };
    }
  | { kind: 'redirect'; status: number; location: string };

export interface PageRenderer {
  renderPage(input: RenderPageInput): Promise<RenderedPage>;
}

/** Whether `pathname` (no query, any letter case, optional trailing slash) is rendered on the server. */
export function isServerRenderedPath(pathname: string): boolean {
  const normal = pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname;
  return (SERVER_RENDERED_PATHS as readonly string[]).includes(normal);
}

/**
 * The page's own address: its path as the router names it and only the query parameters that pick
 * the page, sorted. What the page cache is keyed by and what the canonical link says.
 */
export function pageAddress(url: URL): string {
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '').toLowerCase() : url.pathname;
  const params = new URLSearchParams();
  // A page in another language (`/fr/blogdetail`) is picked by the same parameters.
  const page = splitPagePath(path).path;
  for (const name of [...(PAGE_QUERY_PARAMETERS[page] ?? []), ...EVERY_PAGE_QUERY_PARAMETERS].sort()) {
    // A parameter may repeat (`?contact=enterName&contact=invalidEmail`): every value counts.
    for (const value of url.searchParams.getAll(name)) params.append(name, value);
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * A public page's address split into its language prefix and its path (`/fr/about` -> fr,
 * `/about`; `/ar` -> ar, `/`): only a language the product speaks before a server-rendered path is
 * a prefix. Whether the school offers it, and whether it is the default (whose addresses have no
 * prefix), the server decides.
 */
export function splitPagePath(pathname: string): { locale: Locale | undefined; path: string } {
  const match = /^\/([a-zA-Z]{2})(\/.*)?$/.exec(pathname);
  const prefix = match?.[1]?.toLowerCase();
  const rest = match?.[2] ?? '/';
  if (isLocale(prefix) && isServerRenderedPath(rest)) return { locale: prefix, path: rest };
  return { locale: undefined, path: pathname };
}

/** Every public page in every language, as the server registers them (`/fr`, `/fr/about`, …). */
export const PREFIXED_PAGE_PATHS: readonly string[] = LOCALES.flatMap((locale) =>
  SERVER_RENDERED_PATHS.map((path) => (path === '/' ? `/${locale}` : `/${locale}${path}`)),
);

/**
 * A link as a page in `locale` writes it: a public page's address under the language's prefix when
 * that is not the school's default (`/about` -> `/fr/about`), every other address as it is (the
 * school area and the API have no language in their addresses).
 */
export function publicPageHref(href: string, locale: AnyLocale, defaultLocale: Locale | undefined): string {
  if (!defaultLocale || !isLocale(locale) || locale === defaultLocale || !href.startsWith('/')) return href;
  const [path = '/', rest = ''] = href.split(/(?=[?#])/, 2);
  return isServerRenderedPath(path) ? `/${locale}${path === '/' ? '' : path}${rest}` : href;
}
