import { queryOptions, useQuery } from '@tanstack/react-query';
import { MarkSubjectsAnswerSchema } from '../../../../shared/api/school-admin.js';
import { apiClient } from '../../../lib/api-client.js';

export interface MarkSubject {
  id: number;
  name: string;
}

/** Under 'school', so logout drops it with the rest of the school area. */
export const markSubjectsKey = (classId: number) => ['school', 'marks', 'subjects', classId] as const;

/** `GET marks/subjects?classId=` -> `{ data: [ { id, name } ] }`: what the caller may mark there. */
export async function getMarkSubjects(classId: number, signal?: AbortSignal): Promise<MarkSubject[]> {
  const query = new URLSearchParams({ classId: String(classId) });
  const body = await apiClient.get(`marks/subjects?${query.toString()}`, {
    signal,
    schema: MarkSubjectsAnswerSchema,
  });
  return body.data;
}

export const markSubjectsQueryOptions = (classId: number) =>
  queryOptions({
    queryKey: markSubjectsKey(classId),
    queryFn: ({ signal }) => getMarkSubjects(classId, signal),
  });

/** Asks once a class is chosen. */
export const useMarkSubjects = (classId: number | undefined) =>
  useQuery({ ...markSubjectsQueryOptions(classId ?? 0), enabled: classId !== undefined });
