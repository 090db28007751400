import { ScreenPlaceholder } from '../../../components/ui/ScreenPlaceholder.js';

/** Profile (spec 2.5): the logged-in user's own profile. */
export default function ProfileRoute() {
  return <ScreenPlaceholder />;
}
