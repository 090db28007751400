import { resultsQueryOptions } from '../../../features/marks/api/get-results.js';
import { ResultsScreen } from '../../../features/marks/components/ResultScreens.js';
import { termIdFrom } from '../../../features/marks/components/TermPicker.js';
import { schoolTermsQueryOptions } from '../../../lib/school/get-school-terms.js';
import { schoolLoader } from '../../../lib/school/prefetch.js';

// The school's terms first: the URL's `?term=`, or the term shown first, names the results to load.
export const clientLoader = schoolLoader((queryClient, { request }) => [
  queryClient
    .ensureQueryData(schoolTermsQueryOptions())
    .then((terms) =>
      queryClient.ensureQueryData(resultsQueryOptions(termIdFrom(new URL(request.url).searchParams, terms))),
    ),
]);

/** Results (docs/contract/product.md#school-screens): Class, Student Name, Subject, Marks. */
export default function ResultsRoute() {
  return <ResultsScreen />;
}
