import { ReviewScreen } from '../../../features/report-cards/components/ReviewScreen.js';
import { assignedClassesQueryOptions } from '../../../lib/school/get-assigned-classes.js';
import { schoolYearQueryOptions } from '../../../lib/school/get-school-year.js';
import { schoolLoader } from '../../../lib/school/prefetch.js';

export const clientLoader = schoolLoader((queryClient) => [
  queryClient.ensureQueryData(assignedClassesQueryOptions()),
  queryClient.ensureQueryData(schoolYearQueryOptions()),
]);

/** Review report cards (docs/decisions/0090-report-cards.md): the principal remarks and publishes. */
export default function ReportCardsReviewRoute() {
  return <ReviewScreen />;
}
