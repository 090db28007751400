import { useInfiniteQuery } from '@tanstack/react-query';
import { type PhotoMomentFeed, PhotoMomentFeedSchema } from '../../../../shared/api/photo-moments.js';
import { apiClient } from '../../../lib/api-client.js';
import { photoMomentKeys } from './keys.js';

/** `GET photo-moments?childId=&before=`: a page of the moments the user may see, newest first. */
export async function getMoments(
  childId: number | undefined,
  before: string | undefined,
  signal?: AbortSignal,
): Promise<PhotoMomentFeed> {
  const query = new URLSearchParams();
  if (childId !== undefined) query.set('childId', String(childId));
  if (before !== undefined) query.set('before', before);
  const search = query.size > 0 ? `?${query}` : '';
  return apiClient.get(`photo-moments${search}`, { signal, schema: PhotoMomentFeedSchema });
}

/** The feed, a page at a time: `fetchNextPage` reads the older moments. */
export const useMoments = (childId?: number) =>
  useInfiniteQuery({
    queryKey: photoMomentKeys.feed(childId),
    queryFn: ({ pageParam, signal }) => getMoments(childId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });
