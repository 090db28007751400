import { resultsQueryOptions } from '../../../features/school/api/get-results.js';
import { schoolLoader } from '../../../features/school/api/prefetch.js';
import { ResultsScreen } from '../../../features/school/components/ResultScreens.js';

export const clientLoader = schoolLoader((queryClient) => [
  queryClient.ensureQueryData(resultsQueryOptions()),
]);

/** Results (docs/contract/product.md#school-screens): Class, Student Name, Subject, Marks. */
export default function ResultsRoute() {
  return <ResultsScreen />;
}
