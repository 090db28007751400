import { Fragment, type ReactNode, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { CheckinRow } from '../../../../shared/api/family.js';
import { childPlacesOf } from '../../../../shared/app-navigation.js';
import { linkTo } from '../../../../shared/screens.js';
import { FailureState, LoadingState } from '../../../components/school/QueryState.js';
import { ContentIcon } from '../../../components/ui/ContentIcon.js';
import { DashTile } from '../../../components/ui/DashTile.js';
import { type Translator, useI18n } from '../../../lib/i18n.js';
import { uploadUrl } from '../../../lib/images.js';
import { type ChildRow, useChildren } from '../../../lib/school/get-children.js';
import { formatTime } from '../../../lib/school-time.js';
import { useSettings } from '../../../lib/settings.js';
import { useCheckins } from '../api/get-checkins.js';

/** The URL's search parameter that remembers the chosen child (a link or a reload keeps it). */
export const CHILD_PARAM = 'child';
/** The last choice, for a return to /dashboard without the parameter (the menu's Dashboard link). */
const REMEMBERED_CHILD = 'schoolyard.parent.child';

function rememberedChild(): string | null {
  try {
    return window.sessionStorage.getItem(REMEMBERED_CHILD);
  } catch {
    return null;
  }
}

function rememberChild(studentId: number): void {
  try {
    window.sessionStorage.setItem(REMEMBERED_CHILD, String(studentId));
  } catch {
    // A browser without storage only loses the convenience.
  }
}

/** The child the URL names, else the one chosen last, else the first. */
function chooseChild(children: readonly ChildRow[], asked: string | null): ChildRow | undefined {
  const byId = (id: string | null) => children.find((child) => String(child.studentId) === id);
  return byId(asked) ?? byId(rememberedChild()) ?? children[0];
}

const initialOf = (name: string): string => name.trim().charAt(0).toUpperCase() || '?';

/** The child's photo, or their initial on a coloured disc. Decorative: the name is beside it. */
function ChildFace({ child }: { child: ChildRow }) {
  return child.image ? (
    <img className="child-face" src={uploadUrl(child.image)} alt="" width={56} height={56} loading="lazy" />
  ) : (
    <span className="child-face child-face--initial" aria-hidden="true">
      {initialOf(child.studentName)}
    </span>
  );
}

function ChildSummary({ child }: { child: ChildRow }) {
  const { t } = useI18n();
  return (
    <>
      <ChildFace child={child} />
      <span className="child-card__text">
        <span className="child-card__name">{child.studentName}</span>
        <span className="child-card__class">{child.className ?? t('family.parent.noClass')}</span>
      </span>
    </>
  );
}

/** One link per child, the chosen one marked; each is a large target (docs/decisions/0021-families.md). */
function ChildSwitcher({ kids, chosen }: { kids: readonly ChildRow[]; chosen: ChildRow }) {
  const { t } = useI18n();
  return (
    <nav className="child-switcher" aria-label={t('family.parent.switcher')}>
      <ul className="child-switcher__list">
        {kids.map((child) => {
          const current = child.studentId === chosen.studentId;
          return (
            <li key={child.studentId}>
              <Link
                to={`?${CHILD_PARAM}=${child.studentId}`}
                replace
                preventScrollReset
                className={`child-card child-card--choice${current ? ' child-card--current' : ''}`}
                aria-current={current ? 'true' : undefined}
                onClick={() => rememberChild(child.studentId)}
              >
                <ChildSummary child={child} />
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function checkinLine(row: CheckinRow, timeZone: string | undefined, { t, locale }: Translator): string {
  const time = formatTime(row.at, timeZone, locale);
  if (row.kind === 'in') return t('family.parent.arrived', { time });
  return row.collectedBy
    ? t('family.parent.collected', { time, name: row.collectedBy })
    : t('family.parent.left', { time });
}

/** The child's arrivals and departures today (`GET pupils/{id}/checkins`). */
function ChildToday({ child }: { child: ChildRow }) {
  const headingId = useId();
  const translator = useI18n();
  const { t } = translator;
  const checkins = useCheckins(child.studentId);
  // The register's times are the school's (docs/decisions/0021-families.md#staff-screens).
  const timeZone = useSettings().data?.timeZone;
  const rows = checkins.data?.data ?? [];
  const last = rows.at(-1);
  let body: ReactNode;
  if (checkins.isError && checkins.data === undefined)
    body = <FailureState error={checkins.error} retry={checkins.refetch} />;
  else if (checkins.data === undefined) body = <LoadingState />;
  else if (rows.length === 0) body = <p className="child-today__none">{t('family.parent.notYetIn')}</p>;
  else
    body = (
      <>
        <ol className="child-today__list">
          {rows.map((row) => (
            <li key={row.id} className={`child-today__item child-today__item--${row.kind}`}>
              <time dateTime={row.at}>{checkinLine(row, timeZone, translator)}</time>
              <span className="child-today__by">
                {' '}
                {t('family.parent.recordedBy', { name: row.recordedBy })}
              </span>
            </li>
          ))}
        </ol>
        {last?.kind === 'in' ? <p className="child-today__now">{t('family.parent.stillIn')}</p> : null}
      </>
    );
  return (
    <section className="child-today" aria-labelledby={headingId}>
      <h4 id={headingId} className="child-today__title">
        {t('family.parent.today')}
      </h4>
      {body}
    </section>
  );
}

interface ChildTile {
  /** Tells the tiles apart (the notifications' tile carries the unread count). */
  id: string;
  label: string;
  blurb: string;
  icon: string;
  to: string;
}

/** The child's places (shared/app-navigation.ts, the navigation's too), then the family's own. */
function childTiles(child: ChildRow, t: Translator['t']): ChildTile[] {
  return [
    ...childPlacesOf(child).map((place) => ({
      id: place.href,
      label: t(place.labelKey),
      blurb: t(place.blurbKey, place.blurbValues),
      icon: `bi-${place.icon}`,
      to: place.href,
    })),
    {
      id: 'notifications',
      label: t('family.parent.tile.notifications'),
      blurb: t('family.parent.tile.notificationsBlurb'),
      icon: 'bi-chat-heart',
      to: linkTo('/notification'),
    },
    {
      id: 'fees',
      label: t('family.parent.tile.fees'),
      blurb: t('family.parent.tile.feesBlurb'),
      icon: 'bi-calculator',
      to: linkTo('/fees'),
    },
  ];
}

function ChildTiles({ child, unreadNotes }: { child: ChildRow; unreadNotes: number }) {
  const { t } = useI18n();
  return (
    <ul
      className="dashboard__tiles child-tiles"
      aria-label={t('family.parent.schoolArea', { name: child.studentName })}
    >
      {childTiles(child, t).map((tile, index) => {
        const badge =
          tile.id === 'notifications' && unreadNotes > 0
            ? t('family.parent.newNotes', { count: unreadNotes })
            : undefined;
        return (
          <DashTile
            key={tile.id}
            index={index}
            icon={<ContentIcon name={tile.icon} />}
            label={tile.label}
            to={tile.to}
            pill={badge}
            blurb={tile.blurb}
            Heading="h4"
          />
        );
      })}
    </ul>
  );
}

function NoChildren() {
  const { t } = useI18n();
  return (
    <div className="dashboard__none">
      <span className="dashboard__none-icon" aria-hidden="true">
        <ContentIcon name="bi-house-heart" />
      </span>
      <h3 className="h4">{t('family.parent.noChildrenTitle')}</h3>
      <p className="mb-0">{t('family.parent.noChildren')}</p>
    </div>
  );
}

/**
 * A parent's dashboard (docs/decisions/0021-families.md#parent-screens): their children, a switcher
 * when there are several (the choice is kept in `?child=`), the chosen child's day (or their times
 * of today) and one tile per screen of that child.
 */
export function ParentDashboard({
  unreadNotes = 0,
  dayOf,
}: {
  unreadNotes?: number;
  /**
   * The chosen child's day, first (the route composes it from the daily log, the photos and the
   * conversation); without it, the child's arrivals and departures of today.
   */
  dayOf?: (child: ChildRow) => ReactNode;
}) {
  const children = useChildren();
  const [params] = useSearchParams();
  const headingId = useId();

  if (children.isError && children.data === undefined)
    return <FailureState error={children.error} retry={children.refetch} />;
  if (children.data === undefined) return <LoadingState />;
  if (children.data.length === 0) return <NoChildren />;

  const chosen = chooseChild(children.data, params.get(CHILD_PARAM));
  if (!chosen) return <NoChildren />;
  return (
    <div className="parent-area">
      {children.data.length > 1 ? <ChildSwitcher kids={children.data} chosen={chosen} /> : null}
      <section className="parent-child" aria-labelledby={headingId}>
        <h3 id={headingId} className="visually-hidden">
          {chosen.studentName}
        </h3>
        {children.data.length > 1 ? null : (
          <div className="child-card child-card--single">
            <ChildSummary child={chosen} />
          </div>
        )}
        {dayOf ? (
          <Fragment key={`day-${chosen.studentId}`}>{dayOf(chosen)}</Fragment>
        ) : (
          <ChildToday key={`today-${chosen.studentId}`} child={chosen} />
        )}
        <ChildTiles child={chosen} unreadNotes={unreadNotes} />
      </section>
      <SettingsLink />
    </div>
  );
}

/** The parent's notification settings (docs/decisions/0081-push-and-live.md): push, email or off per kind. */
function SettingsLink() {
  const { t } = useI18n();
  return (
    <p className="parent-area__settings mt-4 mb-0 text-center">
      <Link to={linkTo('/notification-settings')} className="btn btn-outline-primary rounded-pill px-4 py-2">
        {t('alerts.place.tile')}
      </Link>
    </p>
  );
}
