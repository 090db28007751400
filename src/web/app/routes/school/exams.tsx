import { USER_TYPE } from '../../../../shared/constants.js';
import { studentExamsQueryOptions, teacherExamsQueryOptions } from '../../../features/exams/api/get-exams.js';
import { TeacherExamsScreen } from '../../../features/exams/components/ExamScreens.js';
import { currentUserQueryOptions } from '../../../lib/current-user.js';
import { schoolLoader } from '../../../lib/school/prefetch.js';

export const clientLoader = schoolLoader((queryClient) => [
  queryClient
    .ensureQueryData(currentUserQueryOptions())
    .then((user) =>
      user.type === USER_TYPE.teacher
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
