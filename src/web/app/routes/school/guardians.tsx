import { pupilsQueryOptions } from '../../../features/guardians/api/get-pupils.js';
import { GuardiansScreen } from '../../../features/guardians/components/GuardiansScreen.js';
import { schoolLoader } from '../../../lib/school/prefetch.js';

export const clientLoader = schoolLoader((queryClient) => [
  queryClient.ensureQueryData(pupilsQueryOptions()),
]);

/** Guardians (docs/decisions/0021-families.md#staff-screens): the principal links parents to pupils. */
export default function GuardiansRoute() {
  return <GuardiansScreen />;
}
