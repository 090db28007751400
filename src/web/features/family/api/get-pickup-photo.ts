import { useQuery } from '@tanstack/react-query';
import { pickupPhotoPath } from '../../../../shared/api/family.js';
import { ApiError, apiUrl } from '../../../lib/api-client.js';
import { getSessionToken } from '../../../lib/session.js';
import { familyKeys } from './keys.js';

/**
 * `GET pupils/{id}/care/pickup-photos/{name}`: a pick-up person's photo, as a picture's bytes
 * (docs/decisions/0040-pick-up-photos.md). Only those who read the child's care details get it, so
 * the call carries the bearer token, which an `<img src>` cannot send: the picture is fetched here
 * (as downloads are, lib/download.ts) and shown from an object URL (PickupPhotoImage).
 */
export async function getPickupPhoto(studentId: number, photo: string, signal?: AbortSignal): Promise<Blob> {
  const token = getSessionToken();
  const response = await fetch(apiUrl(pickupPhotoPath(studentId, photo)), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok) {
    throw new ApiError(response.status, `HTTP_${response.status}`, 'The photo could not be shown.');
  }
  return response.blob();
}

/** The photo's bytes; a stored photo never changes, so once fetched it is kept until logging out. */
export const usePickupPhoto = (studentId: number, photo: string) =>
  useQuery({
    queryKey: familyKeys.pickupPhoto(studentId, photo),
    queryFn: ({ signal }) => getPickupPhoto(studentId, photo, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
