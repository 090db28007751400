import { classAssignmentsQueryOptions } from '../../../features/school/api/get-class-assignments.js';
import { currentUserQueryOptions } from '../../../features/school/api/get-current-user.js';
import { schoolLoader } from '../../../features/school/api/prefetch.js';
import { StudentClassScreen } from '../../../features/school/components/StudentClassScreen.js';

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
