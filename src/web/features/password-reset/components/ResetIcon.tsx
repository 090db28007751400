import envelopeCheckSvg from 'bootstrap-icons/icons/envelope-check.svg?raw';
import keySvg from 'bootstrap-icons/icons/key.svg?raw';
import { SvgPaths } from '../../../components/ui/SvgPaths.js';
import { parsePaths } from '../../../components/ui/svg-paths.js';

/** The Bootstrap Icons of the password-reset screens (each import pulls one SVG into the bundle). */
const PATHS = {
  key: parsePaths(keySvg),
  'envelope-check': parsePaths(envelopeCheckSvg),
} as const;

/** A decorative icon of these screens: the heading beside it says what it means. */
export function ResetIcon({ name }: { name: keyof typeof PATHS }) {
  return <SvgPaths paths={PATHS[name]} />;
}
