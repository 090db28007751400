import { teacherResultsQueryOptions } from '../../../features/marks/api/get-teacher-results.js';
import { FinalResultsScreen } from '../../../features/marks/components/ResultScreens.js';
import { schoolLoader } from '../../../lib/school/prefetch.js';

export const clientLoader = schoolLoader((queryClient) => [
  queryClient.ensureQueryData(teacherResultsQueryOptions()),
]);

/** Final-results (docs/contract/product.md#school-screens): one row per pupil with View Marks. */
export default function FinalResultsRoute() {
  return <FinalResultsScreen />;
}
