import { useId } from 'react';
import type { ContentRecord } from '../../../../shared/api/content.js';
import { SectionState, sectionStatus } from '../../../components/ui/SectionState.js';
import { Island } from '../../../islands/island.js';
import { useContent } from '../../../lib/content.js';
import { useI18n } from '../../../lib/i18n.js';
import { isSectionHidden } from '../lib/content-rules.js';
import { PublicSectionHeading } from './PublicSectionHeading.js';
import { SkeletonLines } from './Skeleton.js';
import { type TestimonialSlide, TestimonialsCarousel } from './TestimonialsCarousel.js';

/** The section's title in English (the page shows public-site.testimonials.title in its language). */
export const TESTIMONIALS_TITLE = 'What Parents Say!';

/** The fields of a testimonial record its slide shows, and nothing else (they travel in the page). */
const slideOf = (record: ContentRecord<'comments'>): TestimonialSlide => ({
  id: record.id,
  quote: record.quote,
  name: record.name,
  designation: record.designation,
  photo: record.images[0],
});

/**
 * 'What Parents Say!' (docs/contract/product.md#public-pages, docs/contract/product.md#states): the heading,
 * and the testimonials in a carousel (TestimonialsCarousel, the section's island).
 */
export function TestimonialsSection() {
  const { t } = useI18n();
  const headingId = useId();
  const query = useContent('comments');
  const status = sectionStatus(query);
  const testimonials = query.data ?? [];
  if (isSectionHidden(status, testimonials.length > 0)) return null;

  return (
    <section
      className="testimonials section-pad section-tint"
      aria-labelledby={headingId}
      aria-busy={status.pending}
    >
      <div className="container">
        <PublicSectionHeading
          id={headingId}
          label={t('public-site.testimonials.label')}
          title={t('public-site.testimonials.title')}
        />
        <SectionState status={status} className="mx-auto testimonials__state" />
        {status.pending ? (
          <div className="testimonial testimonial--skeleton" aria-hidden="true">
            <SkeletonLines lines={3} />
          </div>
        ) : testimonials.length > 0 ? (
          <Island
            name="testimonials"
            component={TestimonialsCarousel}
            props={{ testimonials: testimonials.map(slideOf) }}
          />
        ) : null}
      </div>
    </section>
  );
}
