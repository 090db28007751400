import { mediaVariants } from '../../../../shared/api/admin.js';
import { UPLOADS_BASE } from '../../../config/env.js';

/** The smallest stored width of a picture, for thumbnails. */
export function thumbnailUrl(image: string): string {
  const smallest = mediaVariants(image)?.[0]?.image ?? image;
  return `${UPLOADS_BASE}${smallest}`;
}
