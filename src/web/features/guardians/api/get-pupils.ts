import { queryOptions, useQuery } from '@tanstack/react-query';
import { PupilsAnswerSchema } from '../../../../shared/api/school-admin.js';
import { apiClient } from '../../../lib/api-client.js';
import { guardianKeys } from './keys.js';

export interface PupilChoice {
  id: number;
  name: string;
  className: string | null;
}

/** `GET admin/pupils?status=active` -> every active pupil, the choice of whose guardians to see. */
export async function getPupils(signal?: AbortSignal): Promise<PupilChoice[]> {
  const body = await apiClient.get('admin/pupils?status=active', { signal, schema: PupilsAnswerSchema });
  return body.data
    .map((row) => ({ id: row.id, name: row.name, className: row.className }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export const pupilsQueryOptions = () =>
  queryOptions({ queryKey: guardianKeys.pupils(), queryFn: ({ signal }) => getPupils(signal) });

export const usePupils = () => useQuery(pupilsQueryOptions());
