import { queryOptions, useQuery } from '@tanstack/react-query';
import { StudentExamAnswerSchema, TeacherExamAnswerSchema } from '../../../../shared/api/school.js';
import { apiClient } from '../../../lib/api-client.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';

/** One exam of the programme: which class sits which subject, and when. */
export interface Exam {
  className: string;
  subjectName: string;
  time: string;
}

/** `GET student/exam` -> `{ data: [ { ClassName, SubjectName, ExamTime } ] }` (a pupil's class; all for a Principle). */
export async function getStudentExams(signal?: AbortSignal): Promise<Exam[]> {
  const body = await apiClient.get('student/exam', { signal, schema: StudentExamAnswerSchema });
  return body.data.map((row) => ({
    className: row.ClassName,
    subjectName: row.SubjectName,
    time: row.ExamTime,
  }));
}

export const studentExamsQueryOptions = () =>
  queryOptions({ queryKey: schoolKeys.studentExams(), queryFn: ({ signal }) => getStudentExams(signal) });

export const useStudentExams = (enabled = true) => useQuery({ ...studentExamsQueryOptions(), enabled });

/**
 * `GET exam/{teacherid}` -> `{ data: [ { classes, subjectname, time } ] }`, with the logged-in
 * teacher's real id (docs/contract/fixes-and-gaps.md#fix-3; the original sent the placeholder text).
 */
export async function getTeacherExams(teacherId: number, signal?: AbortSignal): Promise<Exam[]> {
  const body = await apiClient.get(`exam/${teacherId}`, { signal, schema: TeacherExamAnswerSchema });
  return body.data.map((row) => ({ className: row.classes, subjectName: row.subjectname, time: row.time }));
}

export const teacherExamsQueryOptions = (teacherId: number) =>
  queryOptions({
    queryKey: schoolKeys.teacherExams(teacherId),
    queryFn: ({ signal }) => getTeacherExams(teacherId, signal),
  });

export const useTeacherExams = (teacherId: number | undefined) =>
  useQuery({ ...teacherExamsQueryOptions(teacherId ?? 0), enabled: teacherId !== undefined });
