import type { ReactNode } from 'react';
import { Link, useLocation, useMatches } from 'react-router';
import { NOT_FOUND_PAGE_TITLE } from '../../../shared/school-settings.js';
import { paths } from '../../config/paths.js';
import { useI18n } from '../../lib/i18n.js';
import { notFoundTitle, pageTitleFor } from '../../lib/page-titles.js';

/** The English title of a page that does not exist (the banner shows it in the page's language). */
export const NOT_FOUND_TITLE = NOT_FOUND_PAGE_TITLE;

/** Route `handle` of the catch-all route, so the banner knows the page does not exist. */
export interface RouteHandle {
  notFound?: boolean;
}

const isNotFoundHandle = (handle: unknown): boolean =>
  typeof handle === 'object' && handle !== null && (handle as RouteHandle).notFound === true;

export interface PageBannerProps {
  /** What the banner shows on the home page (the hero built from the home content). */
  home: ReactNode;
}

/**
 * The title of the page shown, in the page's language: the path's first segment's (lib/page-titles.ts), "Page not found" for a
 * page that does not exist, undefined on the home page (its hero is its banner).
 */
export function usePageTitle(): string | undefined {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const matches = useMatches();
  const notFound = matches.some((match) => isNotFoundHandle(match.handle));
  if (pathname === paths.home && !notFound) return undefined;
  return (notFound ? undefined : pageTitleFor(pathname, t)) ?? notFoundTitle(t);
}

/**
 * The banner under the navigation (docs/contract/product.md#banner-titles): the home hero on `/`, elsewhere a
 * short coloured band with the title of the path's first segment (BANNER_TITLES) and a breadcrumb back home.
 */
export function PageBanner({ home }: PageBannerProps) {
  const { t } = useI18n();
  const title = usePageTitle();
  if (title === undefined) return <>{home}</>;

  return (
    <section className="page-banner">
      <div className="container">
        <h1 className="page-banner__title">{title}</h1>
        <nav aria-label={t('layout.banner.breadcrumb')}>
          <ol className="breadcrumb page-banner__breadcrumb">
            <li className="breadcrumb-item">
              <Link to={paths.home}>{t('layout.banner.home')}</Link>
            </li>
            <li className="breadcrumb-item active" aria-current="page">
              {title}
            </li>
          </ol>
        </nav>
      </div>
    </section>
  );
}
