import { TeacherClassScreen, VIEW_PARAM } from '../../../features/pupils/components/TeacherClassScreen.js';
import { parseId } from '../../../lib/school/format.js';
import {
  assignedClassesQueryOptions,
  assignedStudentsQueryOptions,
} from '../../../lib/school/get-assigned-classes.js';
import { schoolLoader } from '../../../lib/school/prefetch.js';

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
