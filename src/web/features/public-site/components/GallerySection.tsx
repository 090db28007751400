import { lazy, Suspense, useId, useRef, useState } from 'react';
import { PageIcon } from '../../../components/ui/PageIcon.js';
import { SectionState, sectionStatus } from '../../../components/ui/SectionState.js';
import { useContent } from '../../../lib/content.js';
import { useReducedMotion } from '../hooks/use-reduced-motion.js';
import { filterGallery, GALLERY_FILTERS, type GalleryFilter, headingOf } from '../lib/content-rules.js';
import { GALLERY_PICTURE_SIZES } from '../lib/picture-sizes.js';
import { ContentImg } from './ContentImg.js';
import { PublicSectionHeading } from './PublicSectionHeading.js';
import { skeletonKeys } from './Skeleton.js';

// The viewer is heavy; its code and styles load when a picture is first opened.
const GalleryLightbox = lazy(() => import('./GalleryLightbox.js'));

/**
 * Gallery (docs/contract/product.md#public-pages, docs/contract/fixes-and-gaps.md#fix-14): heading1/heading2,
 * the filters All, Playing, Drawing and Reading that show only the pictures of their category, and a grid
 * whose pictures open in a lightbox that walks through the filtered set.
 */
export function GallerySection() {
  const headingId = useId();
  const query = useContent('gallery');
  const status = sectionStatus(query);
  const record = query.data?.[0];
  const heading = headingOf(query.data);
  const [filter, setFilter] = useState<GalleryFilter>('All');
  const [openIndex, setOpenIndex] = useState(-1);
  const [viewerWanted, setViewerWanted] = useState(false);
  const reducedMotion = useReducedMotion();
  const opener = useRef<HTMLButtonElement | null>(null);
  const images = filterGallery(record?.images ?? [], filter);

  const open = (index: number, button: HTMLButtonElement): void => {
    opener.current = button;
    setViewerWanted(true);
    setOpenIndex(index);
  };

  return (
    <section className="gallery section-pad" aria-labelledby={headingId} aria-busy={status.pending}>
      <div className="container">
        <PublicSectionHeading id={headingId} label={heading.label} title={heading.title} />
        <SectionState status={status} className="mx-auto" />
        {/* biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not form fields. */}
        <div className="gallery__filters" role="group" aria-label="Show pictures of">
          {GALLERY_FILTERS.map((name) => (
            <button
              key={name}
              type="button"
              className={`gallery__filter${filter === name ? ' is-active' : ''}`}
              aria-pressed={filter === name}
              onClick={() => setFilter(name)}
            >
              {name}
            </button>
          ))}
        </div>
        <p className="visually-hidden" aria-live="polite">
          {status.pending ? '' : `${images.length} ${images.length === 1 ? 'picture' : 'pictures'} shown`}
        </p>
        <ul className="gallery__grid list-unstyled mb-0">
          {status.pending
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
      </div>
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
    </section>
  );
}
