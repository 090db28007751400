import { resultsQueryOptions } from '../../../features/marks/api/get-results.js';
import { ResultsScreen } from '../../../features/marks/components/ResultScreens.js';
import { schoolLoader } from '../../../lib/school/prefetch.js';

export const clientLoader = schoolLoader((queryClient) => [
  queryClient.ensureQueryData(resultsQueryOptions()),
]);

/** Results (docs/contract/product.md#school-screens): Class, Student Name, Subject, Marks. */
export default function ResultsRoute() {
  return <ResultsScreen />;
}
