import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type ContentCollection, wireRecordSchema } from '../../../../shared/api/content.js';
import { apiClient } from '../../../lib/api-client.js';

/** A record as the public GET shows it: wire field names, `id` and `images`. */
export type EditorRecord = {
  id: number;
  images: { image: string; alt: string; category?: string }[];
} & Record<string, unknown>;

/**
 * The editor reads a collection through its public call, under the wire names (so it can send back
 * what it read). The key sits under the public one (`['content', collection]`), so one
 * invalidation refreshes the editor and the public pages alike.
 */
export const editorRecordsQueryKey = (collection: ContentCollection) =>
  ['content', collection, 'wire'] as const;

export async function getEditorRecords(collection: ContentCollection, signal?: AbortSignal) {
  // The public gallery leaves out pictures of children without website consent; the editor reads
  // every picture, or a save would drop them (docs/decisions/0079-photo-consent.md).
  const path = collection === 'gallery' ? 'admin/content/gallery' : collection;
  const body = await apiClient.get(path, {
    signal,
    schema: z.object({ data: z.array(wireRecordSchema(collection)) }),
  });
  return body.data as unknown as EditorRecord[];
}

export const editorRecordsQueryOptions = (collection: ContentCollection) =>
  queryOptions({
    queryKey: editorRecordsQueryKey(collection),
    queryFn: ({ signal }) => getEditorRecords(collection, signal),
  });

export const useEditorRecords = (collection: ContentCollection) =>
  useQuery(editorRecordsQueryOptions(collection));

const base = (collection: ContentCollection) => `admin/content/${collection}`;

/** `POST admin/content/{collection}` (no id) or `PUT .../{id}`. */
export function saveRecord(collection: ContentCollection, id: number | undefined, body: unknown) {
  return id === undefined
    ? apiClient.post(base(collection), body)
    : apiClient.put(`${base(collection)}/${id}`, body);
}

export const deleteRecord = (collection: ContentCollection, id: number) =>
  apiClient.delete(`${base(collection)}/${id}`);

export const reorderRecords = (collection: ContentCollection, ids: number[]) =>
  apiClient.post(`${base(collection)}/order`, { ids });

/** After any change the public pages and the editor read the collection again at once. */
function useInvalidateContent(collection: ContentCollection) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['content', collection] }),
      queryClient.invalidateQueries({ queryKey: ['cms', 'media'] }),
    ]);
}

export function useSaveRecord(collection: ContentCollection) {
  const invalidate = useInvalidateContent(collection);
  return useMutation({
    mutationFn: ({ id, body }: { id: number | undefined; body: unknown }) => saveRecord(collection, id, body),
    onSuccess: invalidate,
  });
}

export function useDeleteRecord(collection: ContentCollection) {
  const invalidate = useInvalidateContent(collection);
  return useMutation({ mutationFn: (id: number) => deleteRecord(collection, id), onSuccess: invalidate });
}

export function useReorderRecords(collection: ContentCollection) {
  const invalidate = useInvalidateContent(collection);
  return useMutation({
    mutationFn: (ids: number[]) => reorderRecords(collection, ids),
    onSuccess: invalidate,
  });
}
