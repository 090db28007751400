import { useId } from 'react';
import { Icon, type IconName } from '../../../components/ui/Icon.js';
import { PlaceholderLink } from '../../../components/ui/PlaceholderLink.js';
import { SectionState, sectionStatus } from '../../../components/ui/SectionState.js';
import { useContent } from '../../../lib/content.js';
import { headingOf } from '../lib/content-rules.js';
import { ContentImg } from './ContentImg.js';
import { PublicSectionHeading } from './PublicSectionHeading.js';
import { SkeletonLines, skeletonKeys } from './Skeleton.js';

/** docs/contract/product.md#public-pages: non-functional social icons over each photo. */
const SOCIAL: readonly { label: string; icon: IconName }[] = [
  { label: 'Twitter', icon: 'twitter-x' },
  { label: 'Facebook', icon: 'facebook' },
  { label: 'LinkedIn', icon: 'linkedin' },
  { label: 'Instagram', icon: 'instagram' },
];

/**
 * Teachers (docs/contract/product.md#public-pages): heading1/heading2 from record 0; a card per teacher with
 * a round photo, social icons that appear on hover or keyboard focus, name and designation.
 */
export function TeachersSection() {
  const headingId = useId();
  const query = useContent('teacher');
  const status = sectionStatus(query);
  const heading = headingOf(query.data);

  return (
    <section className="teachers section-pad" aria-labelledby={headingId} aria-busy={status.pending}>
      <div className="container">
        <PublicSectionHeading id={headingId} label={heading.label} title={heading.title} />
        <SectionState status={status} className="mx-auto" />
        <ul className="row g-4 justify-content-center list-unstyled mb-0">
          {status.pending
            ? skeletonKeys(4).map((key) => (
                <li key={key} className="col-6 col-lg-3">
                  <div className="teacher-card" aria-hidden="true">
                    <span className="teacher-card__photo content-img--empty" />
                    <SkeletonLines lines={2} />
                  </div>
                </li>
              ))
            : (query.data ?? []).map((teacher) => (
                <li key={teacher.id} className="col-6 col-lg-3">
                  <article className="teacher-card">
                    <div className="teacher-card__media">
                      <ContentImg
                        image={teacher.images[0]}
                        width={300}
                        height={300}
                        className="teacher-card__photo"
                      />
                      <ul className="teacher-card__social">
                        {SOCIAL.map((link) => (
                          <li key={link.icon}>
                            <PlaceholderLink
                              className="teacher-card__social-link"
                              aria-label={`${teacher.name} on ${link.label}`}
                            >
                              <Icon name={link.icon} />
                            </PlaceholderLink>
                          </li>
                        ))}
                      </ul>
                    </div>
                    <h3 className="teacher-card__name">{teacher.name}</h3>
                    <p className="teacher-card__role">{teacher.designation}</p>
                  </article>
                </li>
              ))}
        </ul>
      </div>
    </section>
  );
}
