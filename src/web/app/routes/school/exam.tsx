import { studentExamsQueryOptions } from '../../../features/exams/api/get-exams.js';
import { StudentExamScreen } from '../../../features/exams/components/ExamScreens.js';
import { schoolLoader } from '../../../lib/school/prefetch.js';

export const clientLoader = schoolLoader((queryClient) => [
  queryClient.ensureQueryData(studentExamsQueryOptions()),
]);

/** Exam, for a student (docs/contract/product.md#school-screens): Class, Subject, Time. */
export default function ExamRoute() {
  return <StudentExamScreen />;
}
