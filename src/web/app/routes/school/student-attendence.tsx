import { assignedClassesQueryOptions } from '../../../features/school/api/get-assigned-classes.js';
import { schoolLoader } from '../../../features/school/api/prefetch.js';
import { ClassAttendanceScreen } from '../../../features/school/components/ClassAttendanceScreen.js';

export const clientLoader = schoolLoader((queryClient) => [
  queryClient.ensureQueryData(assignedClassesQueryOptions()),
]);

/** Student-attendence (docs/contract/product.md#school-screens): a class's attendance for a date. */
export default function StudentAttendenceRoute() {
  return <ClassAttendanceScreen />;
}
