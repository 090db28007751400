import { ScreenPlaceholder } from '../../../components/ui/ScreenPlaceholder.js';

/** Student-class (spec 2.5): class assignments and the Add Class Details modal. */
export default function StudentClassRoute() {
  return <ScreenPlaceholder />;
}
