import { ScreenPlaceholder } from '../../../components/ui/ScreenPlaceholder.js';

/** Dashboard (spec 2.5): one tile per menu item of the user's type. */
export default function DashboardRoute() {
  return <ScreenPlaceholder />;
}
