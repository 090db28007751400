import { useParams } from 'react-router';
import { NotFoundScreen } from '../../../components/school/NotFoundScreen.js';
import { studentResultsQueryOptions } from '../../../features/marks/api/get-student-results.js';
import { StudentResultsScreen } from '../../../features/marks/components/ResultScreens.js';
import { termIdFrom } from '../../../features/marks/components/TermPicker.js';
import { parseId } from '../../../lib/school/format.js';
import { schoolTermsQueryOptions } from '../../../lib/school/get-school-terms.js';
import { schoolLoader } from '../../../lib/school/prefetch.js';

// The school's terms first: the URL's `?term=`, or the term shown first, names the marks to load.
export const clientLoader = schoolLoader((queryClient, { params, request }) => {
  const id = parseId(params.id);
  if (id === undefined) return [];
  return [
    queryClient
      .ensureQueryData(schoolTermsQueryOptions())
      .then((terms) =>
        queryClient.ensureQueryData(
          studentResultsQueryOptions(id, termIdFrom(new URL(request.url).searchParams, terms)),
        ),
      ),
  ];
});

/**
 * /studentresult/:id (docs/contract/product.md#school-screens): a pupil's assigned results (`GET
 * student/result/{id}`).
 */
export default function StudentResultRoute() {
  const id = parseId(useParams().id);
  return id === undefined ? <NotFoundScreen /> : <StudentResultsScreen studentId={id} />;
}
