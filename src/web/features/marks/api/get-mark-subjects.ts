import { useQuery } from '@tanstack/react-query';
import { type MarkSubjectRow, MarkSubjectsAnswerSchema } from '../../../../shared/api/school-admin.js';
import { schoolReadOf } from '../../../lib/school/school-read.js';

export type MarkSubject = MarkSubjectRow;

/** Under 'school', so logout drops it with the rest of the school area. */
export const markSubjectsKey = (classId: number) => ['school', 'marks', 'subjects', classId] as const;

/** `GET marks/subjects?classId=` -> `{ data: [ { id, name } ] }`: what the caller may mark there. */
export const [getMarkSubjects, markSubjectsQueryOptions] = schoolReadOf(
  markSubjectsKey,
  (classId) => `marks/subjects?${new URLSearchParams({ classId: String(classId) }).toString()}`,
  MarkSubjectsAnswerSchema,
  (body): MarkSubject[] => body.data,
);

/** Asks once a class is chosen. */
export const useMarkSubjects = (classId: number | undefined) =>
  useQuery({ ...markSubjectsQueryOptions(classId ?? 0), enabled: classId !== undefined });
