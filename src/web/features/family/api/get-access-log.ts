import { useInfiniteQuery } from '@tanstack/react-query';
import { type AccessLog, AccessLogAnswerSchema } from '../../../../shared/api/access-log.js';
import { apiClient } from '../../../lib/api-client.js';
import { familyKeys } from './keys.js';

/** `GET pupils/{id}/access-log?before=`: a page of who opened the child's records, newest first. */
export async function getAccessLog(
  studentId: number,
  before: number | undefined,
  signal?: AbortSignal,
): Promise<AccessLog> {
  const query = before === undefined ? '' : `?before=${before}`;
  const answer = await apiClient.get(`pupils/${studentId}/access-log${query}`, {
    signal,
    schema: AccessLogAnswerSchema,
  });
  return answer.data;
}

/** The log a page at a time: `fetchNextPage` reads the older entries. */
export const useAccessLog = (studentId: number) =>
  useInfiniteQuery({
    queryKey: familyKeys.accessLog(studentId),
    queryFn: ({ pageParam, signal }) => getAccessLog(studentId, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });
