import { AssignedClassAnswerSchema, AssignedStudentAnswerSchema } from '../../../shared/api/school.js';
import { schoolKeys } from './query-keys.js';
import { schoolRead, schoolReadOf } from './school-read.js';

/** A class the logged-in teacher teaches (every class, for a Principle). */
export interface AssignedClass {
  classId: number;
  className: string;
}

/** `GET teacher/assign_class` -> `{ data: [ { classId, class_name } ] }`. */
export const [getAssignedClasses, assignedClassesQueryOptions, useAssignedClasses] = schoolRead(
  schoolKeys.assignedClasses,
  'teacher/assign_class',
  AssignedClassAnswerSchema,
  (body): AssignedClass[] => body.data.map((row) => ({ classId: row.classId, className: row.class_name })),
);

/** A pupil of the class with the lesson the teacher gives them. */
export interface AssignedStudent {
  studentId: number;
  studentName: string;
  subjectName: string;
  time: string;
}

/** `GET teacher/assign_class/{classId}` -> `{ data: [ { StudentId, StudentName, subject_name, time } ] }`. */
export const [getAssignedStudents, assignedStudentsQueryOptions, useAssignedStudents] = schoolReadOf(
  schoolKeys.assignedStudents,
  (classId) => `teacher/assign_class/${classId}`,
  AssignedStudentAnswerSchema,
  (body): AssignedStudent[] =>
    body.data.map((row) => ({
      studentId: row.StudentId,
      studentName: row.StudentName,
      subjectName: row.subject_name,
      time: row.time,
    })),
);
