import { isSchoolType, type SchoolType, USER_TYPE, type UserType } from './constants.js';
import { groupedTilesOf } from './dashboard-groups.js';
import { linkTo, type ScreenPath, type TileIcon, tileEntriesOf } from './screens.js';

/**
 * The school area's navigation per account type (docs/decisions/0051-app-shell.md): on phones a
 * bottom bar with the places the type uses most and a "More" menu with the rest, on desktop a side
 * navigation with everything. Derived from the screen registry (screens.ts): a type's places are
 * its dashboard and its dashboard's tiles, with the tiles' labels and icons; only which of them go
 * on the bar, their short bar labels and the principal's sections are chosen here.
 */

/** The icons the navigation draws: the tiles' and a few of its own. */
export type NavIconName = TileIcon | 'house-door' | 'heart-pulse' | 'calculator' | 'emoji-smile' | 'backpack';

export interface NavPlace {
  /** As the dashboard's tile says it (the product's label), or the place's own name. */
  label: string;
  /** On the phone's bottom bar, where five labels share 375 px. */
  short: string;
  href: string;
  icon: NavIconName;
}

export interface NavSection {
  /** Shown above the section's places; the first, untitled section holds the daily places. */
  heading?: string;
  places: NavPlace[];
}

export interface SchoolNavigation {
  /** The phone's bottom bar, in order (four or five places; "More" follows them). */
  bar: NavPlace[];
  /** Every place, in sections: the desktop's side navigation, and (without the bar's) the "More" menu. */
  sections: NavSection[];
}

/** Each type's home. */
const HOME: NavPlace = { label: 'Dashboard', short: 'Home', href: linkTo('/dashboard'), icon: 'house-door' };

/** A bar label for places whose tile label is too long for a fifth of a phone. */
const SHORT_LABELS: Partial<Record<ScreenPath, string>> = {
  '/student-class': 'Class',
  '/notification': 'News',
  '/student-attendence': 'Register',
  '/attendence': 'Register',
  '/teacher-class': 'Classes',
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
  const place = (label: string, blurb: string, href: string, icon: NavIconName): ChildPlace => ({
    label,
    short: label,
    blurb,
    href,
    icon,
  });
  return [
    place('Profile', 'Details and photo', linkTo('/student-profile/:id', id), 'emoji-smile'),
    place('Attendance', 'Days present and absent', linkTo('/student-attendence/:id', id), 'clipboard-check'),
    place('Results', 'Marks by subject', linkTo('/studentresult/:id', id), 'trophy'),
    place('Mark sheet', 'Total, percentage and division', linkTo('/result-summary/:id', id), 'award'),
    ...(child.classId === null
      ? []
      : [
          place(
            'Timetable',
            `The week of ${child.className ?? 'the class'}`,
            `${linkTo('/schedule-summary')}?classId=${child.classId}`,
            'backpack',
          ),
        ]),
    place(CARE_DETAILS, 'Contacts, health and who may collect', linkTo('/care/:id', id), 'heart-pulse'),
  ];
}

/** A type's places from its tiles, by path. */
function tilePlaces(type: SchoolType): Map<string, NavPlace> {
  return new Map(
    tileEntriesOf(type).map((tile) => [
      tile.path,
      { label: tile.label, short: SHORT_LABELS[tile.path] ?? tile.label, href: tile.path, icon: tile.icon },
    ]),
  );
}

const PARENT_PLACES: Readonly<Record<string, NavPlace>> = {
  '/notification': { label: 'Notifications', short: 'News', href: linkTo('/notification'), icon: 'bell' },
  '/fees': { label: 'Fees', short: 'Fees', href: linkTo('/fees'), icon: 'calculator' },
};

function parentNavigation(children: readonly ChildForNavigation[]): SchoolNavigation {
  const own = BAR_PATHS[USER_TYPE.parent].flatMap((path) => PARENT_PLACES[path] ?? []);
  const perChild = children.map((child) => ({
    heading: child.studentName,
    // The navigation's places, without the dashboard's blurbs.
    places: childPlacesOf(child).map(({ blurb: _blurb, ...place }): NavPlace => place),
  }));
  // With one child, their care details are one tap away: the bar's fourth place.
  const only =
    children.length === 1 ? perChild[0]?.places.find((place) => place.label === CARE_DETAILS) : undefined;
  const bar = [HOME, ...own, ...(only ? [{ ...only, short: 'Care' }] : [])];
  return { bar, sections: [{ places: [HOME, ...own] }, ...perChild] };
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
      places: pick(tiles.map((tile) => tile.path as ScreenPath)),
    }));
    return { bar, sections: [{ places: [HOME, ...(daily?.places ?? [])] }, ...rest] };
  }
  const barHrefs = new Set(bar.map((place) => place.href));
  return {
    bar,
    sections: [
      { places: bar },
      { heading: 'More', places: [...places.values()].filter((place) => !barHrefs.has(place.href)) },
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
