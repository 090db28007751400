import {
  DASHBOARD_TILES,
  type DashboardTile,
  isSchoolType,
  USER_TYPE,
  type UserType,
} from '../../../../shared/constants.js';
import type { AccountIconName } from '../components/account-icons.js';

/** The principal's extra tile (decisions item 9): registrations waiting for approval. */
export const APPROVALS_TILE: DashboardTile = { label: 'Approvals', path: '/approvals' };
/** The principal's site editor and the inbox of the public forms (issue #6). */
export const WEBSITE_TILE: DashboardTile = { label: 'Website', path: '/website' };
export const INBOX_TILE: DashboardTile = { label: 'Inbox', path: '/inbox' };
/** Issue #7: staff enter marks and send notifications. */
export const MARKS_TILE: DashboardTile = { label: 'Marks', path: '/marks' };
export const SEND_NOTIFICATION_TILE: DashboardTile = {
  label: 'Send Notification',
  path: '/send-notification',
};
/** Issue #7: the principal's classes, subjects, time slots, enrolments and exams. */
export const SCHOOL_SETUP_TILE: DashboardTile = { label: 'School Set-up', path: '/school-setup' };
export const IMPORT_PUPILS_TILE: DashboardTile = { label: 'Import Pupils', path: '/import-pupils' };

/**
 * The tiles of a user's dashboard: the spec's menu of the type (DASHBOARD_TILES, spec 2.5) and, for
 * staff, Marks and Send Notification; for the principal also School Set-up, Import Pupils, Approvals, Website and Inbox. Undefined for types without a school area (Director, HOD, ...).
 */
export function dashboardTilesFor(type: UserType): readonly DashboardTile[] | undefined {
  if (!isSchoolType(type)) return undefined;
  const tiles = DASHBOARD_TILES[type];
  if (type === USER_TYPE.principal)
    return [
      ...tiles,
      MARKS_TILE,
      SEND_NOTIFICATION_TILE,
      SCHOOL_SETUP_TILE,
      IMPORT_PUPILS_TILE,
      APPROVALS_TILE,
      WEBSITE_TILE,
      INBOX_TILE,
    ];
  return type === USER_TYPE.teacher ? [...tiles, MARKS_TILE, SEND_NOTIFICATION_TILE] : tiles;
}

/**
 * What the principal looks at every day (issue #13): registrations to approve, open messages, the
 * school's attendance today and notifications. On a phone these tiles come first.
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

const LOOKS: Readonly<Record<string, TileLook>> = {
  Profile: { icon: 'person-badge', blurb: 'Your details and photo' },
  'Student-Class': { icon: 'easel2', blurb: 'Your teachers, subjects and times' },
  Exam: { icon: 'pencil-square', blurb: 'Your exam programme' },
  Results: { icon: 'trophy', blurb: 'Marks by subject' },
  Notification: { icon: 'bell', blurb: 'News from your teachers' },
  'Attendance-Report': { icon: 'calendar-check', blurb: 'Your days present and absent' },
  'Student-Attendence': { icon: 'clipboard-check', blurb: 'Take today’s register' },
  'Teacher-Class': { icon: 'easel2', blurb: 'Your classes and their pupils' },
  Exams: { icon: 'journal-text', blurb: 'Exam timetable by class' },
  'Final-Results': { icon: 'award', blurb: 'Each pupil’s result' },
  Schedule: { icon: 'calendar-week', blurb: 'The weekly class timetable' },
  'ClassWise-Student': { icon: 'people', blurb: 'Pupils, class by class' },
  Attendence: { icon: 'calendar-check', blurb: 'Every class’s attendance for a day' },
  Class: { icon: 'easel2', blurb: 'Teachers, subjects and times per class' },
  Payment: { icon: 'wallet2', blurb: 'The tuition fee ledger' },
  Approvals: { icon: 'person-check', blurb: 'New registrations to review' },
  Website: { icon: 'pencil-square', blurb: 'Edit the public website' },
  Inbox: { icon: 'bell', blurb: 'Enquiries, bookings and subscribers' },
  Marks: { icon: 'pencil-square', blurb: 'Enter marks for a class' },
  'Send Notification': { icon: 'bell', blurb: 'Write to a class or a pupil' },
  'School Set-up': { icon: 'easel2', blurb: 'Classes, subjects, times, enrolments, exams' },
  'Import Pupils': { icon: 'people', blurb: 'Add many pupils from a CSV file' },
};

const FALLBACK_LOOK: TileLook = { icon: 'journal-text', blurb: '' };

export const tileLook = (label: string): TileLook => LOOKS[label] ?? FALLBACK_LOOK;

/** Colours cycle through the grid, so neighbours never share one. */
export const TILE_TONES = ['orange', 'teal', 'violet', 'sky', 'green', 'pink', 'sun', 'navy'] as const;
export type TileTone = (typeof TILE_TONES)[number];
export const toneAt = (index: number): TileTone => TILE_TONES[index % TILE_TONES.length] ?? 'orange';
