import arrowRightSvg from 'bootstrap-icons/icons/arrow-right.svg?raw';
import calendar3Svg from 'bootstrap-icons/icons/calendar3.svg?raw';
import chatDotsSvg from 'bootstrap-icons/icons/chat-dots.svg?raw';
import checkCircleFillSvg from 'bootstrap-icons/icons/check-circle-fill.svg?raw';
import chevronLeftSvg from 'bootstrap-icons/icons/chevron-left.svg?raw';
import chevronRightSvg from 'bootstrap-icons/icons/chevron-right.svg?raw';
import clockSvg from 'bootstrap-icons/icons/clock.svg?raw';
import envelopeFillSvg from 'bootstrap-icons/icons/envelope-fill.svg?raw';
import folderTwoOpenSvg from 'bootstrap-icons/icons/folder2-open.svg?raw';
import geoAltFillSvg from 'bootstrap-icons/icons/geo-alt-fill.svg?raw';
import pauseFillSvg from 'bootstrap-icons/icons/pause-fill.svg?raw';
import personSvg from 'bootstrap-icons/icons/person.svg?raw';
import personFillSvg from 'bootstrap-icons/icons/person-fill.svg?raw';
import playFillSvg from 'bootstrap-icons/icons/play-fill.svg?raw';
import quoteSvg from 'bootstrap-icons/icons/quote.svg?raw';
import replySvg from 'bootstrap-icons/icons/reply.svg?raw';
import searchSvg from 'bootstrap-icons/icons/search.svg?raw';
import tagSvg from 'bootstrap-icons/icons/tag.svg?raw';
import telephoneFillSvg from 'bootstrap-icons/icons/telephone-fill.svg?raw';
import zoomInSvg from 'bootstrap-icons/icons/zoom-in.svg?raw';
import { type IconPath, parsePaths } from './svg-paths.js';

/** The fixed Bootstrap Icons of the public page templates (arrows, quote, check marks, ...). */
const PAGE_ICON_SOURCES = {
  'chevron-left': chevronLeftSvg,
  'chevron-right': chevronRightSvg,
  quote: quoteSvg,
  'check-circle-fill': checkCircleFillSvg,
  person: personSvg,
  'person-fill': personFillSvg,
  'folder2-open': folderTwoOpenSvg,
  'chat-dots': chatDotsSvg,
  search: searchSvg,
  clock: clockSvg,
  'geo-alt-fill': geoAltFillSvg,
  'envelope-fill': envelopeFillSvg,
  'telephone-fill': telephoneFillSvg,
  'pause-fill': pauseFillSvg,
  'play-fill': playFillSvg,
  'zoom-in': zoomInSvg,
  reply: replySvg,
  calendar3: calendar3Svg,
  'arrow-right': arrowRightSvg,
  tag: tagSvg,
} as const;

export type PageIconName = keyof typeof PAGE_ICON_SOURCES;
export const PAGE_ICON_NAMES = Object.keys(PAGE_ICON_SOURCES) as PageIconName[];

export const PAGE_ICON_PATHS = Object.fromEntries(
  Object.entries(PAGE_ICON_SOURCES).map(([name, svg]) => [name, parsePaths(svg)]),
) as Record<PageIconName, IconPath[]>;
