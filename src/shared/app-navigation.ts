import { isSchoolType, type SchoolType, USER_TYPE, type UserType } from './constants.js';
import { groupedTilesOf, tileGroupKey } from './dashboard-groups.js';
import type { MessageKey } from './i18n/message-keys.js';
import { linkTo, type ScreenPath, type TileIcon, tileEntriesOf, tileMessageKeys } from './screens.js';

/**
 * The school area's navigation per account type (docs/decisions/0051-app-shell.md): on phones a
 * bottom bar with the places the type uses most and a "More" menu with the rest, on desktop a side
 * navigation with everything. Derived from the screen registry (screens.ts): a type's places are
 * its dashboard and its dashboard's tiles, with the tiles' labels and icons; only which of them go
 * on the bar, their short bar labels and the principal's sections are chosen here.
 *
 * Every label is given twice: in English (the contract's words, what tests and the server read) and
 * as its message in the `navigation` catalog (`labelKey`, `shortKey`, ...), which the shell shows in
 * the reader's language.
 */

/** The icons the navigation draws: the tiles' and a few of its own. */
export type NavIconName = TileIcon | 'house-door' | 'heart-pulse' | 'calculator' | 'emoji-smile' | 'backpack';

export interface NavPlace {
  /** As the dashboard's tile says it (the product's label), or the place's own name. */
  label: string;
  /** On the phone's bottom bar, where five labels share 375 px. */
  short: string;
  labelKey: MessageKey;
  shortKey: MessageKey;
  href: string;
  icon: NavIconName;
}

export interface NavSection {
  /** Shown above the section's places; the first, untitled section holds the daily places. */
  heading?: string;
  /** The heading's message, when it is the product's word (a child's name, user data, has none). */
  headingKey?: MessageKey;
  places: NavPlace[];
}

export interface SchoolNavigation {
  /** The phone's bottom bar, in order (four or five places; "More" follows them). */
  bar: NavPlace[];
  /** Every place, in sections: the desktop's side navigation, and (without the bar's) the "More" menu. */
  sections: NavSection[];
}

/** Each type's home. */
const HOME: NavPlace = {
  label: 'Dashboard',
  short: 'Home',
  labelKey: 'navigation.home',
  shortKey: 'navigation.home.short',
  href: linkTo('/dashboard'),
  icon: 'house-door',
};

/** A bar label (and its message) for places whose tile label is too long for a fifth of a phone. */
const SHORT_LABELS: Partial<Record<ScreenPath, { text: string; key: MessageKey }>> = {
  '/student-class': { text: 'Class', key: 'navigation.short.student-class' },
  '/notification': { text: 'News', key: 'navigation.short.notification' },
  '/student-attendence': { text: 'Register', key: 'navigation.short.student-attendence' },
  '/attendence': { text: 'Register', key: 'navigation.short.attendence' },
  '/teacher-class': { text: 'Classes', key: 'navigation.short.teacher-class' },
};

/** What each type opens most (for the principal: docs/decisions/0016-phone-layout.md's daily tiles). */
const BAR_PATHS: Readonly<Record<SchoolType, readonly ScreenPath[]>> = {
  [USER_TYPE.student]: ['/student-class', '/exam', '/results', '/notification'],
  [USER_TYPE.teacher]: ['/today', '/student-attendence', '/teacher-class', '/notification'],
  [USER_TYPE.principal]: ['/approvals', '/inbox', '/attendence', '/notification'],
  [USER_TYPE.parent]: ['/notification', '/fees'],
};

/** A parent's child, as `GET family/children` answers it: enough to name their places. */
export interface ChildForNavigation {
  studentId: number;
  studentName: string;
  classId: number | null;
  className: string | null;
}

/** One of a child's places: a tile on the parent's dashboard and an entry of the navigation. */
export interface ChildPlace extends NavPlace {
  /** What the dashboard's tile says under its label. */
  blurb: string;
  blurbKey: MessageKey;
  /** The blurb message's arguments (the class's name). */
  blurbValues?: Readonly<Record<string, string>>;
}

