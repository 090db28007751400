import { queryOptions, useQuery } from '@tanstack/react-query';
import { SubjectsAnswerSchema } from '../../../shared/api/school.js';
import { apiClient } from '../api-client.js';
import { schoolKeys } from './query-keys.js';

export interface Subject {
  id: number;
  name: string;
}

/** `GET subject` -> `{ data: [ { id, sub_name } ] }`. */
export async function getSubjects(signal?: AbortSignal): Promise<Subject[]> {
  const body = await apiClient.get('subject', { signal, schema: SubjectsAnswerSchema });
  return body.data.map((row) => ({ id: row.id, name: row.sub_name }));
}

export const subjectsQueryOptions = () =>
  queryOptions({ queryKey: schoolKeys.subjects(), queryFn: ({ signal }) => getSubjects(signal) });

export const useSubjects = () => useQuery(subjectsQueryOptions());
