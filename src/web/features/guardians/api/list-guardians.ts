import { queryOptions, useQuery } from '@tanstack/react-query';
import { type GuardianRow, GuardiansAnswerSchema } from '../../../../shared/api/family.js';
import { apiClient } from '../../../lib/api-client.js';
import { guardianKeys } from './keys.js';

/** `GET admin/guardians?studentId=` -> the parents linked to one pupil. */
export async function listGuardians(studentId: number, signal?: AbortSignal): Promise<GuardianRow[]> {
  const query = new URLSearchParams({ studentId: String(studentId) });
  const body = await apiClient.get(`admin/guardians?${query}`, { signal, schema: GuardiansAnswerSchema });
  return body.data;
}

export const guardiansQueryOptions = (studentId: number) =>
  queryOptions({
    queryKey: guardianKeys.ofPupil(studentId),
    queryFn: ({ signal }) => listGuardians(studentId, signal),
  });

export const useGuardians = (studentId: number | undefined) =>
  useQuery({ ...guardiansQueryOptions(studentId ?? 0), enabled: studentId !== undefined });
