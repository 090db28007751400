import { useParams } from 'react-router';
import { NotFoundScreen } from '../../../components/school/NotFoundScreen.js';
import { studentResultsQueryOptions } from '../../../features/marks/api/get-student-results.js';
import { StudentResultsScreen } from '../../../features/marks/components/ResultScreens.js';
import { parseId } from '../../../lib/school/format.js';
import { recordLoader } from '../../../lib/school/prefetch.js';

export const clientLoader = recordLoader((queryClient, id) => [
  queryClient.ensureQueryData(studentResultsQueryOptions(id)),
]);

/**
 * /studentresult/:id (docs/contract/product.md#school-screens): a pupil's assigned results (`GET
 * student/result/{id}`).
 */
export default function StudentResultRoute() {
  const id = parseId(useParams().id);
  return id === undefined ? <NotFoundScreen /> : <StudentResultsScreen studentId={id} />;
}
