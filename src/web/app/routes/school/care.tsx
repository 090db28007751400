import { useParams } from 'react-router';
import { NotFoundScreen } from '../../../components/school/NotFoundScreen.js';
import { careQueryOptions } from '../../../features/family/api/get-care.js';
import { careHistoryQueryOptions } from '../../../features/family/api/get-care-history.js';
import { CareScreen } from '../../../features/family/components/CareScreen.js';
import { parseId } from '../../../lib/school/format.js';
import { recordLoader } from '../../../lib/school/prefetch.js';

export const clientLoader = recordLoader((queryClient, id) => {
  // The history only for those who may edit (a class teacher reads the details, not their history).
  const care = queryClient.ensureQueryData(careQueryOptions(id));
  return [
    care,
    care.then((answer) =>
      answer.mayEdit ? queryClient.ensureQueryData(careHistoryQueryOptions(id)) : undefined,
    ),
  ];
});

/** /care/:id (docs/decisions/0021-families.md#parent-screens): a child's care details and their history. */
export default function CareRoute() {
  const id = parseId(useParams().id);
  return id === undefined ? <NotFoundScreen /> : <CareScreen key={id} studentId={id} />;
}
