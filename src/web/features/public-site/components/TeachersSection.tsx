import { sectionStatus } from '../../../components/ui/SectionState.js';
import { useContent } from '../../../lib/content.js';
import { headingOf } from '../lib/content-rules.js';
import { TEACHER_PICTURE_SIZES } from '../lib/picture-sizes.js';
import { CardsSection } from './CardsSection.js';
import { ContentImg } from './ContentImg.js';
import { PersonSocialLinks } from './PersonSocialLinks.js';
import { SkeletonLines } from './Skeleton.js';

/**
 * Teachers (docs/contract/product.md#public-pages): heading1/heading2 from record 0; a card per teacher with
 * a round photo, social icons that appear on hover or keyboard focus, name and designation.
 */
export function TeachersSection() {
  const query = useContent('teacher');
  const status = sectionStatus(query);
  return (
    <CardsSection
      className="teachers section-pad"
      status={status}
      heading={headingOf(query.data)}
      cardClassName="col-6 col-lg-3"
      skeletonCount={4}
      skeleton={
        <div className="teacher-card" aria-hidden="true">
          <span className="teacher-card__photo content-img--empty" />
          <SkeletonLines lines={2} />
        </div>
      }
      cards={query.data ?? []}
      renderCard={(teacher) => (
        <article className="teacher-card">
          <div className="teacher-card__media">
            <ContentImg
              image={teacher.images[0]}
              width={300}
              height={300}
              sizes={TEACHER_PICTURE_SIZES}
              className="teacher-card__photo"
            />
            <PersonSocialLinks name={teacher.name} block="teacher-card" />
          </div>
          <h3 className="teacher-card__name">{teacher.name}</h3>
          <p className="teacher-card__role">{teacher.designation}</p>
        </article>
      )}
    />
  );
}
