import { lazy, Suspense, useRef, useState } from 'react';
import type { ContentImage } from '../../../../shared/api/content.js';
import { PageIcon } from '../../../components/ui/PageIcon.js';
import { useI18n } from '../../../lib/i18n.js';
import { useReducedMotion } from '../hooks/use-reduced-motion.js';
import { filterGallery, GALLERY_FILTERS, type GalleryFilter } from '../lib/content-rules.js';
import { GALLERY_PICTURE_SIZES } from '../lib/picture-sizes.js';
import { ContentImg } from './ContentImg.js';
import { skeletonKeys } from './Skeleton.js';

// The viewer is heavy; its code and styles load when a picture is first opened.
const GalleryLightbox = lazy(() => import('./GalleryLightbox.js'));

export interface GalleryPicturesProps {
  /** Every picture of the gallery, with its category (the props travel as JSON to the island). */
  images: ContentImage[];
  /** The gallery is still loading (in the app only: the server renders a page once it has it). */
  pending: boolean;
}

/**
 * The gallery's filters All, Playing, Drawing and Reading, which show only the pictures of their
 * category, and the grid whose pictures open in a lightbox that walks through the filtered set
 * (docs/contract/fixes-and-gaps.md#fix-14). The gallery page's island (islands/registry.ts).
 */
export function GalleryPictures({ images: allImages, pending }: GalleryPicturesProps) {
  const { t } = useI18n();
  const [filter, setFilter] = useState<GalleryFilter>('All');
  const [openIndex, setOpenIndex] = useState(-1);
  const [viewerWanted, setViewerWanted] = useState(false);
  const reducedMotion = useReducedMotion();
  const opener = useRef<HTMLButtonElement | null>(null);
  const images = filterGallery(allImages, filter);

  const open = (index: number, button: HTMLButtonElement): void => {
    opener.current = button;
    setViewerWanted(true);
    setOpenIndex(index);
  };

  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not form fields. */}
      <div className="gallery__filters" role="group" aria-label={t('public-site.gallery.filters')}>
        {GALLERY_FILTERS.map((name) => (
          <button
            key={name}
            type="button"
            className={`gallery__filter${filter === name ? ' is-active' : ''}`}
            aria-pressed={filter === name}
            onClick={() => setFilter(name)}
          >
            {name === 'All' ? t('public-site.gallery.all') : t(`common.galleryCategory.${name}`)}
          </button>
        ))}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {pending ? '' : t('public-site.gallery.shown', { count: images.length })}
      </p>
      <ul className="gallery__grid list-unstyled mb-0">
        {pending
          ? skeletonKeys(8).map((key) => (
              <li key={key}>
                <span className="content-img content-img--empty gallery__image" aria-hidden="true" />
              </li>
            ))
          : images.map((image, index) => (
              <li key={image.image} data-category={image.category}>
                <button
                  type="button"
                  className="gallery__item"
                  aria-haspopup="dialog"
                  onClick={(event) => open(index, event.currentTarget)}
                >
                  {/* The first picture is the page's largest above the fold: loaded at once. */}
                  <ContentImg
                    image={image}
                    width={600}
                    height={600}
                    sizes={GALLERY_PICTURE_SIZES}
                    className="gallery__image"
                    eager={index === 0}
                  />
                  <span className="gallery__zoom" aria-hidden="true">
                    <PageIcon name="zoom-in" />
                  </span>
                </button>
              </li>
            ))}
      </ul>
      {viewerWanted ? (
        <Suspense fallback={null}>
          <GalleryLightbox
            images={images}
            index={openIndex}
            onClose={() => setOpenIndex(-1)}
            onExited={() => opener.current?.focus()}
            reducedMotion={reducedMotion}
          />
        </Suspense>
      ) : null}
    </>
  );
}
