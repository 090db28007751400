import '../../styles/app-shell.css';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import {
  morePlacesOf,
  type NavPlace,
  type NavSection,
  type SchoolNavigation,
  schoolNavigationOf,
} from '../../../shared/app-navigation.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { bannerTitleFor, bannerTitleKeyFor } from '../../../shared/screens.js';
import { paths } from '../../config/paths.js';
import { isCurrentPlace } from '../../lib/app-navigation.js';
import { useLogout } from '../../lib/auth.js';
import { useCurrentUser } from '../../lib/current-user.js';
import { type MessageKey, useI18n } from '../../lib/i18n.js';
import { childrenQueryOptions } from '../../lib/school/get-children.js';
import { useMediaQuery } from '../../lib/use-media-query.js';
import { numberIn } from '../school/numbers.js';
import { yearIn } from './Footer.js';
import { LanguagePicker } from './LanguageSwitch.js';
import { ShellIcon } from './nav-icons.js';
import { usePageTitle } from './PageBanner.js';
import { SchoolLogo } from './SchoolBrand.js';
import { useSchool } from './school.js';
import { type UnreadByPlace, useUnreadPlaces } from './unread-places.js';

/**
 * From Bootstrap's lg breakpoint the side navigation takes the bottom bar's place. Phones first:
 * until the browser answers (and where it cannot), the bottom bar.
 */
export const SIDE_NAV_QUERY = '(min-width: 992px)';

/** The navigation's accessible name, one landmark at a time (side or bottom); English: NAV_LABEL. */
export const NAV_LABEL = 'School area';
const NAV_LABEL_KEY: MessageKey = 'navigation.shell.label';

/**
 * The page's title in the reader's language: the banner title's message where the path has one,
 * else what the banner says (the not-found title).
 */
function useShellTitle(): string | undefined {
  const { t } = useI18n();
  const title = usePageTitle();
  const { pathname } = useLocation();
  const key = bannerTitleKeyFor(pathname);
  return key && title === bannerTitleFor(pathname) ? t(key) : title;
}

/** The logged-in user's places: none until the user (and a parent's children) are known. */
function useSchoolNavigation(): SchoolNavigation | undefined {
  const user = useCurrentUser().data;
  const isParent = user?.type === USER_TYPE.parent;
  const children = useQuery({ ...childrenQueryOptions(), enabled: isParent });
  if (!user || (isParent && children.isPending)) return undefined;
  return schoolNavigationOf(user.type, children.data ?? []);
}

/** The most a badge shows in digits; above it, "99+". */
const BADGE_MAX = 99;

/**
 * A place's label with its unread count: seen as the label and a badge ("99+" above 99), heard as
 * "Messages, 3 unread" from text only assistive technology gets. Not an aria-label: the name must
 * hold what is seen (axe's label-content-name-mismatch), and "Messages3" is in no sentence.
 */
function LabelWithUnread({ label, count, className }: { label: string; count: number; className: string }) {
  const { t, locale } = useI18n();
  if (count <= 0) return <span className={className}>{label}</span>;
  return (
    <>
      <span className={className} aria-hidden="true">
        {label}
      </span>
      <span className="app-badge" aria-hidden="true">
        {count > BADGE_MAX ? `${numberIn(BADGE_MAX, locale)}+` : numberIn(count, locale)}
      </span>
      <span className="visually-hidden">{t('navigation.shell.unread', { place: label, count })}</span>
    </>
  );
}

interface PlaceLinkProps {
  place: NavPlace;
  className: string;
  unread: UnreadByPlace;
  short?: boolean;
  onNavigate?: () => void;
}

function PlaceLink({ place, className, unread, short = false, onNavigate }: PlaceLinkProps) {
  const { t } = useI18n();
  const location = useLocation();
  const current = isCurrentPlace(place.href, location);
  const label = t(short ? place.shortKey : place.labelKey);
  const count = unread.get(place.href) ?? 0;
  return (
    <Link
      to={place.href}
      className={current ? `${className} is-current` : className}
      aria-current={current ? 'page' : undefined}
      onClick={onNavigate}
    >
      <ShellIcon name={place.icon} className={`${className}-icon`} />
      <LabelWithUnread label={label} count={count} className={`${className}-label`} />
    </Link>
  );
}

