import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { TeacherOptionSchema } from '../../../../shared/api/users.js';
import { apiClient } from '../../../lib/api-client.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';

export interface TeacherOption {
  id: number;
  name: string;
}

const TeachersAnswerSchema = z.object({ results: z.array(TeacherOptionSchema) });

/** `GET users/teacher` -> `{ results: [ { id, name } ] }`. */
export async function getTeachers(signal?: AbortSignal): Promise<TeacherOption[]> {
  const body = await apiClient.get('users/teacher', { signal, schema: TeachersAnswerSchema });
  return body.results.map((row) => ({ id: row.id, name: row.name }));
}

export const teachersQueryOptions = () =>
  queryOptions({ queryKey: schoolKeys.teachers(), queryFn: ({ signal }) => getTeachers(signal) });

export const useTeachers = () => useQuery(teachersQueryOptions());
