import { myCardsQueryOptions } from '../../../features/report-cards/api/report-cards.js';
import { MyReportCardsScreen } from '../../../features/report-cards/components/MyReportCardsScreen.js';
import { schoolLoader } from '../../../lib/school/prefetch.js';

export const clientLoader = schoolLoader((queryClient) => [
  queryClient.ensureQueryData(myCardsQueryOptions()),
]);

/** Report cards (docs/decisions/0090-report-cards.md): a pupil's or a family's published cards. */
export default function ReportCardsRoute() {
  return <MyReportCardsScreen />;
}
