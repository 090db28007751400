import { teacherResultsQueryOptions } from '../../../features/marks/api/get-teacher-results.js';
import { FinalResultsScreen } from '../../../features/marks/components/ResultScreens.js';
import { termIdFrom } from '../../../features/marks/components/TermPicker.js';
import { schoolTermsQueryOptions } from '../../../lib/school/get-school-terms.js';
import { schoolLoader } from '../../../lib/school/prefetch.js';

// The school's terms first: the URL's `?term=`, or the term shown first, names the results to load.
export const clientLoader = schoolLoader((queryClient, { request }) => [
  queryClient
    .ensureQueryData(schoolTermsQueryOptions())
    .then((terms) =>
      queryClient.ensureQueryData(
        teacherResultsQueryOptions(termIdFrom(new URL(request.url).searchParams, terms)),
      ),
    ),
]);

/** Final-results (docs/contract/product.md#school-screens): one row per pupil with View Marks. */
export default function FinalResultsRoute() {
  return <FinalResultsScreen />;
}
