import { useObjectUrl } from '../../../lib/use-object-url.js';
import { usePickupPhoto } from '../api/get-pickup-photo.js';

/**
 * A pick-up person's photo of the child `studentId` (docs/decisions/0040-pick-up-photos.md): fetched
 * with the session's token, since the server shows it only to those who read the child's care
 * details. Nothing shows while it loads or when it cannot be had.
 */
export function PickupPhotoImage({
  studentId,
  photo,
  className,
  alt,
}: {
  studentId: number;
  photo: string;
  className: string;
  alt: string;
}) {
  const { data } = usePickupPhoto(studentId, photo);
  const url = useObjectUrl(data);
  return url ? <img className={className} src={url} alt={alt} /> : null;
}
