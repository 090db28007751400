import { mediaVariants } from '../../../../shared/api/admin.js';
import { UPLOADS_BASE } from '../../../config/env.js';

/** The smallest stored width of a picture, for thumbnails. */
export function thumbnailUrl(image: string): string {
  const smallest = mediaVariants(image)?.[0]?.image ?? image;
  return `${UPLOADS_BASE}${smallest}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
