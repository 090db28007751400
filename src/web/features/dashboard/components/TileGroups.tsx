import '../../../styles/dashboard.css';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  type GroupOfTiles,
  TILE_GROUPS,
  type TileGroup,
  tileGroupKey,
} from '../../../../shared/dashboard-groups.js';
import { type DashboardTile, tileMessageKeys } from '../../../../shared/screens.js';
import { DashTile } from '../../../components/ui/DashTile.js';
import { useI18n } from '../../../lib/i18n.js';

/** The address's `?tiles=` names the group shown; none (or an unknown one) shows every tile. */
export const GROUP_PARAM = 'tiles';

const groupOf = (value: string | null): TileGroup | undefined => TILE_GROUPS.find((group) => group === value);

/**
 * A staff dashboard's tiles (docs/decisions/0052-dashboards-that-say-what-needs-doing.md): the
 * contract's tiles, in the order given (the registry's, or the phone's daily-first order), as one
 * list. Where the type's tiles have groups, a row of buttons above the list shows one group at a
 * time (Daily, Teaching, Office, Website) or all of them; the choice lives in the address, so Back
 * returns to it. Every tile keeps its label, path and look.
 */
export function TileGroups({
  tiles,
  groups,
  iconOf,
  blurbOf,
  pillOf,
}: {
  tiles: readonly DashboardTile[];
  groups?: readonly GroupOfTiles[] | undefined;
  iconOf: (tile: DashboardTile) => ReactNode;
  blurbOf: (tile: DashboardTile) => string;
  /** "2 new", "1 waiting": what waits behind a tile, or undefined. */
  pillOf: (tile: DashboardTile) => string | undefined;
}) {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const chosen = groups ? groupOf(params.get(GROUP_PARAM)) : undefined;
  const inGroup = chosen
    ? new Set(groups?.find((entry) => entry.group === chosen)?.tiles.map((t) => t.path))
    : undefined;
  const shown = inGroup ? tiles.filter((tile) => inGroup.has(tile.path)) : tiles;
  const choose = (group: TileGroup | undefined) =>
    setParams(
      (before) => {
        const next = new URLSearchParams(before);
        if (group) next.set(GROUP_PARAM, group);
        else next.delete(GROUP_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return (
    <div className="dash-tiles">
      {groups ? (
        <fieldset className="dash-groups">
          <legend className="visually-hidden">{t('dashboard.tiles.showGroup')}</legend>
          <button
            type="button"
            className="btn dash-groups__button"
            aria-pressed={chosen === undefined}
            onClick={() => choose(undefined)}
          >
            {t('dashboard.tiles.all')}
          </button>
          {groups.map((entry) => (
            <button
              key={entry.group}
              type="button"
              className="btn dash-groups__button"
              aria-pressed={chosen === entry.group}
              onClick={() => choose(entry.group)}
            >
              {t(tileGroupKey(entry.group))}
            </button>
          ))}
        </fieldset>
      ) : null}
      <ul className="dashboard__tiles" aria-label={t('dashboard.tiles.label')}>
        {shown.map((tile, index) => (
          <DashTile
            key={tile.path + tile.label}
            index={index}
            icon={iconOf(tile)}
            label={t(tileMessageKeys(tile).label)}
            to={tile.path}
            pill={pillOf(tile)}
            blurb={blurbOf(tile)}
          />
        ))}
      </ul>
    </div>
  );
}
