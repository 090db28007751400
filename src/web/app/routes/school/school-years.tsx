import { SchoolYearsScreen } from '../../../features/school-years/components/SchoolYearsScreen.js';
import { schoolYearsQueryOptions } from '../../../lib/school/get-school-years.js';
import { schoolLoader } from '../../../lib/school/prefetch.js';

export const clientLoader = schoolLoader((queryClient) => [
  queryClient.ensureQueryData(schoolYearsQueryOptions()),
]);

/** School years (docs/decisions/0089-screens-for-the-school-year-and-calendar.md): the principal's years and terms. */
export default function SchoolYearsRoute() {
  return <SchoolYearsScreen />;
}