interface SectionsProps {
  sections: readonly NavSection[];
  idPrefix: string;
  unread: UnreadByPlace;
  /** A place was chosen (the More sheet closes at once, not when the screen has loaded). */
  onNavigate?: () => void;
}

function Sections({ sections, idPrefix, unread, onNavigate }: SectionsProps) {
  const { t } = useI18n();
  return sections.map((section, index) => {
    const headingId = `${idPrefix}-${index}`;
    return (
      <div key={section.heading ?? index} className="app-nav-section">
        {section.heading ? (
          <h2 id={headingId} className="app-nav-section__heading">
            {section.headingKey ? t(section.headingKey) : section.heading}
          </h2>
        ) : null}
        <ul className="app-nav-section__list" aria-labelledby={section.heading ? headingId : undefined}>
          {section.places.map((place) => (
            <li key={place.href}>
              <PlaceLink place={place} className="app-nav-link" unread={unread} onNavigate={onNavigate} />
            </li>
          ))}
        </ul>
      </div>
    );
  });
}

interface NavProps {
  navigation: SchoolNavigation | undefined;
  unread: UnreadByPlace;
}

/** Desktop: every place, in sections, beside the page. */
function SideNav({ navigation, unread }: NavProps) {
  const { t } = useI18n();
  const ids = useId();
  return (
    <nav className="app-side" aria-label={t(NAV_LABEL_KEY)}>
      {navigation ? <Sections sections={navigation.sections} idPrefix={ids} unread={unread} /> : null}
    </nav>
  );
}

const FOCUSABLE = 'button:not([disabled]), [href]';

