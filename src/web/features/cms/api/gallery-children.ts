import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GalleryChildrenAnswerSchema, TaggableChildrenSchema } from '../../../../shared/api/photo-moments.js';
import { apiClient } from '../../../lib/api-client.js';
import { editorRecordsQueryKey } from './content-admin.js';

/**
 * The children tagged in a gallery record's pictures (docs/decisions/0079-photo-consent.md): the
 * public gallery leaves out a picture tagged with a child whose website consent is off.
 */
export const galleryChildrenKeys = {
  record: (recordId: number) => ['cms', 'gallery-children', recordId] as const,
  /** Every pupil in a class: whom the principal may tag. */
  pupils: ['cms', 'gallery-children', 'pupils'] as const,
};

export type GalleryTags = { image: string; children: { id: number; name: string }[] }[];

/** `GET admin/content/gallery/{id}/children`. */
export const useGalleryChildren = (recordId: number) =>
  useQuery({
    queryKey: galleryChildrenKeys.record(recordId),
    queryFn: async ({ signal }): Promise<GalleryTags> =>
      (
        await apiClient.get(`admin/content/gallery/${recordId}/children`, {
          signal,
          schema: GalleryChildrenAnswerSchema,
        })
      ).data,
  });

/** `GET photo-moments/children` as the principal: every pupil in a class. */
export const useTaggablePupils = () =>
  useQuery({
    queryKey: galleryChildrenKeys.pupils,
    queryFn: async ({ signal }) =>
      (await apiClient.get('photo-moments/children', { signal, schema: TaggableChildrenSchema })).data,
  });

/** `PUT admin/content/gallery/{id}/children`: the tags of every picture of the record. */
export function useSaveGalleryChildren(recordId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (images: { image: string; children: number[] }[]) =>
      apiClient.put(
        `admin/content/gallery/${recordId}/children`,
        { images },
        { schema: GalleryChildrenAnswerSchema },
      ),
    onSuccess: async (answer) => {
      queryClient.setQueryData(galleryChildrenKeys.record(recordId), answer.data);
      await queryClient.invalidateQueries({ queryKey: editorRecordsQueryKey('gallery') });
    },
  });
}
