import { classesQueryOptions } from '../../../features/school/api/get-classes.js';
import { subjectsQueryOptions } from '../../../features/school/api/get-subjects.js';
import { timeSlotsQueryOptions } from '../../../features/school/api/get-time-slots.js';
import { schoolLoader } from '../../../features/school/api/prefetch.js';
import { SchoolSetupScreen } from '../../../features/school-admin/components/SchoolSetupScreen.js';

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
