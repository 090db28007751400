import { useParams } from 'react-router';
import { NotFoundScreen } from '../../../components/school/NotFoundScreen.js';
import { markHistoryQueryOptions } from '../../../features/marks/api/get-mark-history.js';
import { MarkHistoryScreen } from '../../../features/marks/components/MarkHistoryScreen.js';
import { parseId } from '../../../lib/school/format.js';
import { pupilQueryOptions } from '../../../lib/school/get-pupil.js';
import { recordLoader } from '../../../lib/school/prefetch.js';

export const clientLoader = recordLoader((queryClient, id) => [
  queryClient.ensureQueryData(markHistoryQueryOptions(id)),
  queryClient.ensureQueryData(pupilQueryOptions(id)),
]);

/**
 * /mark-history/:id (docs/decisions/0009-running-the-school-year.md): every change of a pupil's marks, for
 * the principal.
 */
export default function MarkHistoryRoute() {
  const id = parseId(useParams().id);
  return id === undefined ? <NotFoundScreen /> : <MarkHistoryScreen studentId={id} />;
}
