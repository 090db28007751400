import { useQuery } from '@tanstack/react-query';
import { momentPhotoPath } from '../../../../shared/api/photo-moments.js';
import { ApiError, apiUrl } from '../../../lib/api-client.js';
import { downloadApiFile } from '../../../lib/download.js';
import { getSessionToken } from '../../../lib/session.js';
import { photoMomentKeys } from './keys.js';

/**
 * `GET photo-moments/{id}/photos/{n}/{width}`: a photo's bytes. Only those the children's consents
 * allow get it, so the call carries the bearer token, which an `<img src>` cannot send: the photo is
 * fetched here and shown from an object URL (MomentPhoto).
 */
export async function getMomentPhoto(
  id: number,
  n: number,
  width: number,
  signal?: AbortSignal,
): Promise<Blob> {
  const token = getSessionToken();
  const response = await fetch(apiUrl(momentPhotoPath(id, n, width)), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok)
    throw new ApiError(response.status, `HTTP_${response.status}`, 'The photo could not be shown.');
  return response.blob();
}

export const useMomentPhoto = (id: number, n: number, width: number) =>
  useQuery({
    queryKey: photoMomentKeys.photo(id, n, width),
    queryFn: ({ signal }) => getMomentPhoto(id, n, width, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** `GET photo-moments/{id}/photos/{n}/download`: the photo in its largest width, saved by the browser. */
export const downloadMomentPhoto = (id: number, n: number): Promise<void> =>
  downloadApiFile(momentPhotoPath(id, n, 'download'), `moment-${id}-${n}.webp`);
