import { ClasswiseStudentScreen } from '../../../features/pupils/components/ClasswiseStudentScreens.js';
import { assignedClassesQueryOptions } from '../../../lib/school/get-assigned-classes.js';
import { schoolLoader } from '../../../lib/school/prefetch.js';

export const clientLoader = schoolLoader((queryClient) => [
  queryClient.ensureQueryData(assignedClassesQueryOptions()),
]);

/** Classwise-student (docs/contract/product.md#school-screens): classes with View Student List. */
export default function ClasswiseStudentRoute() {
  return <ClasswiseStudentScreen />;
}
