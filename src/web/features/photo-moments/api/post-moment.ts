import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  PHOTO_MOMENT_RULES,
  type PhotoMoment,
  PhotoMomentAnswerSchema,
} from '../../../../shared/api/photo-moments.js';
import { apiClient } from '../../../lib/api-client.js';
import { photoMomentKeys } from './keys.js';

export interface NewMoment {
  caption: string;
  children: number[];
  photos: File[];
}

/** `POST photo-moments` (multipart): the photos, the caption, the tagged children and the confirmation. */
export async function postMoment(moment: NewMoment): Promise<PhotoMoment> {
  const form = new FormData();
  form.append('caption', moment.caption);
  form.append('children', moment.children.join(','));
  form.append('everyoneTagged', 'true');
  for (const photo of moment.photos) form.append(PHOTO_MOMENT_RULES.field, photo, photo.name);
  const body = await apiClient.post('photo-moments', form, { schema: PhotoMomentAnswerSchema });
  return body.data;
}

export function usePostMoment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postMoment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: photoMomentKeys.all }),
  });
}
