import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { paths } from '../../config/paths.js';
import { AppLink, type AppLinkProps, isCurrentPage } from '../../lib/app-navigation.js';
import { useLogout } from '../../lib/auth.js';
import { type MessageKey, useI18n } from '../../lib/i18n.js';
import { useSessionToken } from '../../lib/session.js';
import { Icon } from '../ui/Icon.js';
import { SchoolBrand } from './SchoolBrand.js';

interface NavItem {
  /** The label's key; its English is the contract's wording exactly. */
  label: MessageKey;
  to: string;
}

/** The links of docs/contract/product.md#navigation-bar, labels exactly as written there. */
export const MAIN_LINKS: readonly NavItem[] = [
  { label: 'layout.nav.home', to: paths.home },
  { label: 'layout.nav.about', to: paths.about },
  { label: 'layout.nav.classes', to: paths.classes },
  { label: 'layout.nav.teachers', to: paths.teachers },
  { label: 'layout.nav.gallery', to: paths.gallery },
  { label: 'layout.nav.blog', to: paths.blog },
];

/**
 * Under Pages: only Blog_Detail (docs/decisions/0015-links-and-navigation.md: everything else a visitor looks
 * for is in the bar).
 */
export const PAGES_LINKS: readonly NavItem[] = [{ label: 'layout.nav.blogDetail', to: paths.blogDetail }];

/** After Pages, in the bar itself. */
export const CONTACT_LINK: NavItem = { label: 'layout.nav.contact', to: paths.contact };

/** A link of the bar: marked as the current page (`active`, `aria-current`) when it is. */
function BarLink({ href, pathname, className, ...rest }: AppLinkProps & { pathname: string }) {
  const current = isCurrentPage(href, pathname);
  return (
    <AppLink
      href={href}
      className={current ? `${className} active` : className}
      aria-current={current ? 'page' : undefined}
      {...rest}
    />
  );
}

export interface NavBarProps {
  /** The page's path, for the current page's link. */
  pathname: string;
}

/**
 * The site's navigation (docs/contract/product.md#navigation-bar). Its session part follows the
 * kids_pre_token cookie: the login link and the Registation button (the registration link of the contract)
 * without it, a Dashboard link and a red LogOut button with it (docs/contract/product.md#roles: Dashboard and
 * LogOut are for logged-in users only). Below the lg breakpoint the links fold behind a menu button.
 * An island of the public pages (islands/registry.ts): no router, the page's path as a prop.
 */
export function NavBar({ pathname }: NavBarProps) {
  const { t } = useI18n();
  const token = useSessionToken();
  const logout = useLogout();
  const ids = useId();
  const menuId = `${ids}-menu`;
  const pagesId = `${ids}-pages`;

  const [menuOpen, setMenuOpen] = useState(false);
  const [pagesOpen, setPagesOpen] = useState(false);
  const [shownPath, setShownPath] = useState(pathname);
  // Close everything once a link has taken the visitor somewhere else.
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setMenuOpen(false);
    setPagesOpen(false);
  }

  const menuButton = useRef<HTMLButtonElement>(null);
  const pagesButton = useRef<HTMLButtonElement>(null);
  const pagesItem = useRef<HTMLLIElement>(null);

  useEffect(() => {
    if (!pagesOpen) return;
    const closeOnOutsidePointer = (event: PointerEvent): void => {
      if (!pagesItem.current?.contains(event.target as Node)) setPagesOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [pagesOpen]);

  const onPagesKeyDown = (event: KeyboardEvent<HTMLLIElement>): void => {
    if (event.key === 'Escape' && pagesOpen) {
      event.stopPropagation();
      setPagesOpen(false);
      pagesButton.current?.focus();
    }
  };

  const onNavKeyDown = (event: KeyboardEvent<HTMLElement>): void => {
    if (event.key === 'Escape' && menuOpen) {
      setMenuOpen(false);
      menuButton.current?.focus();
    }
  };

  const pagesActive = PAGES_LINKS.some((link) => isCurrentPage(link.to, pathname));

  return (
    <header className="site-header">
      <nav
        className="navbar navbar-expand-lg site-nav"
        aria-label={t('layout.nav.label')}
        onKeyDown={onNavKeyDown}
      >
        <div className="container">
          <SchoolBrand />
          <button
            ref={menuButton}
            type="button"
            className="navbar-toggler site-nav__toggler"
            aria-controls={menuId}
            aria-expanded={menuOpen}
            aria-label={t('layout.nav.menu')}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <Icon name="list" size="1.75rem" />
          </button>
          <div id={menuId} className={`collapse navbar-collapse${menuOpen ? ' show' : ''}`}>
            <ul className="navbar-nav mx-auto mb-3 mb-lg-0">
              {MAIN_LINKS.map((link) => (
                <li key={link.to} className="nav-item">
                  <BarLink href={link.to} pathname={pathname} className="nav-link">
                    {t(link.label)}
                  </BarLink>
                </li>
              ))}
              <li
                ref={pagesItem}
                className="nav-item site-dropdown"
                onKeyDown={onPagesKeyDown}
                onBlur={(event) => {
                  if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPagesOpen(false);
                }}
              >
                <button
                  ref={pagesButton}
                  type="button"
                  className={`nav-link site-dropdown__toggle${pagesActive ? ' active' : ''}`}
                  aria-expanded={pagesOpen}
                  aria-controls={pagesId}
                  onClick={() => setPagesOpen((open) => !open)}
                >
                  {t('layout.nav.pages')}
                  <Icon name="chevron-down" className="site-dropdown__chevron" />
                </button>
                <ul
                  id={pagesId}
                  className={`dropdown-menu site-dropdown__menu${pagesOpen ? ' show' : ''}`}
                  hidden={!pagesOpen}
                >
                  {PAGES_LINKS.map((link) => (
                    <li key={link.to}>
                      <BarLink href={link.to} pathname={pathname} className="dropdown-item">
                        {t(link.label)}
                      </BarLink>
                    </li>
                  ))}
                </ul>
              </li>
              <li className="nav-item">
                <BarLink href={CONTACT_LINK.to} pathname={pathname} className="nav-link">
                  {t(CONTACT_LINK.label)}
                </BarLink>
              </li>
            </ul>
            <div className="site-nav__session">
              {token ? (
                <>
                  <BarLink
                    href={paths.dashboard}
                    pathname={pathname}
                    className="nav-link site-nav__dashboard"
                  >
                    {t('layout.nav.dashboard')}
                  </BarLink>
                  <button type="button" className="btn btn-danger rounded-pill px-4" onClick={logout}>
                    {t('layout.nav.logout')}
                  </button>
                </>
              ) : (
                <>
                  <BarLink href={paths.login} pathname={pathname} className="nav-link site-nav__login">
                    {t('layout.nav.login')}
                  </BarLink>
                  <AppLink href={paths.registration} className="btn btn-primary rounded-pill px-4">
                    {t('layout.nav.registration')}
                  </AppLink>
                </>
              )}
            </div>
          </div>
        </div>
      </nav>
    </header>
  );
}
