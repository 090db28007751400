import type { MomentPhoto as Photo } from '../../../../shared/api/photo-moments.js';
import { useObjectUrl } from '../../../lib/use-object-url.js';
import { useMomentPhoto } from '../api/get-moment-photo.js';

/** The width shown in a card: the smallest stored width of at least 400 px, else the largest. */
export const shownWidth = (photo: Photo): number =>
  photo.widths.find((width) => width >= 400) ?? photo.widths.at(-1) ?? photo.width;

/**
 * One photo of a moment, fetched with the session's token (the server sends it only to those the
 * children's consents allow). A box of the photo's proportions holds its place while it loads.
 */
export function MomentPhoto({ momentId, photo, alt }: { momentId: number; photo: Photo; alt: string }) {
  const { data } = useMomentPhoto(momentId, photo.n, shownWidth(photo));
  const url = useObjectUrl(data);
  return (
    <div className="moment-photo" style={{ aspectRatio: `${photo.width} / ${photo.height}` }}>
      {url ? <img className="moment-photo__img" src={url} alt={alt} /> : null}
    </div>
  );
}
