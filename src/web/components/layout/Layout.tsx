import { lazy, type MouseEvent, type ReactNode, type RefObject, Suspense, useEffect, useRef } from 'react';
import {
  Outlet,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigation,
  useRevalidator,
} from 'react-router';
import { Island } from '../../islands/island.js';
import { useI18n } from '../../lib/i18n.js';
import { useSessionToken } from '../../lib/session.js';
import { DocumentTitle } from './DocumentTitle.js';
import { Footer } from './Footer.js';
import { NavBar } from './NavBar.js';
import { PageBanner } from './PageBanner.js';
import { Toasts } from './Toasts.js';

export const MAIN_ID = 'main-content';

/** The id of the router's parent of every school-area route (app/router.tsx). */
export const SCHOOL_ROUTE_ID = 'school';

/**
 * The school area's frame (docs/decisions/0051-app-shell.md), fetched with its first screen: the
 * public pages, rendered by the server, never load it.
 */
const AppShell = lazy(() => import('./AppShell.js'));

/** After a client-side navigation, screen readers start at the new page instead of the old link. */
function useFocusMainOnNavigation(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    main.current?.focus({ preventScroll: true });
  }, [pathname, main]);
}

/**
 * When the session ends while a page is open (logout in another tab, cookie expired, a 401), the
 * route loaders run again, so an authenticated screen's guard sends the visitor to /login.
 */
function useRevalidateOnSessionEnd(): void {
  const token = useSessionToken();
  const { revalidate } = useRevalidator();
  const seen = useRef(token);
  useEffect(() => {
    if (seen.current === token) return;
    seen.current = token;
    if (token === undefined) void revalidate();
  }, [token, revalidate]);
}

const skipToMain = (event: MouseEvent<HTMLAnchorElement>): void => {
  // Focus the content without a hash navigation (which the router would treat as a new page).
  event.preventDefault();
  const main = document.getElementById(MAIN_ID);
  main?.focus();
  main?.scrollIntoView();
};

export interface LayoutProps {
  /** The home page's banner, built from the home content. */
  homeBanner: ReactNode;
  /** The footer's newsletter form. */
  newsletter: ReactNode;
}

/**
 * Every page's frame: skip link, navigation, banner, the page itself, footer and toasts; in the
 * school area, the app shell (AppShell.tsx) in place of the site's navigation, banner and footer. On a public
 * page the server renders, the navigation and the toasts are islands (islands/island.tsx): the rest
 * of the frame is HTML the browser does not hydrate, so the page's hooks here run in the app only.
 */
export function Layout({ homeBanner, newsletter }: LayoutProps) {
  const main = useRef<HTMLElement>(null);
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const matches = useMatches();
  const token = useSessionToken();
  const { t } = useI18n();
  // Without a session the school area's loader is sending the visitor to /login: no shell for that.
  const inSchoolArea = token !== undefined && matches.some((match) => match.id === SCHOOL_ROUTE_ID);
  useFocusMainOnNavigation(main);
  useRevalidateOnSessionEnd();

  return (
    <>
      <a href={`#${MAIN_ID}`} className="skip-link" onClick={skipToMain}>
        {t('layout.skipToContent')}
      </a>
      <div className={`page-progress${navigation.state === 'idle' ? '' : ' page-progress--active'}`} />
      <DocumentTitle />
      {inSchoolArea ? (
        <Suspense fallback={<div className="page-fallback" aria-hidden="true" />}>
          <AppShell mainRef={main} mainId={MAIN_ID} />
        </Suspense>
      ) : (
        <>
          <Island name="site-nav" component={NavBar} props={{ pathname }} />
          <main id={MAIN_ID} ref={main} tabIndex={-1} className="site-main">
            <PageBanner home={homeBanner} />
            <Outlet />
          </main>
          <Footer newsletter={newsletter} />
        </>
      )}
      <Island name="toasts" component={Toasts} props={{}} />
      <ScrollRestoration />
    </>
  );
}
