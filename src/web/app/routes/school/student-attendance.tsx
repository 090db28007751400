import { ownClassQueryOptions } from '../../../features/attendance/api/get-own-class.js';
import { ClassAttendanceScreen } from '../../../features/attendance/components/ClassAttendanceScreen.js';
import { assignedClassesQueryOptions } from '../../../lib/school/get-assigned-classes.js';
import { schoolLoader } from '../../../lib/school/prefetch.js';

export const clientLoader = schoolLoader((queryClient) => [
  queryClient.ensureQueryData(assignedClassesQueryOptions()),
  queryClient.ensureQueryData(ownClassQueryOptions()),
]);

/**
 * /student-attendence (the contract's spelling of the path; docs/contract/product.md#school-screens):
 * a class's attendance for a date, opened on the teacher's own class (decision 0047).
 */
export default function StudentAttendanceRoute() {
  return <ClassAttendanceScreen />;
}
