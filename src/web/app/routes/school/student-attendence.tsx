import { ScreenPlaceholder } from '../../../components/ui/ScreenPlaceholder.js';

/** Student-attendence (spec 2.5): a class's attendance for a date. */
export default function StudentAttendenceRoute() {
  return <ScreenPlaceholder />;
}
