import { useId } from 'react';
import { useLocation } from 'react-router';
import { telHref } from '../../../../shared/school-settings.js';
import { PageIcon } from '../../../components/ui/PageIcon.js';
import type { PageIconName } from '../../../components/ui/page-icons.js';
import { SectionState, sectionStatus } from '../../../components/ui/SectionState.js';
import { Island } from '../../../islands/island.js';
import { useContent } from '../../../lib/content.js';
import { type MessageKey, useI18n } from '../../../lib/i18n.js';
import { useSettings } from '../../../lib/settings.js';
import { headingOf } from '../lib/content-rules.js';
import { ContactForm } from './ContactForm.js';
import { PublicSectionHeading } from './PublicSectionHeading.js';
import { SkeletonLines } from './Skeleton.js';

interface InfoLine {
  label: MessageKey;
  icon: PageIconName;
  value: string;
  href?: string;
}

/**
 * Contact (docs/contract/product.md#public-pages): heading1/heading2, the form, and the info panel with the
 * first contacts record's description, then the school's Address, Email, Phone and Opening Hours. Those four
 * are the school's facts and come from its settings, as in the header and footer (the contact record keeps
 * the section's headings and text; docs/decisions/0014-school-settings.md); one that is not set is left out.
 */
export function ContactSection() {
  const { t } = useI18n();
  const headingId = useId();
  const { search } = useLocation();
  const query = useContent('contacts');
  const school = useSettings().data;
  const status = sectionStatus(query);
  const heading = headingOf(query.data);
  // The form is always there, so the section always is: without a contacts record it still has a title.
  if (!status.pending && !heading.title) heading.title = t('public-site.contact.defaultTitle');
  const contact = query.data?.[0];

  const lines: InfoLine[] = [
    { label: 'public-site.contact.address', icon: 'geo-alt-fill', value: school?.address ?? '' },
    {
      label: 'public-site.contact.email',
      icon: 'envelope-fill',
      value: school?.email ?? '',
      href: school?.email ? `mailto:${school.email}` : undefined,
    },
    {
      label: 'public-site.contact.phone',
      icon: 'telephone-fill',
      value: school?.phone ?? '',
      href: school?.phone ? telHref(school.phone) : undefined,
    },
    { label: 'public-site.contact.openingHours', icon: 'clock', value: school?.openingHours ?? '' },
  ];
  const shown = lines.filter((line) => line.value !== '');

  return (
    <section className="contact section-pad" aria-labelledby={headingId} aria-busy={status.pending}>
      <div className="container">
        <PublicSectionHeading id={headingId} label={heading.label} title={heading.title} />
        <div className="row gx-lg-5 gy-5">
          <div className="col-lg-7">
            <div className="contact__form-card">
              <Island name="contact-form" component={ContactForm} props={{ search }} />
            </div>
          </div>
          <div className="col-lg-5">
            <aside className="contact-info" aria-label={t('public-site.contact.info')}>
              <SectionState status={status} />
              {status.pending ? (
                <SkeletonLines lines={3} />
              ) : (
                <p className="contact-info__text">{contact?.description}</p>
              )}
              <dl className="contact-info__list">
                {shown.map((line) => (
                  <div key={line.label} className="contact-info__item">
                    <dt>
                      <span className="contact-info__icon">
                        <PageIcon name={line.icon} />
                      </span>
                      {t(line.label)}
                    </dt>
                    <dd>{line.href ? <a href={line.href}>{line.value}</a> : line.value}</dd>
                  </div>
                ))}
              </dl>
            </aside>
          </div>
        </div>
      </div>
    </section>
  );
}
