import type { z } from 'zod';
import { StudentClassAnswerSchema, type StudentClassRowSchema } from '../../../../shared/api/school.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';
import { schoolRead } from '../../../lib/school/school-read.js';

/** Who teaches which subject to which class, and when (a row of Student-class). */
export interface ClassAssignment {
  id: number;
  teacherName: string;
  className: string;
  subjectName: string;
  time: string;
}

export const fromWireAssignment = (row: z.infer<typeof StudentClassRowSchema>): ClassAssignment => ({
  id: row.id,
  teacherName: row.Teacher,
  className: row.class_name,
  subjectName: row.subject_name,
  time: row.time,
});

/** `GET studentclass` -> `{ data: [ { id, Teacher, class_name, subject_name, time } ] }`. */
export const [getClassAssignments, classAssignmentsQueryOptions, useClassAssignments] = schoolRead(
  schoolKeys.classAssignments,
  'studentclass',
  StudentClassAnswerSchema,
  (body) => body.data.map(fromWireAssignment),
);
