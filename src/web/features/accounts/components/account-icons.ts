import awardSvg from 'bootstrap-icons/icons/award.svg?raw';
import bellSvg from 'bootstrap-icons/icons/bell.svg?raw';
import boxArrowRightSvg from 'bootstrap-icons/icons/box-arrow-right.svg?raw';
import calendarCheckSvg from 'bootstrap-icons/icons/calendar-check.svg?raw';
import calendarEventSvg from 'bootstrap-icons/icons/calendar-event.svg?raw';
import calendarWeekSvg from 'bootstrap-icons/icons/calendar-week.svg?raw';
import cameraSvg from 'bootstrap-icons/icons/camera.svg?raw';
import checkLgSvg from 'bootstrap-icons/icons/check-lg.svg?raw';
import clipboardCheckSvg from 'bootstrap-icons/icons/clipboard-check.svg?raw';
import easelTwoSvg from 'bootstrap-icons/icons/easel2.svg?raw';
import envelopePaperSvg from 'bootstrap-icons/icons/envelope-paper.svg?raw';
import exclamationTriangleSvg from 'bootstrap-icons/icons/exclamation-triangle.svg?raw';
import hourglassSplitSvg from 'bootstrap-icons/icons/hourglass-split.svg?raw';
import journalTextSvg from 'bootstrap-icons/icons/journal-text.svg?raw';
import megaphoneSvg from 'bootstrap-icons/icons/megaphone.svg?raw';
import mortarboardSvg from 'bootstrap-icons/icons/mortarboard.svg?raw';
import pencilSvg from 'bootstrap-icons/icons/pencil.svg?raw';
import pencilSquareSvg from 'bootstrap-icons/icons/pencil-square.svg?raw';
import peopleSvg from 'bootstrap-icons/icons/people.svg?raw';
import personBadgeSvg from 'bootstrap-icons/icons/person-badge.svg?raw';
import personCheckSvg from 'bootstrap-icons/icons/person-check.svg?raw';
import personCircleSvg from 'bootstrap-icons/icons/person-circle.svg?raw';
import personXSvg from 'bootstrap-icons/icons/person-x.svg?raw';
import shieldLockSvg from 'bootstrap-icons/icons/shield-lock.svg?raw';
import trashThreeSvg from 'bootstrap-icons/icons/trash3.svg?raw';
import trophySvg from 'bootstrap-icons/icons/trophy.svg?raw';
import walletTwoSvg from 'bootstrap-icons/icons/wallet2.svg?raw';
import xLgSvg from 'bootstrap-icons/icons/x-lg.svg?raw';
import { type IconPath, parsePaths } from '../../../components/ui/svg-paths.js';

/** The Bootstrap Icons of the account screens (each import pulls one SVG into the bundle). */
const SOURCES = {
  award: awardSvg,
  bell: bellSvg,
  'box-arrow-right': boxArrowRightSvg,
  'calendar-check': calendarCheckSvg,
  'calendar-event': calendarEventSvg,
  'calendar-week': calendarWeekSvg,
  camera: cameraSvg,
  'check-lg': checkLgSvg,
  'clipboard-check': clipboardCheckSvg,
  easel2: easelTwoSvg,
  'envelope-paper': envelopePaperSvg,
  'exclamation-triangle': exclamationTriangleSvg,
  'hourglass-split': hourglassSplitSvg,
  'journal-text': journalTextSvg,
  megaphone: megaphoneSvg,
  mortarboard: mortarboardSvg,
  pencil: pencilSvg,
  'pencil-square': pencilSquareSvg,
  people: peopleSvg,
  'person-badge': personBadgeSvg,
  'person-check': personCheckSvg,
  'person-circle': personCircleSvg,
  'person-x': personXSvg,
  'shield-lock': shieldLockSvg,
  trash3: trashThreeSvg,
  trophy: trophySvg,
  wallet2: walletTwoSvg,
  'x-lg': xLgSvg,
} as const;

export type AccountIconName = keyof typeof SOURCES;

export const ACCOUNT_ICON_PATHS = Object.fromEntries(
  Object.entries(SOURCES).map(([name, svg]) => [name, parsePaths(svg)]),
) as Record<AccountIconName, IconPath[]>;
