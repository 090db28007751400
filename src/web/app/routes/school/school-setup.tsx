import { SchoolSetupScreen } from '../../../features/school-setup/components/SchoolSetupScreen.js';
import { classesQueryOptions } from '../../../lib/school/get-classes.js';
import { subjectsQueryOptions } from '../../../lib/school/get-subjects.js';
import { timeSlotsQueryOptions } from '../../../lib/school/get-time-slots.js';
import { schoolLoader } from '../../../lib/school/prefetch.js';

export const clientLoader = schoolLoader((queryClient) => [
  queryClient.ensureQueryData(classesQueryOptions()),
  queryClient.ensureQueryData(subjectsQueryOptions()),
  queryClient.ensureQueryData(timeSlotsQueryOptions()),
]);

/**
 * School Set-up (docs/decisions/0009-running-the-school-year.md): the principal's classes, subjects, time
 * slots, enrolments and exams.
 */
export default function SchoolSetupRoute() {
  return <SchoolSetupScreen />;
}
