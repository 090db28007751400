import { Fragment, type ReactNode, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { UnreadAnswer } from '../../../../shared/api/conversations.js';
import { childPlacesOf } from '../../../../shared/app-navigation.js';
import { linkTo } from '../../../../shared/screens.js';
import { FailureState, LoadingState } from '../../../components/school/QueryState.js';
import { ContentIcon } from '../../../components/ui/ContentIcon.js';
import { DashTile } from '../../../components/ui/DashTile.js';
import { type Translator, useI18n } from '../../../lib/i18n.js';
import { uploadUrl } from '../../../lib/images.js';
import { type ChildRow, useChildren } from '../../../lib/school/get-children.js';

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

/** Each child's unread messages (`GET conversations/unread`): none when the count is not in yet. */
type UnreadMessages = UnreadAnswer['children'];

const unreadOf = (unread: UnreadMessages | undefined, child: ChildRow): number =>
  unread?.find((row) => row.studentId === child.studentId)?.unread ?? 0;

/**
 * One link per child, the chosen one marked, with the child's unread messages; each is a large
 * target (docs/decisions/0021-families.md).
 */
function ChildSwitcher({
  kids,
  chosen,
  unread,
}: {
  kids: readonly ChildRow[];
  chosen: ChildRow;
  unread: UnreadMessages | undefined;
}) {
  const { t } = useI18n();
  return (
    <nav className="child-switcher" aria-label={t('family.parent.switcher')}>
      <ul className="child-switcher__list">
        {kids.map((child) => {
          const current = child.studentId === chosen.studentId;
          const messages = unreadOf(unread, child);
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
                {messages > 0 ? (
                  <span className="badge rounded-pill text-bg-danger child-card__unread">
                    {t('family.parent.unreadMessages', { count: messages })}
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

interface ChildTile {
  /** Tells the tiles apart (the notifications' and the messages' tiles carry their unread counts). */
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
    // docs/decisions/0089-screens-for-the-school-year-and-calendar.md: the family's calendar and its feed.
    {
      id: 'calendar',
      label: t('calendar.place.tile'),
      blurb: t('calendar.place.blurb'),
      icon: 'bi-balloon',
      to: linkTo('/calendar'),
    },
    // docs/decisions/0099-forms-and-permission-slips.md: the school's forms to answer and sign.
    {
      id: 'school-forms',
      label: t('school-forms.place.tile'),
      blurb: t('school-forms.place.parentBlurb'),
      icon: 'bi-clipboard-check',
      to: linkTo('/school-forms'),
    },
  ];
}

function ChildTiles({
  child,
  unreadNotes,
  unreadMessages,
}: {
  child: ChildRow;
  unreadNotes: number;
  unreadMessages: number;
}) {
  const { t } = useI18n();
  const messagesId = linkTo('/conversations/:id', child.studentId);
  return (
    <ul
      className="dashboard__tiles child-tiles"
      aria-label={t('family.parent.schoolArea', { name: child.studentName })}
    >
      {childTiles(child, t).map((tile, index) => {
        let badge: string | undefined;
        if (tile.id === 'notifications' && unreadNotes > 0)
          badge = t('family.parent.newNotes', { count: unreadNotes });
        else if (tile.id === messagesId && unreadMessages > 0)
          badge = t('dashboard.pill.new', { count: unreadMessages });
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
 * when there are several (the choice is kept in `?child=`, each child with their unread messages),
 * the chosen child's day and one tile per screen of that child.
 */
export function ParentDashboard({
  unreadNotes = 0,
  unreadMessages,
  dayOf,
}: {
  unreadNotes?: number;
  unreadMessages?: UnreadMessages | undefined;
  /**
   * The chosen child's day, first: the route composes it from the daily log, the photos and the
   * conversation, which are other features.
   */
  dayOf: (child: ChildRow) => ReactNode;
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
      {children.data.length > 1 ? (
        <ChildSwitcher kids={children.data} chosen={chosen} unread={unreadMessages} />
      ) : null}
      <section className="parent-child" aria-labelledby={headingId}>
        <h3 id={headingId} className="visually-hidden">
          {chosen.studentName}
        </h3>
        {children.data.length > 1 ? null : (
          <div className="child-card child-card--single">
            <ChildSummary child={chosen} />
          </div>
        )}
        <Fragment key={`day-${chosen.studentId}`}>{dayOf(chosen)}</Fragment>
        <ChildTiles
          child={chosen}
          unreadNotes={unreadNotes}
          unreadMessages={unreadOf(unreadMessages, chosen)}
        />
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
