import type { ContentImage } from '../../../../shared/api/content.js';
import { mediaSrcSet } from '../../../../shared/media-files.js';
import { uploadUrl } from '../../../lib/images.js';

export interface ContentImgProps {
  image: ContentImage | undefined;
  /** Intrinsic size for the browser to reserve (no layout shift); CSS scales the picture. */
  width: number;
  height: number;
  /**
   * How wide the picture is drawn on each screen (`<img sizes>`, lib/picture-sizes.ts), for the
   * browser to pick the file of its srcset that fills it. Given only with a srcset: alone it is invalid.
   */
  sizes: string;
  className?: string;
  /** Above the fold (a page's largest picture): load at once and first, instead of lazily. */
  eager?: boolean;
}

/**
 * An uploaded picture with its alt text (docs/contract/fixes-and-gaps.md#fix-16), width and height, loaded
 * lazily. Without a picture (still loading, or none uploaded) a soft placeholder of the same shape keeps the
 * place.
 */
export function ContentImg({ image, width, height, sizes, className, eager = false }: ContentImgProps) {
  const classes = className ? `content-img ${className}` : 'content-img';
  if (!image) {
    return (
      <span
        className={`${classes} content-img--empty`}
        style={{ aspectRatio: `${width} / ${height}` }}
        aria-hidden="true"
      />
    );
  }
  // Pictures of the media library and the demo's scenes come in several widths; the browser picks the one it needs.
  const srcSet = mediaSrcSet(image.image, uploadUrl);
  return (
    <img
      className={classes}
      src={uploadUrl(image.image)}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={image.alt}
      width={width}
      height={height}
      loading={eager ? undefined : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
    />
  );
}
