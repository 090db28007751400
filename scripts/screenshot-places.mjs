// The places `npm run screenshots` visits for an account type: every place of that type's navigation
// (src/shared/app-navigation.ts, passed in as `schoolNavigationOf` so that the script and its test
// read the navigation itself, the script from the build and the test from the source), each once, in
// the side navigation's order, with a file name that says which place it is.

/**
 * A place's file name: its path and query as words, e.g. `/care/12` -> `care-12`,
 * `/schedule-summary?classId=3` -> `schedule-summary-classId-3`.
 * @param {string} href
 */
export function placeFileName(href) {
  const name = href
    .replace(/^\/+/, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return name === '' ? 'home' : name;
}

/**
 * Every place of the navigation of `type` (a parent's with `children`' pages), once each, with the
 * heading of the section it is in (a child's name, a principal's group), if any.
 * @param {(type: string, children?: readonly { studentId: number; studentName: string; classId: number | null }[]) => { bar: { href: string; label: string }[]; sections: { heading?: string; places: { href: string; label: string }[] }[] }} schoolNavigationOf
 * @param {string} type
 * @param {readonly { studentId: number; studentName: string; classId: number | null }[]} [children]
 * @returns {{ href: string; label: string; section: string | undefined; file: string }[]}
 */
export function screenshotPlaces(schoolNavigationOf, type, children = []) {
  const navigation = schoolNavigationOf(type, children);
  // The sections hold every place (the bar's too); the bar is read as well, should one be only there.
  const listed = [
    ...navigation.sections.flatMap((section) =>
      section.places.map((place) => ({ place, section: section.heading })),
    ),
    ...navigation.bar.map((place) => ({ place, section: undefined })),
  ];
  const seen = new Map();
  for (const { place, section } of listed) {
    if (seen.has(place.href)) continue;
    seen.set(place.href, { href: place.href, label: place.label, section, file: placeFileName(place.href) });
  }
  return [...seen.values()];
}

/** The widths every place is taken at: a phone and a desktop. */
export const SCREENSHOT_WIDTHS = /** @type {const} */ ([375, 1280]);
