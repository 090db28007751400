import { contentIconPaths } from './icons.js';
import { SvgPaths } from './SvgPaths.js';

export interface ContentIconProps {
  /** The stored Bootstrap Icons class name, e.g. `bi-bus-front`; unknown names get a generic icon. */
  name: string;
  size?: string | number;
  className?: string;
}

/** An icon a content record names (a facility's icon). Decorative: the text beside it says what it is. */
export function ContentIcon({ name, size, className }: ContentIconProps) {
  return <SvgPaths paths={contentIconPaths(name)} size={size} className={className} />;
}
