import { AdmissionsScreen } from '../../../features/admissions/components/AdmissionsScreen.js';
import { parseId } from '../../../lib/school/format.js';
import { classSeatsQueryOptions } from '../../../lib/school/get-class-seats.js';
import { schoolLoader } from '../../../lib/school/prefetch.js';

export const clientLoader = schoolLoader((queryClient, { request }) => {
  const params = new URL(request.url).searchParams;
  return params.has('case')
    ? []
    : [queryClient.ensureQueryData(classSeatsQueryOptions(parseId(params.get('year'))))];
});

/**
 * Admissions (docs/decisions/0105-the-admissions-board.md): the principal's board of a class and
 * year, a case's page (`?case=<id>`) and the new case form (`?new`).
 */
export default function AdmissionsRoute() {
  return <AdmissionsScreen />;
}
