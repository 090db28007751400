import { useId } from 'react';
import { ContentIcon } from '../../../components/ui/ContentIcon.js';
import { SectionState, sectionStatus } from '../../../components/ui/SectionState.js';
import { useContent } from '../../../lib/content.js';
import { useI18n } from '../../../lib/i18n.js';
import { isSectionHidden } from '../lib/content-rules.js';
import { SkeletonLines, skeletonKeys } from './Skeleton.js';

/**
 * Home (docs/contract/product.md#public-pages): a grid of the school's facilities, each with its icon,
 * heading and description; left out while the school has none.
 */
export function FacilitiesSection() {
  const { t } = useI18n();
  const headingId = useId();
  const query = useContent('facilities');
  const status = sectionStatus(query);
  const facilities = query.data ?? [];
  if (isSectionHidden(status, facilities.length > 0)) return null;

  return (
    <section className="facilities section-pad" aria-labelledby={headingId} aria-busy={status.pending}>
      <div className="container">
        <h2 id={headingId} className="visually-hidden">
          {t('public-site.facilities.title')}
        </h2>
        <SectionState status={status} />
        <ul className="row g-4 list-unstyled mb-0">
          {status.pending
            ? skeletonKeys(6).map((key) => (
                <li key={key} className="col-md-6 col-lg-4">
                  <div className="facility">
                    <span className="facility__icon facility__icon--skeleton" aria-hidden="true" />
                    <SkeletonLines lines={3} className="flex-grow-1" />
                  </div>
                </li>
              ))
            : facilities.map((facility) => (
                <li key={facility.id} className="col-md-6 col-lg-4">
                  <div className="facility">
                    <span className="facility__icon">
                      <ContentIcon name={facility.icon} />
                    </span>
                    <div>
                      <h3 className="facility__title">{facility.heading}</h3>
                      <p className="facility__text">{facility.description}</p>
                    </div>
                  </div>
                </li>
              ))}
        </ul>
      </div>
    </section>
  );
}
