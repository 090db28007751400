import { useId } from 'react';
import {
  NEWSLETTER_FORM_POST,
  NEWSLETTER_PAGE_FIELD,
  withoutOutcomes,
} from '../../../../shared/api/form-posts.js';
import type { Newsletter, NewsletterInput } from '../../../../shared/api/newsletter.js';
import { HONEYPOT_FIELD } from '../../../../shared/api/public-form-fields.js';
import {
  FormPostOutcomeNote,
  HoneypotField,
  NameAndEmailFields,
  usePublicForm,
} from '../../../components/forms/public-form.js';
import { useI18n } from '../../../lib/i18n.js';
import { lazyResolver } from '../../../lib/lazy-resolver.js';
import { useHydrated } from '../../../lib/use-hydrated.js';

/** The checks of `POST newsletter`, loaded when the form is first used. */
const newsletterResolver = lazyResolver(() =>
  import('../lib/form-resolvers.js').then((module) => module.newsletterResolver),
);

/**
 * The footer's newsletter form (docs/contract/product.md#footer): Your Name, Your Email, Submit Now. It
 * checks its fields and sends them to `POST newsletter`: 201 is a new subscription, 200 an email already on
 * the list.
 *
 * Without its script (docs/decisions/0029-forms-without-javascript.md) it is a plain HTML form posted
 * to `POST /newsletter` with the page it is on (a hidden field), whose answer comes back to that page
 * with the outcome in the URL, shown above the fields. An island of the public pages
 * (islands/registry.ts): the page's address comes as props.
 */
export interface NewsletterFormProps {
  /** The path and query of the page the form is on. */
  pathname: string;
  search: string;
}

export function NewsletterForm({ pathname, search }: NewsletterFormProps) {
  const { t } = useI18n();
  const id = useId();
  const scripted = useHydrated();
  const {
    register,
    submit,
    sentWithScript,
    formState: { errors, isSubmitting },
  } = usePublicForm<NewsletterInput, Newsletter>({
    resolver: newsletterResolver,
    defaultValues: { name: '', email: '', [HONEYPOT_FIELD]: '' },
    path: 'newsletter',
    fields: ['name', 'email'],
    sentMessage: (status) =>
      status === 200 ? 'forms.done.newsletter.alreadySubscribed' : 'forms.done.newsletter.subscribed',
  });

  return (
    <form
      id={NEWSLETTER_FORM_POST.anchor}
      className="newsletter-form"
      method="post"
      action={NEWSLETTER_FORM_POST.action}
      noValidate={scripted}
      onSubmit={submit}
      onFocus={newsletterResolver.preload}
      aria-label={t('layout.newsletter.form')}
    >
      <FormPostOutcomeNote post={NEWSLETTER_FORM_POST} search={search} hidden={sentWithScript} />
      <input type="hidden" name={NEWSLETTER_PAGE_FIELD} value={`${pathname}${withoutOutcomes(search)}`} />
      <NameAndEmailFields id={id} register={register} errors={errors} withBrowserChecks={!scripted} />
      <HoneypotField registration={register(HONEYPOT_FIELD)} />
      <button type="submit" className="btn btn-primary w-100 rounded-pill py-2" disabled={isSubmitting}>
        {t('layout.newsletter.submit')}
      </button>
    </form>
  );
}