/** The label of a child's care details: the one-child parent's bar keeps it one tap away. */
const CARE_DETAILS = 'Care details';

/**
 * The places of one child (docs/decisions/0021-families.md#parent-screens), in the one order the
 * parent's dashboard shows their tiles and the navigation lists them. The timetable is the class's,
 * so a child in no class has none.
 */
export function childPlacesOf(child: ChildForNavigation): ChildPlace[] {
  const id = child.studentId;
  const place = (
    label: string,
    name: string,
    blurb: string,
    href: string,
    icon: NavIconName,
  ): ChildPlace => ({
    label,
    short: label,
    labelKey: `navigation.child.${name}` as MessageKey,
    shortKey: `navigation.child.${name}` as MessageKey,
    blurb,
    blurbKey: `navigation.child.${name}.blurb` as MessageKey,
    href,
    icon,
  });
  const timetable = (classId: number): ChildPlace => {
    const href = `${linkTo('/schedule-summary')}?classId=${classId}`;
    return child.className === null
      ? {
          ...place('Timetable', 'timetable', 'The week of the class', href, 'backpack'),
          blurbKey: 'navigation.child.timetable.blurbNoClass',
        }
      : {
          ...place('Timetable', 'timetable', `The week of ${child.className}`, href, 'backpack'),
          blurbValues: { className: child.className },
        };
  };
  return [
    place('Profile', 'profile', 'Details and photo', linkTo('/student-profile/:id', id), 'emoji-smile'),
    place(
      'Attendance',
      'attendance',
      'Days present and absent',
      linkTo('/student-attendence/:id', id),
      'clipboard-check',
    ),
    place('Results', 'results', 'Marks by subject', linkTo('/studentresult/:id', id), 'trophy'),
    place(
      'Mark sheet',
      'markSheet',
      'Total, percentage and division',
      linkTo('/result-summary/:id', id),
      'award',
    ),
    ...(child.classId === null ? [] : [timetable(child.classId)]),
    place(
      CARE_DETAILS,
      'care',
      'Contacts, health and who may collect',
      linkTo('/care/:id', id),
      'heart-pulse',
    ),
    // docs/decisions/0080-conversations.md: the child's conversation with the school.
    place('Messages', 'messages', 'Talk with the school', linkTo('/conversations/:id', id), 'envelope-paper'),
    // docs/decisions/0090-report-cards.md: the child's published report cards.
    place(
      'Report cards',
      'reportCards',
      'Published report cards and their PDFs',
      `${linkTo('/report-cards')}?studentId=${id}`,
      'award',
    ),
  ];
}

/** A type's places from its tiles, by path. */
function tilePlaces(type: SchoolType): Map<string, NavPlace> {
  return new Map(
    tileEntriesOf(type).map((tile) => {
      const keys = tileMessageKeys(tile);
      const short = SHORT_LABELS[tile.path];
      return [
        tile.path,
        {
          label: tile.label,
          short: short?.text ?? tile.label,
          labelKey: keys.label,
          shortKey: short?.key ?? keys.label,
          href: tile.path,
          icon: tile.icon,
        },
      ];
    }),
  );
}

const PARENT_PLACES: Readonly<Record<string, NavPlace>> = {
  '/notification': {
    label: 'Notifications',
    short: 'News',
    labelKey: 'navigation.parent.notification',
    shortKey: 'navigation.parent.notification.short',
    href: linkTo('/notification'),
    icon: 'bell',
  },
  '/fees': {
    label: 'Fees',
    short: 'Fees',
    labelKey: 'navigation.parent.fees',
    shortKey: 'navigation.parent.fees',
    href: linkTo('/fees'),
    icon: 'calculator',
  },
};

/**
 * The family's calendar (docs/decisions/0089-screens-for-the-school-year-and-calendar.md): their
 * children's classes' and the school's entries; in the navigation, not on the phone's full bar.
 */
