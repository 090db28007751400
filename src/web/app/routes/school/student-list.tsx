import { useParams } from 'react-router';
import { assignedClassesQueryOptions } from '../../../features/school/api/get-assigned-classes.js';
import { classStudentsQueryOptions } from '../../../features/school/api/get-class-students.js';
import { schoolLoader } from '../../../features/school/api/prefetch.js';
import { StudentListScreen } from '../../../features/school/components/ClasswiseStudentScreens.js';
import { NotFoundScreen } from '../../../features/school/components/NotFoundScreen.js';
import { parseId } from '../../../features/school/lib/format.js';

export const clientLoader = schoolLoader((queryClient, { params }) => {
  const id = parseId(params.id);
  return id === undefined
    ? []
    : [
        queryClient.ensureQueryData(classStudentsQueryOptions(id)),
        queryClient.ensureQueryData(assignedClassesQueryOptions()),
      ];
});

/** /student-list/:id (docs/contract/product.md#school-screens): the pupils of a class. */
export default function StudentListRoute() {
  const id = parseId(useParams().id);
  return id === undefined ? <NotFoundScreen /> : <StudentListScreen classId={id} />;
}
