import { queryOptions, useQuery } from '@tanstack/react-query';
import { PupilsAnswerSchema } from '../../../../shared/api/school-admin.js';
import { apiClient } from '../../../lib/api-client.js';

export interface AdminPupil {
  id: number;
  name: string;
  classId: number | null;
  className: string | null;
}

/** `GET admin/pupils?status=active` -> `{ data: [ { id, name, email, status, classId, className } ] }`. */
export async function getActivePupils(signal?: AbortSignal): Promise<AdminPupil[]> {
  const body = await apiClient.get('admin/pupils?status=active', { signal, schema: PupilsAnswerSchema });
  return body.data.map((row) => ({
    id: row.id,
    name: row.name,
    classId: row.classId,
    className: row.className,
  }));
}

export const activePupilsQueryOptions = () =>
  queryOptions({
    queryKey: ['school', 'admin-pupils', 'active'] as const,
    queryFn: ({ signal }) => getActivePupils(signal),
  });

export const useActivePupils = () => useQuery(activePupilsQueryOptions());
