import { useParams } from 'react-router';
import { resultSummaryQueryOptions } from '../../../features/school/api/get-result-summary.js';
import { schoolLoader } from '../../../features/school/api/prefetch.js';
import { NotFoundScreen } from '../../../features/school/components/NotFoundScreen.js';
import { ResultSummaryScreen } from '../../../features/school/components/ResultSummaryScreen.js';
import { parseId } from '../../../features/school/lib/format.js';

export const clientLoader = schoolLoader((queryClient, { params }) => {
  const id = parseId(params.id);
  return id === undefined ? [] : [queryClient.ensureQueryData(resultSummaryQueryOptions(id))];
});

/**
 * /result-summary/:id (docs/contract/product.md#school-screens, docs/contract/product.md#mark-sheet): a
 * pupil's mark sheet.
 */
export default function ResultSummaryRoute() {
  const id = parseId(useParams().id);
  return id === undefined ? <NotFoundScreen /> : <ResultSummaryScreen studentId={id} />;
}
