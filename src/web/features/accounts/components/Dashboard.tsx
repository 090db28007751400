import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { USER_TYPE } from '../../../../shared/constants.js';
import { tileMessageKeys } from '../../../../shared/screens.js';
import { DashTile } from '../../../components/ui/DashTile.js';
import { SectionState, sectionStatus } from '../../../components/ui/SectionState.js';
import { useCurrentUser } from '../../../lib/current-user.js';
import { useI18n } from '../../../lib/i18n.js';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query.js';
import type { Account } from '../api/account-fields.js';
import { useLogout } from '../api/logout.js';
import { userTypeLabel } from '../lib/labels.js';
import { dailyTilesFirst, dashboardTilesFor, tileLook } from '../lib/tiles.js';
import { AccountIcon } from './AccountIcon.js';

export const PROFILE_PATH = '/profile';

/** First name for the greeting; the whole name when it has only one part. */
const firstName = (name: string): string => name.trim().split(/\s+/)[0] ?? name;

function Greeting({ user }: { user: Account }) {
  const { t, parts } = useI18n();
  return (
    <div className="dashboard__greeting">
      {/* The name is isolated (bdi), so "Kofi" keeps its own direction inside an Arabic sentence: "مرحبًا، Kofi!", not "!Kofi". */}
      <p className="dashboard__hello">
        {parts('accounts.dashboard.hello', { name: <bdi key="name">{firstName(user.name)}</bdi> })}
      </p>
      <p className="dashboard__who">
        {parts('accounts.dashboard.loggedInAs', {
          name: <bdi key="name">{user.name}</bdi>,
          strong: (chunks) => <strong key="strong">{chunks}</strong>,
        })}
        <span className="dashboard__type">{userTypeLabel(t, user.type)}</span>
      </p>
    </div>
  );
}

/**
 * What waits behind a tile, by the tile's path: how many, and the word for them ("2 new" unread
 * notifications, "1 waiting" registration, "3 open" messages).
 */
export interface TileCount {
  count: number;
  word: 'new' | 'waiting' | 'open';
}
export type TileCounts = Readonly<Partial<Record<string, TileCount>>>;

function TileGrid({
  user,
  headingId,
  newCounts,
}: {
  user: Account;
  headingId: string;
  newCounts: TileCounts;
}) {
  const { t } = useI18n();
  const phone = useMediaQuery(PHONE_QUERY);
  const all = dashboardTilesFor(user.type) ?? [];
  // On a phone the principal's daily tiles come first, in the page itself (not by CSS order), so
  // that reading and tabbing follow what is seen.
  const tiles = phone && user.type === USER_TYPE.principal ? dailyTilesFirst(all) : all;
  return (
    <ul className="dashboard__tiles" aria-labelledby={headingId}>
      {tiles.map((tile, index) => {
        const look = tileLook(tile.label);
        const keys = tileMessageKeys(tile);
        const waiting = newCounts[tile.path];
        const fresh = waiting?.count ?? 0;
        const pill = t('accounts.dashboard.pill', { count: fresh, word: waiting?.word ?? 'new' });
        return (
          <DashTile
            key={tile.path + tile.label}
            index={index}
            icon={<AccountIcon name={look.icon} />}
            label={t(keys.label)}
            to={tile.path}
            pill={fresh > 0 ? pill : undefined}
            blurb={t(keys.blurb)}
          />
        );
      })}
    </ul>
  );
}

/**
 * Director, HOD, Pion, Gard, Driver: no school area yet (docs/contract/product.md#school-screens,
 * docs/contract/product.md#roles; docs/contract/api.md).
 */
function NoSchoolArea({ user }: { user: Account }) {
  const { t } = useI18n();
  const logout = useLogout();
  return (
    <div className="dashboard__none">
      <span className="dashboard__none-icon" aria-hidden="true">
        <AccountIcon name="hourglass-split" />
      </span>
      <h3 className="h4">{t('accounts.dashboard.noAreaTitle', { type: userTypeLabel(t, user.type) })}</h3>
      <p>{t('accounts.dashboard.noAreaBody')}</p>
      <div className="d-flex flex-wrap gap-2 justify-content-center">
        <Link to={PROFILE_PATH} className="btn btn-primary rounded-pill px-4">
          {t('accounts.dashboard.goToProfile')}
        </Link>
        <button type="button" className="btn btn-outline-primary rounded-pill px-4" onClick={logout}>
          {t('accounts.dashboard.logOut')}
        </button>
      </div>
    </div>
  );
}

function TileSkeleton() {
  return (
    <ul className="dashboard__tiles" aria-hidden="true">
      {[0, 1, 2, 3, 4, 5].map((n) => (
        <li key={n} className="dash-tile dash-tile--skeleton" />
      ))}
    </ul>
  );
}

/**
 * Dashboard (docs/contract/product.md#school-screens): a greeting and one link card per menu item of the
 * user's type, plus Approvals for the principal (or the area `areaFor` gives); an explanation for types without a school area. `newCounts`
 * puts a "N new" badge on the tiles it names.
 */
export function Dashboard({
  newCounts = {},
  areaFor,
  leadFor,
}: {
  newCounts?: TileCounts;
  /** What comes first for some users, above their area or tiles (a pupil's and a parent's "coming up"). */
  leadFor?: (user: Account) => ReactNode | undefined;
  /**
   * A school area of its own for some users instead of the registry's tiles (a parent's is per
   * child, docs/decisions/0021-families.md); undefined keeps the tiles.
   */
  areaFor?: (user: Account) => ReactNode | undefined;
}) {
  const headingId = useId();
  const { t } = useI18n();
  const query = useCurrentUser();
  const status = sectionStatus(query);
  const user = query.data;

  return (
    <section className="dashboard container py-5" aria-labelledby={headingId} aria-busy={status.pending}>
      <h2 id={headingId} className="visually-hidden">
        {t('accounts.dashboard.heading')}
      </h2>
      <SectionState status={status} />
      {user ? (
        <>
          <Greeting user={user} />
          {leadFor?.(user)}
          {areaFor?.(user) ??
            (dashboardTilesFor(user.type) ? (
              <TileGrid user={user} headingId={headingId} newCounts={newCounts} />
            ) : (
              <NoSchoolArea user={user} />
            ))}
        </>
      ) : status.pending ? (
        <TileSkeleton />
      ) : null}
    </section>
  );
}
