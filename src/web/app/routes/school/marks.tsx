import { assignedClassesQueryOptions } from '../../../features/school/api/get-assigned-classes.js';
import { subjectsQueryOptions } from '../../../features/school/api/get-subjects.js';
import { schoolLoader } from '../../../features/school/api/prefetch.js';
import { MarksEntryScreen } from '../../../features/school-admin/components/MarksEntryScreen.js';

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
