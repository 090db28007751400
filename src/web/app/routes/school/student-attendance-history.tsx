import { ScreenPlaceholder } from '../../../components/ui/ScreenPlaceholder.js';

/** /student-attendence/:id (decisions 4): a pupil's attendance history. */
export default function StudentAttendanceHistoryRoute() {
  return <ScreenPlaceholder />;
}
