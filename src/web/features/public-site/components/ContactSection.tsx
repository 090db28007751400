import { useId } from 'react';
import type { Enquiry, EnquiryInput } from '../../../../shared/api/enquiry.js';
import { CONTACT_FORM_POST } from '../../../../shared/api/form-posts.js';
import {
  EMAIL_MAX_LENGTH,
  ENQUIRY_MESSAGES,
  HONEYPOT_FIELD,
  MESSAGE_MAX_LENGTH,
  NAME_MAX_LENGTH,
  SUBJECT_MAX_LENGTH,
} from '../../../../shared/api/public-form-fields.js';
import { telHref } from '../../../../shared/school-settings.js';
import {
  browserChecks,
  FormPostOutcomeNote,
  HoneypotField,
  usePublicForm,
} from '../../../components/forms/public-form.js';
import { PageIcon } from '../../../components/ui/PageIcon.js';
import type { PageIconName } from '../../../components/ui/page-icons.js';
import { SectionState, sectionStatus } from '../../../components/ui/SectionState.js';
import { useContent } from '../../../lib/content.js';
import { lazyResolver } from '../../../lib/lazy-resolver.js';
import { useSettings } from '../../../lib/settings.js';
import { useHydrated } from '../../../lib/use-hydrated.js';
import { headingOf } from '../lib/content-rules.js';
import { FormField, formFieldsOf } from './FormField.js';
import { PublicSectionHeading } from './PublicSectionHeading.js';
import { SkeletonLines } from './Skeleton.js';

/** The checks of `POST enquiries`, loaded when the form is first used. */
const enquiryResolver = lazyResolver(() =>
  import('../lib/form-resolvers.js').then((module) => module.enquiryResolver),
);

/**
 * The contact form (docs/contract/product.md#public-pages, docs/contract/product.md#validation): Your Name,
 * Your Email, Subject, Message and Send Message, checked with the schema of `POST enquiries`, then sent
 * there. A failed send keeps what the visitor wrote.
 *
 * Without its script (docs/decisions/0029-forms-without-javascript.md) it is a plain HTML form: the
 * browser checks the fields (required, maxLength, email) and posts them to `POST /contact`, whose
 * answer comes back to this page with the outcome in the URL, shown above the form.
 */
export function ContactForm() {
  const id = useId();
  const scripted = useHydrated();
  const {
    register,
    submit,
    sentWithScript,
    formState: { errors, isSubmitting },
  } = usePublicForm<EnquiryInput, Enquiry>({
    resolver: enquiryResolver,
    defaultValues: { name: '', email: '', subject: '', message: '', [HONEYPOT_FIELD]: '' },
    path: 'enquiries',
    fields: ['name', 'email', 'subject', 'message'],
    sentMessage: () => ENQUIRY_MESSAGES.sent,
  });

  const field = formFieldsOf(id, register, errors);

  return (
    <form
      id={CONTACT_FORM_POST.anchor}
      className="contact-form"
      method="post"
      action={CONTACT_FORM_POST.action}
      noValidate={scripted}
      aria-label="Contact us"
      onSubmit={submit}
      onFocus={enquiryResolver.preload}
    >
      <FormPostOutcomeNote post={CONTACT_FORM_POST} hidden={sentWithScript} />
      <div className="row g-3">
        <FormField
          {...field('name')}
          label="Your Name"
          required
          checks={browserChecks(!scripted, NAME_MAX_LENGTH)}
          autoComplete="name"
          className="col-sm-6"
        />
        <FormField
          {...field('email')}
          label="Your Email"
          type="email"
          required
          checks={browserChecks(!scripted, EMAIL_MAX_LENGTH)}
          autoComplete="email"
          className="col-sm-6"
        />
        <FormField
          {...field('subject')}
          label="Subject"
          required
          checks={browserChecks(!scripted, SUBJECT_MAX_LENGTH)}
          className="col-12"
        />
        <FormField
          {...field('message')}
          label="Message"
          rows={6}
          required
          checks={browserChecks(!scripted, MESSAGE_MAX_LENGTH)}
          className="col-12"
        />
      </div>
      <HoneypotField registration={register(HONEYPOT_FIELD)} />
      <button type="submit" className="btn btn-primary btn-lg rounded-pill px-5 mt-4" disabled={isSubmitting}>
        Send Message
      </button>
    </form>
  );
}

interface InfoLine {
  label: string;
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
  const headingId = useId();
  const query = useContent('contacts');
  const school = useSettings().data;
  const status = sectionStatus(query);
  const heading = headingOf(query.data);
  const contact = query.data?.[0];

  const lines: InfoLine[] = [
    { label: 'Address', icon: 'geo-alt-fill', value: school?.address ?? '' },
    {
      label: 'Email',
      icon: 'envelope-fill',
      value: school?.email ?? '',
      href: school?.email ? `mailto:${school.email}` : undefined,
    },
    {
      label: 'Phone',
      icon: 'telephone-fill',
      value: school?.phone ?? '',
      href: school?.phone ? telHref(school.phone) : undefined,
    },
    { label: 'Opening Hours', icon: 'clock', value: school?.openingHours ?? '' },
  ];
  const shown = lines.filter((line) => line.value !== '');

  return (
    <section className="contact section-pad" aria-labelledby={headingId} aria-busy={status.pending}>
      <div className="container">
        <PublicSectionHeading id={headingId} label={heading.label} title={heading.title} />
        <div className="row gx-lg-5 gy-5">
          <div className="col-lg-7">
            <div className="contact__form-card">
              <ContactForm />
            </div>
          </div>
          <div className="col-lg-5">
            <aside className="contact-info" aria-label="How to reach us">
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
                      {line.label}
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
