import { CommentsScreen } from '../../../features/report-cards/components/CommentsScreen.js';
import { assignedClassesQueryOptions } from '../../../lib/school/get-assigned-classes.js';
import { schoolYearQueryOptions } from '../../../lib/school/get-school-year.js';
import { schoolLoader } from '../../../lib/school/prefetch.js';

export const clientLoader = schoolLoader((queryClient) => [
  queryClient.ensureQueryData(assignedClassesQueryOptions()),
  queryClient.ensureQueryData(schoolYearQueryOptions()),
]);

/** Report card comments (docs/decisions/0090-report-cards.md): a teacher writes a class's comments. */
export default function ReportCardCommentsRoute() {
  return <CommentsScreen />;
}
