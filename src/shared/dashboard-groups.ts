import { type SchoolType, USER_TYPE } from './constants.js';
import type { MessageKey } from './i18n/message-keys.js';
import { type DashboardTile, dashboardTilesOf, type ScreenPath } from './screens.js';

/**
 * The principal's tiles in four groups (docs/decisions/0052-dashboards-that-say-what-needs-doing.md):
 * what is looked at every day, the school year's teaching, the office's running of the school, and
 * the public website. Every tile stays the contract's tile (label, path, look: shared/screens.ts);
 * a group only says where it sits. Within a group the tiles keep the registry's order.
 */
export const TILE_GROUPS = ['Daily', 'Teaching', 'Office', 'Website'] as const;
export type TileGroup = (typeof TILE_GROUPS)[number];

/** A group's name in the reader's language (`navigation.group.<group>`; English as TILE_GROUPS). */
export const tileGroupKey = (group: TileGroup): MessageKey => `navigation.group.${group}`;

/** The group of each of the principal's tiles, by its path. A tile missing here fails the tests. */
export const PRINCIPAL_TILE_GROUP: Readonly<Partial<Record<ScreenPath, TileGroup>>> = {
  '/today': 'Daily',
  '/attendence': 'Daily',
  '/approvals': 'Daily',
  '/inbox': 'Daily',
  '/notification': 'Daily',
  '/send-notification': 'Daily',
  '/student-class': 'Teaching',
  '/exams': 'Teaching',
  '/results': 'Teaching',
  '/schedule': 'Teaching',
  '/marks': 'Teaching',
  '/payment': 'Office',
  '/guardians': 'Office',
  '/school-setup': 'Office',
  '/import-pupils': 'Office',
  '/outbox': 'Office',
  '/profile': 'Office',
  '/website': 'Website',
  '/newsletters': 'Website',
  '/blog-comments': 'Website',
  '/words': 'Website',
  // docs/decisions/0079-photo-consent.md
  '/photos': 'Daily',
  // docs/decisions/0080-conversations.md
  '/conversations': 'Daily',
  // docs/decisions/0081-push-and-live.md: the principal's own settings, beside their profile.
  '/notification-settings': 'Office',
  // docs/decisions/0089-screens-for-the-school-year-and-calendar.md
  '/calendar': 'Daily',
  '/school-years': 'Teaching',
  // docs/decisions/0091-the-year-rollover.md
  '/rollover': 'Office',
  // docs/decisions/0090-report-cards.md
  '/report-cards-review': 'Teaching',
  // docs/decisions/0099-forms-and-permission-slips.md
  '/school-forms': 'Office',
  // docs/decisions/0105-the-admissions-board.md
  '/admissions': 'Office',
  // docs/decisions/0110-retention-and-erasure.md
  '/retention': 'Office',
  // docs/decisions/0108-two-factor-for-staff.md: the principal's own settings, beside their profile.
  '/security': 'Office',
};

export interface GroupOfTiles {
  group: TileGroup;
  tiles: DashboardTile[];
}

/**
 * A type's tiles in their groups, groups in TILE_GROUPS order and empty ones left out; undefined
 * for the types whose dashboard is one list (only the principal's has enough tiles to need groups).
 */
export function groupedTilesOf(type: SchoolType): GroupOfTiles[] | undefined {
  if (type !== USER_TYPE.principal) return undefined;
  const tiles = dashboardTilesOf(type);
  return TILE_GROUPS.map((group) => ({
    group,
    tiles: tiles.filter((tile) => PRINCIPAL_TILE_GROUP[tile.path as ScreenPath] === group),
  })).filter((entry) => entry.tiles.length > 0);
}
