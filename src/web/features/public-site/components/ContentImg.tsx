import type { ContentImage } from '../../../../shared/api/content.js';
import { mediaSrcSet } from '../../../../shared/media-files.js';
import { uploadUrl } from '../../../lib/images.js';

export interface ContentImgProps {
  image: ContentImage | undefined;
  /** Intrinsic size for the browser to reserve (no layout shift); CSS scales the picture. */
  width: number;
  height: number;
  className?: string;
  /** Above the fold (a page's largest picture): load at once and first, instead of lazily. */
  eager?: boolean;
}

/**
 * An uploaded picture with its alt text (docs/contract/fixes-and-gaps.md#fix-16), width and height, loaded
 * lazily. Without a picture (still loading, or none uploaded) a soft placeholder of the same shape keeps the
 * place.
 */
export function ContentImg({ image, width, height, className, eager = false }: ContentImgProps) {
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
  return (
    <img
      className={classes}
      src={uploadUrl(image.image)}
      // Pictures from the media library come in several widths; the browser picks the one it needs.
      srcSet={mediaSrcSet(image.image, uploadUrl)}
      sizes={`(max-width: ${width}px) 100vw, ${width}px`}
      alt={image.alt}
      width={width}
      height={height}
      loading={eager ? undefined : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
    />
  );
}
