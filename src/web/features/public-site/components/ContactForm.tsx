import { useId } from 'react';
import type { Enquiry, EnquiryInput } from '../../../../shared/api/enquiry.js';
import { CONTACT_FORM_POST } from '../../../../shared/api/form-posts.js';
import {
  EMAIL_MAX_LENGTH,
  HONEYPOT_FIELD,
  MESSAGE_MAX_LENGTH,
  NAME_MAX_LENGTH,
  SUBJECT_MAX_LENGTH,
} from '../../../../shared/api/public-form-fields.js';
import {
  browserChecks,
  FormPostOutcomeNote,
  HoneypotField,
  usePublicForm,
} from '../../../components/forms/public-form.js';
import { useI18n } from '../../../lib/i18n.js';
import { lazyResolver } from '../../../lib/lazy-resolver.js';
import { useHydrated } from '../../../lib/use-hydrated.js';
import { FormField, formFieldsOf } from './FormField.js';

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
 * answer comes back to this page with the outcome in the URL, shown above the form. An island of the
 * contact page (islands/registry.ts).
 */
export interface ContactFormProps {
  /** The page's query, where a send without the script put its outcome. */
  search: string;
}

export function ContactForm({ search }: ContactFormProps) {
  const { t } = useI18n();
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
    sentMessage: () => 'forms.done.contact.sent',
  });

  const field = formFieldsOf(id, register, errors);

  return (
    <form
      id={CONTACT_FORM_POST.anchor}
      className="contact-form"
      method="post"
      action={CONTACT_FORM_POST.action}
      noValidate={scripted}
      aria-label={t('public-site.contact.form')}
      onSubmit={submit}
      onFocus={enquiryResolver.preload}
    >
      <FormPostOutcomeNote post={CONTACT_FORM_POST} search={search} hidden={sentWithScript} />
      <div className="row g-3">
        <FormField
          {...field('name')}
          label={t('public-site.contact.name')}
          required
          checks={browserChecks(!scripted, NAME_MAX_LENGTH)}
          autoComplete="name"
          className="col-sm-6"
        />
        <FormField
          {...field('email')}
          label={t('public-site.contact.yourEmail')}
          type="email"
          required
          checks={browserChecks(!scripted, EMAIL_MAX_LENGTH)}
          autoComplete="email"
          className="col-sm-6"
        />
        <FormField
          {...field('subject')}
          label={t('public-site.contact.subject')}
          required
          checks={browserChecks(!scripted, SUBJECT_MAX_LENGTH)}
          className="col-12"
        />
        <FormField
          {...field('message')}
          label={t('public-site.contact.message')}
          rows={6}
          required
          checks={browserChecks(!scripted, MESSAGE_MAX_LENGTH)}
          className="col-12"
        />
      </div>
      <HoneypotField registration={register(HONEYPOT_FIELD)} />
      <button type="submit" className="btn btn-primary btn-lg rounded-pill px-5 mt-4" disabled={isSubmitting}>
        {t('public-site.contact.submit')}
      </button>
    </form>
  );
}
