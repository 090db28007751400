import { useQuery } from '@tanstack/react-query';
import { StudentExamAnswerSchema, TeacherExamAnswerSchema } from '../../../../shared/api/school.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';
import { schoolRead, schoolReadOf } from '../../../lib/school/school-read.js';

/** One exam of the programme: which class sits which subject, and when. */
export interface Exam {
  className: string;
  subjectName: string;
  time: string;
}

/** `GET student/exam` -> `{ data: [ { ClassName, SubjectName, ExamTime } ] }` (a pupil's class; all for a Principle). */
export const [getStudentExams, studentExamsQueryOptions] = schoolRead(
  schoolKeys.studentExams,
  'student/exam',
  StudentExamAnswerSchema,
  (body): Exam[] =>
    body.data.map((row) => ({ className: row.ClassName, subjectName: row.SubjectName, time: row.ExamTime })),
);

export const useStudentExams = (enabled = true) => useQuery({ ...studentExamsQueryOptions(), enabled });

/**
 * `GET exam/{teacherid}` -> `{ data: [ { classes, subjectname, time } ] }`, with the logged-in
 * teacher's real id (docs/contract/fixes-and-gaps.md#fix-3; the original sent the placeholder text).
 */
export const [getTeacherExams, teacherExamsQueryOptions] = schoolReadOf(
  schoolKeys.teacherExams,
  (teacherId) => `exam/${teacherId}`,
  TeacherExamAnswerSchema,
  (body): Exam[] =>
    body.data.map((row) => ({ className: row.classes, subjectName: row.subjectname, time: row.time })),
);

export const useTeacherExams = (teacherId: number | undefined) =>
  useQuery({ ...teacherExamsQueryOptions(teacherId ?? 0), enabled: teacherId !== undefined });
