import { MarksEntryScreen } from '../../../features/marks/components/MarksEntryScreen.js';
import { assignedClassesQueryOptions } from '../../../lib/school/get-assigned-classes.js';
import { subjectsQueryOptions } from '../../../lib/school/get-subjects.js';
import { schoolLoader } from '../../../lib/school/prefetch.js';

export const clientLoader = schoolLoader((queryClient) => [
  queryClient.ensureQueryData(assignedClassesQueryOptions()),
  queryClient.ensureQueryData(subjectsQueryOptions()),
]);

/**
 * Marks entry (docs/decisions/0009-running-the-school-year.md): a teacher or the principal saves a class's
 * marks in a subject.
 */
export default function MarksRoute() {
  return <MarksEntryScreen />;
}
