import { useParams } from 'react-router';
import { NotFoundScreen } from '../../../components/school/NotFoundScreen.js';
import { resultSummaryQueryOptions } from '../../../features/marks/api/get-result-summary.js';
import { ResultSummaryScreen } from '../../../features/marks/components/ResultSummaryScreen.js';
import { parseId } from '../../../lib/school/format.js';
import { recordLoader } from '../../../lib/school/prefetch.js';

export const clientLoader = recordLoader((queryClient, id) => [
  queryClient.ensureQueryData(resultSummaryQueryOptions(id)),
]);

/**
 * /result-summary/:id (docs/contract/product.md#school-screens, docs/contract/product.md#mark-sheet): a
 * pupil's mark sheet.
 */
export default function ResultSummaryRoute() {
  const id = parseId(useParams().id);
  return id === undefined ? <NotFoundScreen /> : <ResultSummaryScreen studentId={id} />;
}
