import { useId } from 'react';
import { Link } from 'react-router';
import { PageIcon } from '../../../components/ui/PageIcon.js';
import { SectionState, sectionStatus } from '../../../components/ui/SectionState.js';
import { useContent } from '../../../lib/content.js';
import { useI18n } from '../../../lib/i18n.js';
import { aboutContent, aboutHasContent, isSectionHidden } from '../lib/content-rules.js';
import { ABOUT_PICTURE_SIZES, ABOUT_SMALL_PICTURE_SIZES } from '../lib/picture-sizes.js';
import { ContentImg } from './ContentImg.js';
import { PublicSectionHeading } from './PublicSectionHeading.js';
import { SkeletonLines } from './Skeleton.js';

export interface AboutSectionProps {
  /** Where the learn_more button leads. */
  learnMoreTo: string;
}

/**
 * About (docs/contract/product.md#public-pages, docs/contract/product.md#records): large image, heading1
 * label, heading2 title, description, a second image, the check-list (record 0's heading3 split on `#`) and
 * the learn_more button; the rest from record 1. Left out while it has no text or picture; a part
 * it lacks (the second picture, the check-list) leaves no empty frame.
 */
export function AboutSection({ learnMoreTo }: AboutSectionProps) {
  const { parts } = useI18n();
  const headingId = useId();
  const query = useContent('about');
  const status = sectionStatus(query);
  const about = aboutContent(query.data);
  if (isSectionHidden(status, aboutHasContent(about))) return null;

  return (
    <section className="about section-pad" aria-labelledby={headingId} aria-busy={status.pending}>
      <div className="container">
        <div className="row align-items-center gx-lg-5 gy-5">
          <div className="col-lg-5">
            <div className="about__media">
              <ContentImg
                image={about.mainImage}
                width={600}
                height={450}
                sizes={ABOUT_PICTURE_SIZES}
                className="about__image"
              />
            </div>
          </div>
          <div className="col-lg-7">
            <PublicSectionHeading
              id={headingId}
              label={about.label}
              title={about.title}
              className="section-heading--start"
            />
            {status.pending ? (
              <SkeletonLines lines={3} />
            ) : (
              <p className="about__text">{about.description}</p>
            )}
            <SectionState status={status} />
            {status.pending || about.secondImage || about.checklist.length > 0 ? (
              <div className="row align-items-center g-4 mt-1">
                {status.pending || about.secondImage ? (
                  <div className="col-sm-5">
                    <ContentImg
                      image={about.secondImage}
                      width={600}
                      height={400}
                      sizes={ABOUT_SMALL_PICTURE_SIZES}
                      className="about__image-small"
                    />
                  </div>
                ) : null}
                {about.checklist.length > 0 ? (
                  <div className="col-sm-7">
                    <ul className="checklist">
                      {about.checklist.map((item) => (
                        <li key={item}>
                          <PageIcon name="check-circle-fill" className="checklist__icon" />
                          <span>{item}</span>
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
              </div>
            ) : null}
            {about.learnMoreLabel ? (
              <Link to={learnMoreTo} className="btn btn-primary rounded-pill px-4 mt-4">
                {/* Two “Learn More” links on home: each says where it leads (SEO, screen readers). */}
                {parts('public-site.about.learnMore', {
                  label: about.learnMoreLabel,
                  hidden: (chunks) => (
                    <span key="hidden" className="visually-hidden">
                      {chunks}
                    </span>
                  ),
                })}
              </Link>
            ) : null}
          </div>
        </div>
      </div>
    </section>
  );
}
