import { useParams } from 'react-router';
import { NotFoundScreen } from '../../../components/school/NotFoundScreen.js';
import { StudentListScreen } from '../../../features/pupils/components/ClasswiseStudentScreens.js';
import { parseId } from '../../../lib/school/format.js';
import { assignedClassesQueryOptions } from '../../../lib/school/get-assigned-classes.js';
import { classStudentsQueryOptions } from '../../../lib/school/get-class-students.js';
import { schoolLoader } from '../../../lib/school/prefetch.js';

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
