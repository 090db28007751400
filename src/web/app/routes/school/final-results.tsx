import { teacherResultsQueryOptions } from '../../../features/school/api/get-teacher-results.js';
import { schoolLoader } from '../../../features/school/api/prefetch.js';
import { FinalResultsScreen } from '../../../features/school/components/ResultScreens.js';

export const clientLoader = schoolLoader((queryClient) => [
  queryClient.ensureQueryData(teacherResultsQueryOptions()),
]);

/** Final-results (docs/contract/product.md#school-screens): one row per pupil with View Marks. */
export default function FinalResultsRoute() {
  return <FinalResultsScreen />;
}
