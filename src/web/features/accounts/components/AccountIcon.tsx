import { SvgPaths } from '../../../components/ui/SvgPaths.js';
import { isDirectionalIcon } from '../../../components/ui/svg-paths.js';
import { ACCOUNT_ICON_PATHS, type AccountIconName } from './account-icons.js';

export interface AccountIconProps {
  name: AccountIconName;
  size?: string | number;
  className?: string;
}

/** A decorative icon of the account screens: the control around it carries the label. */
export function AccountIcon({ name, size, className }: AccountIconProps) {
  return (
    <SvgPaths
      paths={ACCOUNT_ICON_PATHS[name]}
      size={size}
      className={className}
      directional={isDirectionalIcon(name)}
    />
  );
}
