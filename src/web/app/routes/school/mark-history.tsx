import { useParams } from 'react-router';
import { pupilQueryOptions } from '../../../features/school/api/get-pupil.js';
import { schoolLoader } from '../../../features/school/api/prefetch.js';
import { NotFoundScreen } from '../../../features/school/components/NotFoundScreen.js';
import { parseId } from '../../../features/school/lib/format.js';
import { markHistoryQueryOptions } from '../../../features/school-admin/api/get-mark-history.js';
import { MarkHistoryScreen } from '../../../features/school-admin/components/MarkHistoryScreen.js';

export const clientLoader = schoolLoader((queryClient, { params }) => {
  const id = parseId(params.id);
  return id === undefined
    ? []
    : [
        queryClient.ensureQueryData(markHistoryQueryOptions(id)),
        queryClient.ensureQueryData(pupilQueryOptions(id)),
      ];
});

/**
 * /mark-history/:id (docs/decisions/0009-running-the-school-year.md): every change of a pupil's marks, for
 * the principal.
 */
export default function MarkHistoryRoute() {
  const id = parseId(useParams().id);
  return id === undefined ? <NotFoundScreen /> : <MarkHistoryScreen studentId={id} />;
}
