import { studentExamsQueryOptions } from '../../../features/school/api/get-exams.js';
import { schoolLoader } from '../../../features/school/api/prefetch.js';
import { StudentExamScreen } from '../../../features/school/components/ExamScreens.js';

export const clientLoader = schoolLoader((queryClient) => [
  queryClient.ensureQueryData(studentExamsQueryOptions()),
]);

/** Exam, for a student (docs/contract/product.md#school-screens): Class, Subject, Time. */
export default function ExamRoute() {
  return <StudentExamScreen />;
}
