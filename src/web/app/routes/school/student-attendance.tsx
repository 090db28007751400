import { ClassAttendanceScreen } from '../../../features/attendance/components/ClassAttendanceScreen.js';
import { assignedClassesQueryOptions } from '../../../lib/school/get-assigned-classes.js';
import { schoolLoader } from '../../../lib/school/prefetch.js';

export const clientLoader = schoolLoader((queryClient) => [
  queryClient.ensureQueryData(assignedClassesQueryOptions()),
]);

/**
 * /student-attendence (the contract's spelling of the path; docs/contract/product.md#school-screens):
 * a class's attendance for a date.
 */
export default function StudentAttendanceRoute() {
  return <ClassAttendanceScreen />;
}
