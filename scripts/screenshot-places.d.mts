import type { ChildForNavigation, SchoolNavigation } from '../src/shared/app-navigation.js';
import type { UserType } from '../src/shared/constants.js';

export interface ScreenshotPlace {
  href: string;
  label: string;
  /** The heading of the navigation's section the place is in (a child's name, a group), if any. */
  section: string | undefined;
  /** The screenshot's name without width and extension. */
  file: string;
}
export function placeFileName(href: string): string;
export function screenshotPlaces(
  schoolNavigationOf: (type: UserType, children?: readonly ChildForNavigation[]) => SchoolNavigation,
  type: UserType,
  children?: readonly ChildForNavigation[],
): ScreenshotPlace[];
export const SCREENSHOT_WIDTHS: readonly [375, 1280];
