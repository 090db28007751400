import { ClassStudentAnswerSchema, type ClassStudentRow } from '../../../shared/api/school.js';
import { schoolKeys } from './query-keys.js';
import { schoolReadOf } from './school-read.js';

export type ClassStudent = ClassStudentRow;

/** `GET student_class/{classId}` -> `{ data: [ { studentId, studentName } ] }`. */
export const [getClassStudents, classStudentsQueryOptions, useClassStudents] = schoolReadOf(
  schoolKeys.classStudents,
  (classId) => `student_class/${classId}`,
  ClassStudentAnswerSchema,
  (body): ClassStudent[] => body.data,
);