const PARENT_CALENDAR: NavPlace = {
  label: 'Calendar',
  short: 'Calendar',
  labelKey: 'calendar.place.tile',
  shortKey: 'calendar.place.tile',
  href: linkTo('/calendar'),
  icon: 'calendar-event',
};

/** The family's forms to answer (docs/decisions/0099-forms-and-permission-slips.md); in the navigation. */
const PARENT_FORMS: NavPlace = {
  label: 'Forms',
  short: 'Forms',
  labelKey: 'school-forms.place.tile',
  shortKey: 'school-forms.place.tile',
  href: linkTo('/school-forms'),
  icon: 'clipboard-check',
};

function parentNavigation(children: readonly ChildForNavigation[]): SchoolNavigation {
  const own = BAR_PATHS[USER_TYPE.parent].flatMap((path) => PARENT_PLACES[path] ?? []);
  const perChild = children.map((child) => ({
    heading: child.studentName,
    // The navigation's places, without the dashboard's blurbs.
    places: childPlacesOf(child).map(
      ({ blurb: _blurb, blurbKey: _blurbKey, blurbValues: _blurbValues, ...place }): NavPlace => place,
    ),
  }));
  // With one child, their care details are one tap away: the bar's fourth place.
  const only =
    children.length === 1 ? perChild[0]?.places.find((place) => place.label === CARE_DETAILS) : undefined;
  const bar = [
    HOME,
    ...own,
    ...(only ? [{ ...only, short: 'Care', shortKey: 'navigation.child.care.short' as const }] : []),
  ];
  return { bar, sections: [{ places: [HOME, ...own, PARENT_CALENDAR, PARENT_FORMS] }, ...perChild] };
}

/**
 * The navigation of a user of this type. A parent's places include each child's (`children`, from
 * `GET family/children`); a type without a school area (Director, HOD, ...) gets its dashboard and
 * profile, all it may open.
 */
export function schoolNavigationOf(
  type: UserType,
  children: readonly ChildForNavigation[] = [],
): SchoolNavigation {
  if (!isSchoolType(type)) {
    const profile: NavPlace = {
      label: 'Profile',
      short: 'Profile',
      labelKey: 'navigation.profile',
      shortKey: 'navigation.profile',
      href: linkTo('/profile'),
      icon: 'person-badge',
    };
    return { bar: [HOME, profile], sections: [{ places: [HOME, profile] }] };
  }
  if (type === USER_TYPE.parent) return parentNavigation(children);

  const places = tilePlaces(type);
  const pick = (paths: readonly ScreenPath[]) => paths.flatMap((path) => places.get(path) ?? []);
  const bar = [HOME, ...pick(BAR_PATHS[type])];
  if (type === USER_TYPE.principal) {
    // The same groups as the dashboard's tiles (dashboard-groups.ts), Daily first.
    const [daily, ...rest] = (groupedTilesOf(type) ?? []).map(({ group, tiles }) => ({
      heading: group,
      headingKey: tileGroupKey(group),
      places: pick(tiles.map((tile) => tile.path as ScreenPath)),
    }));
    return { bar, sections: [{ places: [HOME, ...(daily?.places ?? [])] }, ...rest] };
  }
  const barHrefs = new Set(bar.map((place) => place.href));
  return {
    bar,
    sections: [
      { places: bar },
      {
        heading: 'More',
        headingKey: 'navigation.more',
        places: [...places.values()].filter((place) => !barHrefs.has(place.href)),
      },
    ],
  };
}

/** The "More" menu: the sections without the bar's places (and without sections left empty). */
export function morePlacesOf(navigation: SchoolNavigation): NavSection[] {
  const onBar = new Set(navigation.bar.map((place) => place.href));
  return navigation.sections
    .map((section) => ({ ...section, places: section.places.filter((place) => !onBar.has(place.href)) }))
    .filter((section) => section.places.length > 0);
}
