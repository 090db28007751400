import { type AnchorHTMLAttributes, type ComponentType, createContext, useContext } from 'react';
import { publicPageHref } from '../../shared/page-rendering.js';
import { useSchool } from '../components/layout/school.js';
import { useI18n } from './i18n.js';

/**
 * Links and navigation for components that run both in the school area's single-page app and as an
 * island of a server-rendered public page (docs/decisions/0042-react-islands.md). An island has no
 * router: its links are plain links and `navigate` loads the page. The app gives its router's link
 * and navigate (app/routes/root.tsx), so the same component moves without a page load there.
 * Components that are never islands keep using React Router directly.
 */
export interface AppLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
}

export interface AppNavigation {
  Link: ComponentType<AppLinkProps>;
  navigate: (to: string) => void;
}

/** A plain link; to a public page, in the page's language (`/fr/about` on a French page). */
function PageLink({ href, ...props }: AppLinkProps) {
  const { locale } = useI18n();
  const { settings } = useSchool();
  return <a {...props} href={publicPageHref(href, locale, settings?.language)} />;
}

/** Without a router: a link is a link, navigating loads the page. */
export const PAGE_NAVIGATION: AppNavigation = {
  Link: PageLink,
  navigate: (to) => window.location.assign(to),
};

export const AppNavigationContext = createContext<AppNavigation>(PAGE_NAVIGATION);

/** A link to a page of the site: the router's in the app, a plain one in an island. */
export function AppLink(props: AppLinkProps) {
  const { Link } = useContext(AppNavigationContext);
  return <Link {...props} />;
}

/** Goes to `to`: through the router in the app, by loading the page in an island. */
export const useAppNavigate = (): ((to: string) => void) => useContext(AppNavigationContext).navigate;

/** Whether `href` is the page at `pathname` (a link's `aria-current`), by path alone. */
export const isCurrentPage = (href: string, pathname: string): boolean => href.split(/[?#]/)[0] === pathname;

/**
 * Whether the school area's place `href` is the page at `location`: by path, and by the place's own
 * query as well (a parent's two children's timetables differ only in `?classId=`; only the shown one
 * is current).
 */
export function isCurrentPlace(href: string, location: { pathname: string; search: string }): boolean {
  const place = new URL(href, 'http://place.invalid');
  if (place.pathname !== location.pathname) return false;
  const here = new URLSearchParams(location.search);
  return [...place.searchParams].every(([name, value]) => here.get(name) === value);
}
