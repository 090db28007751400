import { USER_TYPE } from '../../../../shared/constants.js';
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
      user.type === USER_TYPE.teacher
        ? queryClient.ensureQueryData(teacherExamsQueryOptions(user.id))
        : queryClient.ensureQueryData(studentExamsQueryOptions()),
    ),
]);

/** Exams, for a teacher (spec 2.5, decisions item 3): Class, Subject, Time. */
export default function ExamsRoute() {
  return <TeacherExamsScreen />;
}
