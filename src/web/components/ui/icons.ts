import appleSvg from 'bootstrap-icons/icons/apple.svg?raw';
import awardSvg from 'bootstrap-icons/icons/award.svg?raw';
import backpackSvg from 'bootstrap-icons/icons/backpack.svg?raw';
import balloonSvg from 'bootstrap-icons/icons/balloon.svg?raw';
import balloonHeartSvg from 'bootstrap-icons/icons/balloon-heart.svg?raw';
import bandaidSvg from 'bootstrap-icons/icons/bandaid.svg?raw';
import basketSvg from 'bootstrap-icons/icons/basket.svg?raw';
import bicycleSvg from 'bootstrap-icons/icons/bicycle.svg?raw';
import bookSvg from 'bootstrap-icons/icons/book.svg?raw';
import bookshelfSvg from 'bootstrap-icons/icons/bookshelf.svg?raw';
import brushSvg from 'bootstrap-icons/icons/brush.svg?raw';
import busFrontSvg from 'bootstrap-icons/icons/bus-front.svg?raw';
import cakeTwoSvg from 'bootstrap-icons/icons/cake2.svg?raw';
import calculatorSvg from 'bootstrap-icons/icons/calculator.svg?raw';
import cameraSvg from 'bootstrap-icons/icons/camera.svg?raw';
import chatHeartSvg from 'bootstrap-icons/icons/chat-heart.svg?raw';
import clipboardCheckSvg from 'bootstrap-icons/icons/clipboard-check.svg?raw';
import cloudSunSvg from 'bootstrap-icons/icons/cloud-sun.svg?raw';
import controllerSvg from 'bootstrap-icons/icons/controller.svg?raw';
import cupHotSvg from 'bootstrap-icons/icons/cup-hot.svg?raw';
import easelSvg from 'bootstrap-icons/icons/easel.svg?raw';
import eggFriedSvg from 'bootstrap-icons/icons/egg-fried.svg?raw';
import emojiSmileSvg from 'bootstrap-icons/icons/emoji-smile.svg?raw';
import flowerOneSvg from 'bootstrap-icons/icons/flower1.svg?raw';
import globeSvg from 'bootstrap-icons/icons/globe.svg?raw';
import heartSvg from 'bootstrap-icons/icons/heart.svg?raw';
import heartPulseSvg from 'bootstrap-icons/icons/heart-pulse.svg?raw';
import houseHeartSvg from 'bootstrap-icons/icons/house-heart.svg?raw';
import lightbulbSvg from 'bootstrap-icons/icons/lightbulb.svg?raw';
import mortarboardSvg from 'bootstrap-icons/icons/mortarboard.svg?raw';
import musicNoteBeamedSvg from 'bootstrap-icons/icons/music-note-beamed.svg?raw';
import paletteSvg from 'bootstrap-icons/icons/palette.svg?raw';
import pencilSvg from 'bootstrap-icons/icons/pencil.svg?raw';
import peopleSvg from 'bootstrap-icons/icons/people.svg?raw';
import puzzleSvg from 'bootstrap-icons/icons/puzzle.svg?raw';
import rocketTakeoffSvg from 'bootstrap-icons/icons/rocket-takeoff.svg?raw';
import scissorsSvg from 'bootstrap-icons/icons/scissors.svg?raw';
import shieldCheckSvg from 'bootstrap-icons/icons/shield-check.svg?raw';
import starSvg from 'bootstrap-icons/icons/star.svg?raw';
import starsSvg from 'bootstrap-icons/icons/stars.svg?raw';
import sunSvg from 'bootstrap-icons/icons/sun.svg?raw';
import translateSvg from 'bootstrap-icons/icons/translate.svg?raw';
import treeSvg from 'bootstrap-icons/icons/tree.svg?raw';
import trophySvg from 'bootstrap-icons/icons/trophy.svg?raw';
import { type IconPath, parsePaths } from './svg-paths.js';

/**
 * The curated Bootstrap Icons a content record may name in an icon field (a facility's `image`,
 * docs/contract/api.md), stored as the Bootstrap Icons class name (`bi-bus-front`). Each import pulls one SVG
 * into the bundle, so only these ship. CONTENT_ICON_OPTIONS is the list a content editor offers as a picker;
 * an unknown name is drawn as FALLBACK_CONTENT_ICON.
 */
