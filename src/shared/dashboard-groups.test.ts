import { describe, expect, it } from 'vitest';
import { USER_TYPE } from './constants.js';
import { groupedTilesOf, PRINCIPAL_TILE_GROUP, TILE_GROUPS } from './dashboard-groups.js';
import { dashboardTilesOf } from './screens.js';

describe('the principal’s tile groups', () => {
  it('hold every tile of the principal exactly once, as the registry gives it, and nothing else', () => {
    const groups = groupedTilesOf(USER_TYPE.principal) ?? [];
    const tiles = dashboardTilesOf(USER_TYPE.principal);
    const grouped = groups.flatMap((entry) => entry.tiles);
    expect([...grouped].sort((a, b) => a.path.localeCompare(b.path))).toEqual(
      [...tiles].sort((a, b) => a.path.localeCompare(b.path)),
    );
    expect(Object.keys(PRINCIPAL_TILE_GROUP).sort()).toEqual(tiles.map((tile) => tile.path).sort());
    expect(groups.map((entry) => entry.group)).toEqual([...TILE_GROUPS]);
  });

  it('keep the registry’s order within a group', () => {
    const order = dashboardTilesOf(USER_TYPE.principal).map((tile) => tile.path);
    for (const { tiles } of groupedTilesOf(USER_TYPE.principal) ?? []) {
      const at = tiles.map((tile) => order.indexOf(tile.path));
      expect(at).toEqual([...at].sort((a, b) => a - b));
    }
  });

  it('are the principal’s only: the other dashboards stay one list', () => {
    for (const type of [USER_TYPE.teacher, USER_TYPE.student, USER_TYPE.parent]) {
      expect(groupedTilesOf(type)).toBeUndefined();
    }
  });
});
