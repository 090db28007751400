import { useParams } from 'react-router';
import { studentResultsQueryOptions } from '../../../features/school/api/get-student-results.js';
import { schoolLoader } from '../../../features/school/api/prefetch.js';
import { NotFoundScreen } from '../../../features/school/components/NotFoundScreen.js';
import { StudentResultsScreen } from '../../../features/school/components/ResultScreens.js';
import { parseId } from '../../../features/school/lib/format.js';

export const clientLoader = schoolLoader((queryClient, { params }) => {
  const id = parseId(params.id);
  return id === undefined ? [] : [queryClient.ensureQueryData(studentResultsQueryOptions(id))];
});

/**
 * /studentresult/:id (docs/contract/product.md#school-screens): a pupil's assigned results (`GET
 * student/result/{id}`).
 */
export default function StudentResultRoute() {
  const id = parseId(useParams().id);
  return id === undefined ? <NotFoundScreen /> : <StudentResultsScreen studentId={id} />;
}
