import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClassesAnswerSchema } from '../../../shared/api/school.js';
import { apiClient } from '../api-client.js';
import { schoolKeys } from './query-keys.js';

export interface SchoolClass {
  id: number;
  name: string;
}

/** `GET classes` -> `{ result: [ { id, classes } ] }`. */
export async function getClasses(signal?: AbortSignal): Promise<SchoolClass[]> {
  const body = await apiClient.get('classes', { signal, schema: ClassesAnswerSchema });
  return body.result.map((row) => ({ id: row.id, name: row.classes }));
}

export const classesQueryOptions = () =>
  queryOptions({ queryKey: schoolKeys.classes(), queryFn: ({ signal }) => getClasses(signal) });

export const useClasses = () => useQuery(classesQueryOptions());
