import Lightbox from 'yet-another-react-lightbox';
import { useI18n } from '../../../lib/i18n.js';
import 'yet-another-react-lightbox/styles.css';
import type { ContentImage } from '../../../../shared/api/content.js';
import { uploadUrl } from '../../../lib/images.js';

export interface GalleryLightboxProps {
  images: readonly ContentImage[];
  /** The open picture, or -1 when closed. */
  index: number;
  onClose: () => void;
  /** After the closing animation: gives focus back to the picture that opened the viewer. */
  onExited: () => void;
  reducedMotion: boolean;
}

/**
 * The gallery's full-size viewer (loaded only when a visitor first opens a picture): a modal dialog
 * with arrow keys, swipe and Escape to close.
 */
export default function GalleryLightbox({
  images,
  index,
  onClose,
  onExited,
  reducedMotion,
}: GalleryLightboxProps) {
  const { t } = useI18n();
  return (
    <Lightbox
      open={index >= 0}
      index={Math.max(index, 0)}
      close={onClose}
      on={{ exited: onExited }}
      slides={images.map((image) => ({
        src: uploadUrl(image.image),
        alt: image.alt,
        width: 600,
        height: 600,
      }))}
      carousel={{ finite: images.length <= 1 }}
      animation={reducedMotion ? { fade: 0, swipe: 0, navigation: 0 } : undefined}
      controller={{ closeOnBackdropClick: true }}
      labels={{
        Lightbox: t('public-site.lightbox.label'),
        'Photo gallery': t('public-site.lightbox.gallery'),
        Previous: t('public-site.lightbox.previous'),
        Next: t('public-site.lightbox.next'),
        Close: t('public-site.lightbox.close'),
        Carousel: t('public-site.lightbox.carousel'),
        Slide: t('public-site.lightbox.slide'),
        // The viewer puts the numbers in its own placeholders.
        '{index} of {total}': t('public-site.lightbox.slideOf', { index: '{index}', total: '{total}' }),
      }}
    />
  );
}
