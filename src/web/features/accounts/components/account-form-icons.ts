import cameraSvg from 'bootstrap-icons/icons/camera.svg?raw';
import hourglassSplitSvg from 'bootstrap-icons/icons/hourglass-split.svg?raw';
import shieldLockSvg from 'bootstrap-icons/icons/shield-lock.svg?raw';
import xLgSvg from 'bootstrap-icons/icons/x-lg.svg?raw';
import { type IconPath, parsePaths } from '../../../components/ui/svg-paths.js';

/**
 * The few icons of the log-in and registration forms, apart from the account screens' set
 * (account-icons.ts): those forms are islands of public pages, whose JavaScript budget has no room
 * for the school area's icons.
 */
const SOURCES = {
  camera: cameraSvg,
  'hourglass-split': hourglassSplitSvg,
  'shield-lock': shieldLockSvg,
  'x-lg': xLgSvg,
} as const;

export type AccountFormIconName = keyof typeof SOURCES;

export const ACCOUNT_FORM_ICON_PATHS = Object.fromEntries(
  Object.entries(SOURCES).map(([name, svg]) => [name, parsePaths(svg)]),
) as Record<AccountFormIconName, IconPath[]>;
