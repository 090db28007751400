import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../api-client.js';
import { schoolKeys } from './query-keys.js';

/** Who a pupil is, as far as a school screen's heading needs it. */
export interface Pupil {
  id: number;
  name: string;
}

const PupilAnswerSchema = z.object({ results: z.object({ id: z.number().int(), name: z.string() }) });

/** `GET users/student/{id}` -> `{ results: { id, name, ... } }` (the accounts feature reads the rest). */
export async function getPupil(studentId: number, signal?: AbortSignal): Promise<Pupil> {
  const { results } = await apiClient.get(`users/student/${studentId}`, {
    signal,
    schema: PupilAnswerSchema,
  });
  return { id: results.id, name: results.name };
}

export const pupilQueryOptions = (studentId: number) =>
  queryOptions({
    queryKey: schoolKeys.pupil(studentId),
    queryFn: ({ signal }) => getPupil(studentId, signal),
  });

export const usePupil = (studentId: number) => useQuery(pupilQueryOptions(studentId));
