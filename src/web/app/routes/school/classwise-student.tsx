import { assignedClassesQueryOptions } from '../../../features/school/api/get-assigned-classes.js';
import { schoolLoader } from '../../../features/school/api/prefetch.js';
import { ClasswiseStudentScreen } from '../../../features/school/components/ClasswiseStudentScreens.js';

export const clientLoader = schoolLoader((queryClient) => [
  queryClient.ensureQueryData(assignedClassesQueryOptions()),
]);

/** Classwise-student (docs/contract/product.md#school-screens): classes with View Student List. */
export default function ClasswiseStudentRoute() {
  return <ClasswiseStudentScreen />;
}
