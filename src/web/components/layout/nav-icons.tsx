import award from 'bootstrap-icons/icons/award.svg?raw';
import backpack from 'bootstrap-icons/icons/backpack.svg?raw';
import bell from 'bootstrap-icons/icons/bell.svg?raw';
import boxArrowRight from 'bootstrap-icons/icons/box-arrow-right.svg?raw';
import calculator from 'bootstrap-icons/icons/calculator.svg?raw';
import calendarCheck from 'bootstrap-icons/icons/calendar-check.svg?raw';
import calendarEvent from 'bootstrap-icons/icons/calendar-event.svg?raw';
import calendarWeek from 'bootstrap-icons/icons/calendar-week.svg?raw';
import clipboardCheck from 'bootstrap-icons/icons/clipboard-check.svg?raw';
import easel2 from 'bootstrap-icons/icons/easel2.svg?raw';
import emojiSmile from 'bootstrap-icons/icons/emoji-smile.svg?raw';
import envelopePaper from 'bootstrap-icons/icons/envelope-paper.svg?raw';
import globe2 from 'bootstrap-icons/icons/globe2.svg?raw';
import grid from 'bootstrap-icons/icons/grid.svg?raw';
import heartPulse from 'bootstrap-icons/icons/heart-pulse.svg?raw';
import houseDoor from 'bootstrap-icons/icons/house-door.svg?raw';
import journalText from 'bootstrap-icons/icons/journal-text.svg?raw';
import megaphone from 'bootstrap-icons/icons/megaphone.svg?raw';
import mortarboard from 'bootstrap-icons/icons/mortarboard.svg?raw';
import pencilSquare from 'bootstrap-icons/icons/pencil-square.svg?raw';
import people from 'bootstrap-icons/icons/people.svg?raw';
import personBadge from 'bootstrap-icons/icons/person-badge.svg?raw';
import personCheck from 'bootstrap-icons/icons/person-check.svg?raw';
import trophy from 'bootstrap-icons/icons/trophy.svg?raw';
import wallet2 from 'bootstrap-icons/icons/wallet2.svg?raw';
import xLg from 'bootstrap-icons/icons/x-lg.svg?raw';
import type { NavIconName } from '../../../shared/app-navigation.js';
import { SvgPaths } from '../ui/SvgPaths.js';
import { type IconPath, isDirectionalIcon, parsePaths } from '../ui/svg-paths.js';

/**
 * The app shell's icons (Bootstrap Icons): every place's (shared/app-navigation.ts) and the shell's
 * own. They load with the shell, never with a public page.
 */
const SOURCES = {
  award,
  backpack,
  bell,
  calculator,
  'calendar-check': calendarCheck,
  'calendar-event': calendarEvent,
  'calendar-week': calendarWeek,
  'clipboard-check': clipboardCheck,
  easel2,
  'emoji-smile': emojiSmile,
  'envelope-paper': envelopePaper,
  'heart-pulse': heartPulse,
  'house-door': houseDoor,
  'journal-text': journalText,
  megaphone,
  mortarboard,
  'pencil-square': pencilSquare,
  people,
  'person-badge': personBadge,
  'person-check': personCheck,
  trophy,
  wallet2,
  // The shell's own: More, close, log out, the public website.
  grid,
  'x-lg': xLg,
  'box-arrow-right': boxArrowRight,
  globe2,
} as const satisfies Record<NavIconName, string> & Record<string, string>;

export type ShellIconName = keyof typeof SOURCES;

const PATHS = Object.fromEntries(
  Object.entries(SOURCES).map(([name, svg]) => [name, parsePaths(svg)]),
) as Record<ShellIconName, IconPath[]>;

/** A decorative icon of the shell: the link or button around it carries the name. */
export function ShellIcon({ name, className }: { name: ShellIconName; className?: string }) {
  return (
    <SvgPaths
      paths={PATHS[name]}
      size="1.25rem"
      className={className}
      directional={isDirectionalIcon(name)}
    />
  );
}
