import { ScreenPlaceholder } from '../../../components/ui/ScreenPlaceholder.js';

/** Attendance-report (decisions 5): a student's own attendance history. */
export default function AttendanceReportRoute() {
  return <ScreenPlaceholder />;
}
