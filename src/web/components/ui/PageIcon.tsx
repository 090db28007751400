import { PAGE_ICON_PATHS, type PageIconName } from './page-icons.js';
import { SvgPaths } from './SvgPaths.js';
import { isDirectionalIcon } from './svg-paths.js';

export interface PageIconProps {
  name: PageIconName;
  size?: string | number;
  className?: string;
}

/** A fixed icon of the page templates. Decorative: the control around it needs a label. */
export function PageIcon({ name, size, className }: PageIconProps) {
  return (
    <SvgPaths
      paths={PAGE_ICON_PATHS[name]}
      size={size}
      className={className}
      directional={isDirectionalIcon(name)}
    />
  );
}
