import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { MEDIA_RULES, type Media, MediaSchema } from '../../../../shared/api/admin.js';
import { type MediaList, MediaListSchema } from '../../../../shared/api/media.js';
import { apiClient } from '../../../lib/api-client.js';

export const mediaQueryKey = ['cms', 'media'] as const;

/** `GET admin/media`: the uploaded pictures, newest first, and the site's other pictures, with the records using each. */
export async function getMedia(signal?: AbortSignal): Promise<MediaList> {
  return apiClient.get('admin/media', { signal, schema: MediaListSchema });
}

export const mediaQueryOptions = () =>
  queryOptions({ queryKey: mediaQueryKey, queryFn: ({ signal }) => getMedia(signal) });

/** The whole library: uploads and the site's other pictures. */
export const useMediaLibrary = () => useQuery(mediaQueryOptions());

/** The uploads alone (what can be deleted, what the logo is chosen from). */
export const useMedia = () => useQuery({ ...mediaQueryOptions(), select: (list: MediaList) => list.data });

/** `POST admin/media`: multipart `file` and a suggested `alt`. */
export async function uploadMedia(file: File, alt: string): Promise<Media> {
  const form = new FormData();
  form.append('alt', alt);
  form.append(MEDIA_RULES.field, file);
  const body = await apiClient.post('admin/media', form, { schema: z.object({ data: MediaSchema }) });
  return body.data;
}

export function useUploadMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, alt }: { file: File; alt: string }) => uploadMedia(file, alt),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaQueryKey }),
  });
}

/** `DELETE admin/media/{name}`: a 409 MEDIA_IN_USE lists the records in its details. */
export const deleteMedia = (name: string) => apiClient.delete(`admin/media/${encodeURIComponent(name)}`);

export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMedia,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaQueryKey }),
  });
}
