import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type FamilyExport,
  FamilyExportAnswerSchema,
  type FamilyExportList,
  FamilyExportListSchema,
} from '../../../../shared/api/family-export.js';
import { apiClient } from '../../../lib/api-client.js';
import { familyKeys } from './keys.js';

/** `GET pupils/{id}/data-exports`: the requests for archives of the child's data the reader may see. */
export async function getDataExports(studentId: number, signal?: AbortSignal): Promise<FamilyExportList> {
  const answer = await apiClient.get(`pupils/${studentId}/data-exports`, {
    signal,
    schema: FamilyExportListSchema,
  });
  return answer.data;
}

/** The requests; read again every 10 seconds while one is being made (docs/decisions/0109-a-familys-data-on-request.md). */
export const useDataExports = (studentId: number) =>
  useQuery({
    queryKey: familyKeys.dataExports(studentId),
    queryFn: ({ signal }) => getDataExports(studentId, signal),
    refetchInterval: (query) =>
      query.state.data?.exports.some((e) => e.state === 'waiting' || e.state === 'building') ? 10_000 : false,
  });

/** `POST pupils/{id}/data-export`: asks for an archive; the link comes by mail. */
export async function requestDataExport(studentId: number): Promise<FamilyExport> {
  const answer = await apiClient.post(`pupils/${studentId}/data-export`, undefined, {
    schema: FamilyExportAnswerSchema,
  });
  return answer.data;
}

export function useRequestDataExport(studentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestDataExport(studentId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: familyKeys.dataExports(studentId) }),
  });
}
