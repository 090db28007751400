import { useParams } from 'react-router';
import { NotFoundScreen } from '../../../components/school/NotFoundScreen.js';
import { resultSummaryQueryOptions } from '../../../features/marks/api/get-result-summary.js';
import { ResultSummaryScreen } from '../../../features/marks/components/ResultSummaryScreen.js';
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
          resultSummaryQueryOptions(id, termIdFrom(new URL(request.url).searchParams, terms)),
        ),
      ),
  ];
});

/**
 * /result-summary/:id (docs/contract/product.md#school-screens, docs/contract/product.md#mark-sheet): a
 * pupil's mark sheet.
 */
export default function ResultSummaryRoute() {
  const id = parseId(useParams().id);
  return id === undefined ? <NotFoundScreen /> : <ResultSummaryScreen studentId={id} />;
}
