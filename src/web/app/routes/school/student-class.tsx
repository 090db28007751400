import { classAssignmentsQueryOptions } from '../../../features/timetable/api/get-class-assignments.js';
import { StudentClassScreen } from '../../../features/timetable/components/StudentClassScreen.js';
import { currentUserQueryOptions } from '../../../lib/current-user.js';
import { schoolLoader } from '../../../lib/school/prefetch.js';

export const clientLoader = schoolLoader((queryClient) => [
  queryClient.ensureQueryData(classAssignmentsQueryOptions()),
  queryClient.ensureQueryData(currentUserQueryOptions()),
]);

/**
 * Student-class (docs/contract/product.md#school-screens): class assignments and, for a Principle, the Add
 * Class Details modal.
 */
export default function StudentClassRoute() {
  return <StudentClassScreen />;
}
