import { isSchoolType, USER_TYPE, type UserType } from '../../../../shared/constants.js';
import {
  type DashboardTile,
  dashboardTilesOf,
  SCREEN_ENTRIES,
  type ScreenPath,
} from '../../../../shared/screens.js';
import type { AccountIconName } from '../components/account-icons.js';

/** The principal's tile of a screen in the registry (shared/screens.ts). */
const principalTile = (path: ScreenPath): DashboardTile => {
  const tile = dashboardTilesOf(USER_TYPE.principal).find((candidate) => candidate.path === path);
  if (!tile) throw new Error(`The principal has no tile for ${path}`);
  return tile;
};

/** The principal's extra tile (docs/contract/fixes-and-gaps.md#fix-9): registrations waiting for approval. */
export const APPROVALS_TILE = principalTile('/approvals');
/** The principal's site editor and the inbox of the public forms (docs/decisions/0006-media-and-content-editing.md). */
export const WEBSITE_TILE = principalTile('/website');
export const INBOX_TILE = principalTile('/inbox');
/** docs/decisions/0009-running-the-school-year.md: staff enter marks and send notifications. */
export const MARKS_TILE = principalTile('/marks');
export const SEND_NOTIFICATION_TILE = principalTile('/send-notification');
/** docs/decisions/0009-running-the-school-year.md: the principal's classes, subjects, time slots, enrolments and exams. */
export const SCHOOL_SETUP_TILE = principalTile('/school-setup');
export const IMPORT_PUPILS_TILE = principalTile('/import-pupils');
/** docs/decisions/0021-families.md: the day's register (staff) and the linking of parents to pupils. */
export const TODAY_TILE = principalTile('/today');
export const GUARDIANS_TILE = principalTile('/guardians');
/** docs/decisions/0022-email-outbox.md: the school's mail, sent and waiting. */
export const OUTBOX_TILE = principalTile('/outbox');
/** docs/decisions/0025-newsletter.md: the principal writes to the confirmed newsletter subscribers. */
export const NEWSLETTERS_TILE = principalTile('/newsletters');
/** docs/decisions/0049-blog-comments.md: the principal approves the blog's comments before they are shown. */
export const BLOG_COMMENTS_TILE = principalTile('/blog-comments');

/**
 * The tiles of a user's dashboard, from the screen registry: the product's menu of the type (docs/contract/product.md#school-screens)
 * and what was added after it. Undefined for types without a school area (Director, HOD, ...).
 */
export function dashboardTilesFor(type: UserType): readonly DashboardTile[] | undefined {
  return isSchoolType(type) ? dashboardTilesOf(type) : undefined;
}

/**
 * What the principal looks at every day (docs/decisions/0016-phone-layout.md): registrations to approve, open
 * messages, the school's attendance today and notifications. On a phone these tiles come first.
 */
export const PRINCIPAL_DAILY_PATHS: readonly string[] = [
  APPROVALS_TILE.path,
  INBOX_TILE.path,
  '/attendence',
  '/notification',
];

/** The tiles with the principal's daily ones first (in PRINCIPAL_DAILY_PATHS order), the rest as they were. */
export function dailyTilesFirst(tiles: readonly DashboardTile[]): DashboardTile[] {
  const rank = (tile: DashboardTile) => {
    const at = PRINCIPAL_DAILY_PATHS.indexOf(tile.path);
    return at === -1 ? PRINCIPAL_DAILY_PATHS.length : at;
  };
  return tiles
    .map((tile, index) => ({ tile, index }))
    .sort((a, b) => rank(a.tile) - rank(b.tile) || a.index - b.index)
    .map(({ tile }) => tile);
}

export interface TileLook {
  icon: AccountIconName;
  /** One line under the label: what the tile leads to. */
  blurb: string;
}

/** The registry's tile of this label: its icon and line of text. */
const LOOKS: ReadonlyMap<string, TileLook> = new Map(
  SCREEN_ENTRIES.flatMap((entry) => Object.values(entry.tiles ?? {})).map((tile) => {
    // The registry's icon names are all drawn by AccountIcon: a new name fails to compile here.
    const icon: AccountIconName = tile.icon;
    return [tile.label, { icon, blurb: tile.blurb }];
  }),
);

const FALLBACK_LOOK: TileLook = { icon: 'journal-text', blurb: '' };

export const tileLook = (label: string): TileLook => LOOKS.get(label) ?? FALLBACK_LOOK;
