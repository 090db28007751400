import { useEffect, useState } from 'react';
import { usePickupPhoto } from '../api/get-pickup-photo.js';

/** An object URL for the blob while it is shown, released when it changes or goes. */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(undefined);
    };
  }, [blob]);
  return url;
}

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
