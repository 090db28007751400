import { SvgPaths } from '../../../components/ui/SvgPaths.js';
import { ACCOUNT_FORM_ICON_PATHS, type AccountFormIconName } from './account-form-icons.js';

/** A decorative icon of the log-in and registration forms (AccountIcon's, from the forms' own set). */
export function AccountFormIcon({ name }: { name: AccountFormIconName }) {
  return <SvgPaths paths={ACCOUNT_FORM_ICON_PATHS[name]} />;
}
