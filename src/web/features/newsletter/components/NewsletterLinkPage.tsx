import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Icon } from '../../../components/ui/Icon.js';
import { paths } from '../../../config/paths.js';
import { isApiError } from '../../../lib/api-client.js';
import { useI18n } from '../../../lib/i18n.js';
import { followNewsletterLink, type NewsletterLinkAction } from '../api/links.js';

/**
 * The link pages' words: keys of the newsletter catalog (its `done` and `invalid` texts are the
 * server's MAIL_MESSAGES, in every language).
 */
export const NEWSLETTER_LINK_TEXTS = {
  confirm: {
    title: 'newsletter.link.confirm.title',
    working: 'newsletter.link.confirm.working',
    done: 'newsletter.link.confirm.done',
    invalid: 'newsletter.link.confirm.invalid',
    next: 'newsletter.link.confirm.next',
  },
  unsubscribe: {
    title: 'newsletter.link.unsubscribe.title',
    working: 'newsletter.link.unsubscribe.working',
    done: 'newsletter.link.unsubscribe.done',
    invalid: 'newsletter.link.unsubscribe.invalid',
    next: 'newsletter.link.unsubscribe.next',
  },
  failed: 'newsletter.link.failed',
  retry: 'newsletter.link.retry',
  home: 'newsletter.link.home',
} as const;

/**
 * The pages a newsletter mail links to (docs/decisions/0025-newsletter.md): /newsletter/confirm and
 * /newsletter/unsubscribe, with the subscriber's token in `?token=`. Opening the page is the action:
 * it confirms, or unsubscribes at once (the click in the mail is the one click), and says how it
 * went. It posts once per page, even when React mounts it twice in development.
 */
export function NewsletterLinkPage({ action }: { action: NewsletterLinkAction }) {
  const { t } = useI18n();
  const id = useId();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const texts = NEWSLETTER_LINK_TEXTS[action];
  const follow = useMutation({ mutationFn: (value: string) => followNewsletterLink(action, value) });
  const { mutate } = follow;
  const sentFor = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (token === '' || sentFor.current === token) return;
    sentFor.current = token;
    mutate(token);
  }, [token, mutate]);

  // A link without a token, or one the server does not know (4xx), is simply not a valid link; a
  // 429 says when to try again in the server's words; anything else may pass, so Retry is offered.
  const error = follow.error;
  const invalid =
    token === '' || (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 429);

  return (
    <section className="account-page container py-5" aria-labelledby={`${id}-title`}>
      <div className="account-page__card account-page__card--narrow text-center">
        <span className="account-form__badge" aria-hidden="true">
          <Icon name="envelope" />
        </span>
        <h2 id={`${id}-title`} className="account-form__title">
          {t(texts.title)}
        </h2>
        {invalid ? (
          <p className="alert alert-warning" role="alert">
            {t(texts.invalid)}
          </p>
        ) : follow.isSuccess ? (
          <div className="alert alert-success account-form__success text-start" role="status">
            <strong>{t(texts.done)}</strong>
            <span>{t(texts.next)}</span>
          </div>
        ) : follow.isError ? (
          <div className="alert alert-danger" role="alert">
            <p className="mb-2">
              {isApiError(error) && error.status === 429 ? error.message : t(NEWSLETTER_LINK_TEXTS.failed)}
            </p>
            <button
              type="button"
              className="btn btn-outline-primary rounded-pill px-4"
              onClick={() => mutate(token)}
            >
              {t(NEWSLETTER_LINK_TEXTS.retry)}
            </button>
          </div>
        ) : (
          <p className="account-form__intro" role="status">
            {t(texts.working)}
          </p>
        )}
        <p className="mt-4 mb-0">
          <Link to={paths.home} className="btn btn-primary rounded-pill px-4">
            {t(NEWSLETTER_LINK_TEXTS.home)}
          </Link>
        </p>
      </div>
    </section>
  );
}
