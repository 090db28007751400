import { useQuery } from '@tanstack/react-query';
import { ApiError, apiUrl } from '../../../lib/api-client.js';
import { getSessionToken } from '../../../lib/session.js';
import { conversationKeys } from './keys.js';

/**
 * A message's picture, as bytes: the server gives it to the conversation's members only, with the
 * bearer token an `<img src>` cannot send, so it is fetched here and shown from an object URL.
 */
export async function getAttachment(url: string, signal?: AbortSignal): Promise<Blob> {
  const token = getSessionToken();
  const response = await fetch(apiUrl(url.replace(/^\/api\//, '')), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok)
    throw new ApiError(response.status, `HTTP_${response.status}`, 'The picture could not be shown.');
  return response.blob();
}

export const useAttachment = (studentId: number, messageId: number, url: string) =>
  useQuery({
    queryKey: conversationKeys.attachment(studentId, messageId),
    queryFn: ({ signal }) => getAttachment(url, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
