import { ClassStudentAnswerSchema } from '../../../shared/api/school.js';
import { schoolKeys } from './query-keys.js';
import { schoolReadOf } from './school-read.js';

export interface ClassStudent {
  studentId: number;
  studentName: string;
}

/** `GET student_class/{classId}` -> `{ data: [ { studentId, studentName } ] }`. */
export const [getClassStudents, classStudentsQueryOptions, useClassStudents] = schoolReadOf(
  schoolKeys.classStudents,
  (classId) => `student_class/${classId}`,
  ClassStudentAnswerSchema,
  (body): ClassStudent[] =>
    body.data.map((row) => ({ studentId: row.studentId, studentName: row.studentName })),
);
