import {
  assignedClassesQueryOptions,
  assignedStudentsQueryOptions,
} from '../../../features/school/api/get-assigned-classes.js';
import { schoolLoader } from '../../../features/school/api/prefetch.js';
import { TeacherClassScreen, VIEW_PARAM } from '../../../features/school/components/TeacherClassScreen.js';
import { parseId } from '../../../features/school/lib/format.js';

export const clientLoader = schoolLoader((queryClient, { request }) => {
  const classId = parseId(new URL(request.url).searchParams.get(VIEW_PARAM));
  return [
    queryClient.ensureQueryData(assignedClassesQueryOptions()),
    ...(classId === undefined ? [] : [queryClient.ensureQueryData(assignedStudentsQueryOptions(classId))]),
  ];
});

/**
 * Teacher-class (docs/contract/product.md#school-screens): the teacher's classes, then a class's students.
 */
export default function TeacherClassRoute() {
  return <TeacherClassScreen />;
}
