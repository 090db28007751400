import { useId } from 'react';
import { SectionState, sectionStatus } from '../../../components/ui/SectionState.js';
import { Island } from '../../../islands/island.js';
import { useContent } from '../../../lib/content.js';
import { headingOf, isSectionHidden } from '../lib/content-rules.js';
import { GalleryPictures } from './GalleryPictures.js';
import { PublicSectionHeading } from './PublicSectionHeading.js';

/**
 * Gallery (docs/contract/product.md#public-pages, docs/contract/fixes-and-gaps.md#fix-14): heading1/heading2,
 * then the filters and the pictures (GalleryPictures, the page's island).
 */
export function GallerySection() {
  const headingId = useId();
  const query = useContent('gallery');
  const status = sectionStatus(query);
  const heading = headingOf(query.data);
  // Only what a picture shows travels to the island: its file, alt text and category.
  const images = (query.data?.[0]?.images ?? []).map(({ image, alt, category }) => ({
    image,
    alt,
    category,
  }));
  if (isSectionHidden(status, images.length > 0)) return null;

  return (
    <section className="gallery section-pad" aria-labelledby={headingId} aria-busy={status.pending}>
      <div className="container">
        <PublicSectionHeading id={headingId} label={heading.label} title={heading.title} />
        <SectionState status={status} className="mx-auto" />
        <Island name="gallery" component={GalleryPictures} props={{ images, pending: status.pending }} />
      </div>
    </section>
  );
}