const CONTENT_ICON_SOURCES = {
  'bi-bus-front': { label: 'School bus', svg: busFrontSvg },
  'bi-egg-fried': { label: 'Meals', svg: eggFriedSvg },
  'bi-palette': { label: 'Art', svg: paletteSvg },
  'bi-music-note-beamed': { label: 'Music', svg: musicNoteBeamedSvg },
  'bi-shield-check': { label: 'Safety', svg: shieldCheckSvg },
  'bi-tree': { label: 'Outdoors', svg: treeSvg },
  'bi-book': { label: 'Books', svg: bookSvg },
  'bi-pencil': { label: 'Writing', svg: pencilSvg },
  'bi-puzzle': { label: 'Puzzles', svg: puzzleSvg },
  'bi-balloon': { label: 'Balloon', svg: balloonSvg },
  'bi-balloon-heart': { label: 'Celebrations', svg: balloonHeartSvg },
  'bi-heart': { label: 'Care', svg: heartSvg },
  'bi-heart-pulse': { label: 'Health', svg: heartPulseSvg },
  'bi-star': { label: 'Star', svg: starSvg },
  'bi-stars': { label: 'Sparkle', svg: starsSvg },
  'bi-sun': { label: 'Sunshine', svg: sunSvg },
  'bi-cloud-sun': { label: 'Weather', svg: cloudSunSvg },
  'bi-bicycle': { label: 'Bicycle', svg: bicycleSvg },
  'bi-cup-hot': { label: 'Drinks', svg: cupHotSvg },
  'bi-apple': { label: 'Healthy food', svg: appleSvg },
  'bi-cake2': { label: 'Birthdays', svg: cakeTwoSvg },
  'bi-people': { label: 'Community', svg: peopleSvg },
  'bi-mortarboard': { label: 'Graduation', svg: mortarboardSvg },
  'bi-calculator': { label: 'Maths', svg: calculatorSvg },
  'bi-globe': { label: 'World', svg: globeSvg },
  'bi-translate': { label: 'Languages', svg: translateSvg },
  'bi-camera': { label: 'Photos', svg: cameraSvg },
  'bi-brush': { label: 'Painting', svg: brushSvg },
  'bi-easel': { label: 'Easel', svg: easelSvg },
  'bi-scissors': { label: 'Crafts', svg: scissorsSvg },
  'bi-flower1': { label: 'Garden', svg: flowerOneSvg },
  'bi-trophy': { label: 'Trophy', svg: trophySvg },
  'bi-award': { label: 'Award', svg: awardSvg },
  'bi-house-heart': { label: 'Home from home', svg: houseHeartSvg },
  'bi-lightbulb': { label: 'Ideas', svg: lightbulbSvg },
  'bi-backpack': { label: 'Backpack', svg: backpackSvg },
  'bi-basket': { label: 'Basket', svg: basketSvg },
  'bi-bandaid': { label: 'First aid', svg: bandaidSvg },
  'bi-controller': { label: 'Games', svg: controllerSvg },
  'bi-emoji-smile': { label: 'Smile', svg: emojiSmileSvg },
  'bi-bookshelf': { label: 'Library', svg: bookshelfSvg },
  'bi-clipboard-check': { label: 'Reports', svg: clipboardCheckSvg },
  'bi-rocket-takeoff': { label: 'Discovery', svg: rocketTakeoffSvg },
  'bi-chat-heart': { label: 'Talking', svg: chatHeartSvg },
} as const satisfies Record<`bi-${string}`, { label: string; svg: string }>;

export type ContentIconName = keyof typeof CONTENT_ICON_SOURCES;

/** Every icon a content editor may choose, with a short label, in picker order. */
export const CONTENT_ICON_OPTIONS: readonly { name: ContentIconName; label: string }[] = Object.entries(
  CONTENT_ICON_SOURCES,
).map(([name, { label }]) => ({ name: name as ContentIconName, label }));

export const CONTENT_ICON_NAMES: readonly ContentIconName[] = CONTENT_ICON_OPTIONS.map(
  (option) => option.name,
);

/** Drawn for a name outside the set (a typo, or an icon from an older version of the set). */
export const FALLBACK_CONTENT_ICON: ContentIconName = 'bi-star';

export const isContentIconName = (name: string): name is ContentIconName =>
  Object.hasOwn(CONTENT_ICON_SOURCES, name);

const CONTENT_PATHS = Object.fromEntries(
  Object.entries(CONTENT_ICON_SOURCES).map(([name, { svg }]) => [name, parsePaths(svg)]),
) as Record<ContentIconName, IconPath[]>;

/** The paths of a content icon; accepts `bi-name`, `bi bi-name` or `name`, else the fallback. */
export function contentIconPaths(value: string): IconPath[] {
  const name = resolveContentIcon(value);
  return CONTENT_PATHS[name];
}

/** The set's name for a stored value (tolerant of `bi bi-x` and a missing `bi-`), else the fallback. */
export function resolveContentIcon(value: string): ContentIconName {
  const token =
    value
      .trim()
      .split(/\s+/)
      .find((part) => part !== 'bi') ?? '';
  const name = token.startsWith('bi-') ? token : `bi-${token}`;
  return isContentIconName(name) ? name : FALLBACK_CONTENT_ICON;
}
