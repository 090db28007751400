import { useMutation } from '@tanstack/react-query';
import { PICKUP_PHOTO_FIELD, PickupPhotoAnswerSchema } from '../../../../shared/api/family.js';
import { apiClient } from '../../../lib/api-client.js';

/**
 * `POST pupils/{id}/care/pickup-photo` (multipart, one picture in PICKUP_PHOTO_FIELD) -> the stored picture,
 * relative to `/uploads/`. It joins the care details only when they are saved (the PUT carries it).
 */
export async function uploadPickupPhoto(studentId: number, file: File): Promise<string> {
  const form = new FormData();
  form.append(PICKUP_PHOTO_FIELD, file, file.name);
  const body = await apiClient.post(`pupils/${studentId}/care/pickup-photo`, form, {
    schema: PickupPhotoAnswerSchema,
  });
  return body.data.image;
}

export const useUploadPickupPhoto = (studentId: number) =>
  useMutation({ mutationFn: (file: File) => uploadPickupPhoto(studentId, file) });