/** The phone's "More": the places not on the bar, in a sheet over the page. */
function MoreSheet({
  sections,
  unread,
  onClose,
}: {
  sections: readonly NavSection[];
  unread: UnreadByPlace;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const ids = useId();
  const sheet = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    close.current?.focus();
    document.body.classList.add('modal-open');
    return () => document.body.classList.remove('modal-open');
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !sheet.current) return;
    // Focus stays in the sheet while it is open (it is modal).
    const focusable = [...sheet.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a tap beside the sheet closes it; Escape and Close are the keyboard's way. */}
      <div className="app-more-backdrop" onMouseDown={onClose} />
      <div
        ref={sheet}
        className="app-more"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${ids}-title`}
        onKeyDown={onKeyDown}
      >
        <div className="app-more__head">
          <h2 id={`${ids}-title`} className="app-more__title">
            {t('navigation.more')}
          </h2>
          <button
            ref={close}
            type="button"
            className="app-icon-button"
            aria-label={t('navigation.shell.close')}
            onClick={onClose}
          >
            <ShellIcon name="x-lg" />
          </button>
        </div>
        <div className="app-more__body">
          <Sections sections={sections} idPrefix={ids} unread={unread} onNavigate={onClose} />
        </div>
      </div>
    </>
  );
}

/** Phone: the places used most, then More (with the unread of the places in it). */
function BottomBar({ navigation, unread }: NavProps) {
  const { t } = useI18n();
  const location = useLocation();
  const { pathname } = location;
  const [open, setOpen] = useState(false);
  const [shownPath, setShownPath] = useState(pathname);
  const more = useRef<HTMLButtonElement>(null);
  // A place chosen in the sheet closes it.
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setOpen(false);
  }
  const rest = navigation ? morePlacesOf(navigation) : [];
  const restPlaces = rest.flatMap((section) => section.places);
  const moreCurrent = restPlaces.some((place) => isCurrentPlace(place.href, location));
  const moreUnread = restPlaces.reduce((sum, place) => sum + (unread.get(place.href) ?? 0), 0);
  const moreLabel = t('navigation.more');
  const closeSheet = () => {
    setOpen(false);
    more.current?.focus();
  };
  return (
    <>
      <nav className="app-tabbar" aria-label={t(NAV_LABEL_KEY)}>
        <ul className="app-tabbar__list">
          {navigation?.bar.map((place) => (
            <li key={place.href}>
              <PlaceLink place={place} className="app-tab" unread={unread} short />
            </li>
          ))}
          {rest.length > 0 ? (
            <li>
              <button
                ref={more}
                type="button"
                className={`app-tab${moreCurrent ? ' is-current' : ''}`}
                aria-haspopup="dialog"
                aria-expanded={open}
                onClick={() => setOpen(true)}
              >
                <ShellIcon name="grid" className="app-tab-icon" />
                <LabelWithUnread label={moreLabel} count={moreUnread} className="app-tab-label" />
              </button>
            </li>
          ) : null}
        </ul>
      </nav>
      {open ? <MoreSheet sections={rest} unread={unread} onClose={closeSheet} /> : null}
    </>
  );
}

/** Initials for the avatar: "Amara Okafor" -> "AO". */
const initialsOf = (name: string): string =>
  name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');

/** The compact title bar: the school (a link to the dashboard), the page's title, the user. */
function TitleBar() {
  const { t } = useI18n();
  const title = useShellTitle();
  const { settings } = useSchool();
  const user = useCurrentUser().data;
  const logout = useLogout();
  return (
    <header className="app-bar">
      <Link
        to={paths.dashboard}
        className="app-bar__brand"
        aria-label={
          settings?.name
            ? t('navigation.shell.brandWithSchool', { school: settings.name })
            : t('navigation.shell.brand')
        }
      >
        <SchoolLogo logo={settings?.logo} />
      </Link>
      <div className="app-bar__titles">
        {settings?.name ? <p className="app-bar__school">{settings.name}</p> : null}
        <h1 className="app-bar__title">{title}</h1>
      </div>
      <div className="app-bar__user">
        {user ? (
          <p className="app-bar__who">
            <span className="app-avatar" aria-hidden="true">
              {initialsOf(user.name)}
            </span>
            <span className="app-bar__name">
              <span className="visually-hidden">{t('navigation.shell.loggedInAs')}</span>
              {user.name}
              <span className="app-bar__type">{t(`common.userType.${user.type}`)}</span>
            </span>
          </p>
        ) : null}
        <button type="button" className="app-logout" onClick={logout}>
          <ShellIcon name="box-arrow-right" />
          <span className="app-logout__label">{t('navigation.shell.logout')}</span>
        </button>
      </div>
    </header>
  );
}

/** Back to the dashboard from any other screen. */
function Breadcrumb() {
  const { t } = useI18n();
  const title = useShellTitle();
  const { pathname } = useLocation();
  if (pathname === paths.dashboard) return null;
  return (
    <nav aria-label={t('navigation.shell.breadcrumb')} className="app-crumbs">
      <ol className="breadcrumb mb-0">
        <li className="breadcrumb-item">
          <Link to={paths.dashboard}>{t('navigation.shell.breadcrumbHome')}</Link>
        </li>
        <li className="breadcrumb-item active" aria-current="page">
          {title}
        </li>
      </ol>
    </nav>
  );
}

/** One line: the ©, the way to the school's public website and the user's language. */
function SlimFooter() {
  const { t } = useI18n();
  const { settings } = useSchool();
  return (
    <footer className="app-footer">
      <p className="mb-0">
        © {yearIn(settings?.timeZone)} {settings?.name}
      </p>
      <a href={paths.home} className="app-footer__site">
        <ShellIcon name="globe2" />
        {t('navigation.shell.website')}
      </a>
      <LanguagePicker />
    </footer>
  );
}

export interface AppShellProps {
  /** The page's main element (Layout moves focus to it after a navigation). */
  mainRef: RefObject<HTMLElement | null>;
  mainId: string;
}

/**
 * The school area's frame (docs/decisions/0051-app-shell.md): a compact title bar with the page's
 * title (docs/contract/product.md#banner-titles), the school and the user; the type's navigation
 * (shared/app-navigation.ts) beside the page on a desktop, as a bottom bar with More on a phone; a
 * slim footer. Loaded with the school area only, so the public pages carry none of it.
 */
export default function AppShell({ mainRef, mainId }: AppShellProps) {
  const navigation = useSchoolNavigation();
  const unread = useUnreadPlaces(navigation);
  const bottomBar = !useMediaQuery(SIDE_NAV_QUERY);
  return (
    <div className={`app-shell${bottomBar ? ' app-shell--phone' : ''}`}>
      <TitleBar />
      <div className="app-shell__body">
        {bottomBar ? null : <SideNav navigation={navigation} unread={unread} />}
        <div className="app-shell__page">
          <main id={mainId} ref={mainRef} tabIndex={-1} className="app-main">
            <Breadcrumb />
            <Outlet />
          </main>
          <SlimFooter />
        </div>
      </div>
      {bottomBar ? <BottomBar navigation={navigation} unread={unread} /> : null}
    </div>
  );
}
