import { currentUserQueryOptions } from '../../../features/school/api/get-current-user.js';
import {
  studentExamsQueryOptions,
  teacherExamsQueryOptions,
} from '../../../features/school/api/get-exams.js';
import { schoolLoader } from '../../../features/school/api/prefetch.js';
import { TeacherExamsScreen } from '../../../features/school/components/ExamScreens.js';

export const clientLoader = schoolLoader((queryClient) => [
  queryClient
    .ensureQueryData(currentUserQueryOptions())
    .then((user) =>
      user.type === 'Teacher'
        ? queryClient.ensureQueryData(teacherExamsQueryOptions(user.id))
        : queryClient.ensureQueryData(studentExamsQueryOptions()),
    ),
]);

/**
 * Exams, for a teacher (docs/contract/product.md#school-screens, docs/contract/fixes-and-gaps.md#fix-3):
 * Class, Subject, Time.
 */
export default function ExamsRoute() {
  return <TeacherExamsScreen />;
}
