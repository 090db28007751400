import { GuardiansScreen } from '../../../features/guardians/components/GuardiansScreen.js';
import { activePupilsQueryOptions } from '../../../lib/school/get-active-pupils.js';
import { schoolLoader } from '../../../lib/school/prefetch.js';

export const clientLoader = schoolLoader((queryClient) => [
  queryClient.ensureQueryData(activePupilsQueryOptions()),
]);

/** Guardians (docs/decisions/0021-families.md#staff-screens): the principal links parents to pupils. */
export default function GuardiansRoute() {
  return <GuardiansScreen />;
}
