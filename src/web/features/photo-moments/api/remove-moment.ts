import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LIVE_QUERY_PREFIXES } from '../../../../shared/api/live.js';
import { apiClient } from '../../../lib/api-client.js';

/**
 * `DELETE photo-moments/{id}` -> 204: the moment, its photos and its tags are gone for every family
 * (docs/decisions/0083-taking-down-a-photo-moment.md). Its poster and the principal only: someone
 * else who sees it gets 403, and a moment already gone 404.
 */
export async function removeMoment(id: number): Promise<void> {
  await apiClient.delete(`photo-moments/${id}`);
}

export function useRemoveMoment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMoment,
    // What the removal's live event makes stale (the feeds, and the children's days of
    // features/day-log that show the moment), at once: the remover's screen does not wait for the
    // stream. Also after a failure: a 404 means someone else took the moment down meanwhile.
    onSettled: () =>
      Promise.all(LIVE_QUERY_PREFIXES.photo.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
