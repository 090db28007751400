import { useQuery } from '@tanstack/react-query';
import { type LessonExam, LessonExamsAnswerSchema } from '../../../../shared/api/school-admin.js';
import { apiClient } from '../../../lib/api-client.js';

export type { LessonExam };

/** Under 'school', 'marks', so a save or a release loads them again. */
export const lessonExamsKey = (classId: number, subjectId: number) =>
  ['school', 'marks', 'exams', classId, subjectId] as const;

/** `GET marks/exams?classId=&subjectId=` -> the lesson's exams by date, with term and release. */
export async function getLessonExams(classId: number, subjectId: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ classId: String(classId), subjectId: String(subjectId) });
  const body = await apiClient.get(`marks/exams?${query.toString()}`, {
    signal,
    schema: LessonExamsAnswerSchema,
  });
  return body.data;
}

/** Asks only once both a class and a subject are chosen. */
export const useLessonExams = (classId: number | undefined, subjectId: number | undefined) =>
  useQuery({
    queryKey: lessonExamsKey(classId ?? 0, subjectId ?? 0),
    queryFn: ({ signal }) => getLessonExams(classId ?? 0, subjectId ?? 0, signal),
    enabled: classId !== undefined && subjectId !== undefined,
  });
