import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MAIL_MESSAGES } from '../../../../shared/api/mail.js';
import { Icon } from '../../../components/ui/Icon.js';
import { paths } from '../../../config/paths.js';
import { isApiError } from '../../../lib/api-client.js';
import { followNewsletterLink, type NewsletterLinkAction } from '../api/links.js';

export const NEWSLETTER_LINK_TEXTS = {
  confirm: {
    title: 'Your newsletter subscription',
    working: 'Confirming your subscription…',
    done: MAIL_MESSAGES.subscriptionConfirmed,
    invalid: MAIL_MESSAGES.confirmLinkInvalid,
    next: 'You will receive our next newsletter by mail. Every newsletter has a link to unsubscribe.',
  },
  unsubscribe: {
    title: 'Unsubscribe from the newsletter',
    working: 'Unsubscribing…',
    done: MAIL_MESSAGES.unsubscribed,
    invalid: MAIL_MESSAGES.unsubscribeLinkInvalid,
    next: 'Changed your mind? You can subscribe again with the form at the bottom of every page.',
  },
  failed: 'We could not reach the school just now. Please try again.',
  retry: 'Try again',
  home: 'Back to the home page',
} as const;

/**
 * The pages a newsletter mail links to (docs/decisions/0025-newsletter.md): /newsletter/confirm and
 * /newsletter/unsubscribe, with the subscriber's token in `?token=`. Opening the page is the action:
 * it confirms, or unsubscribes at once (the click in the mail is the one click), and says how it
 * went. It posts once per page, even when React mounts it twice in development.
 */
export function NewsletterLinkPage({ action }: { action: NewsletterLinkAction }) {
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
          {texts.title}
        </h2>
        {invalid ? (
          <p className="alert alert-warning" role="alert">
            {texts.invalid}
          </p>
        ) : follow.isSuccess ? (
          <div className="alert alert-success account-form__success text-start" role="status">
            <strong>{texts.done}</strong>
            <span>{texts.next}</span>
          </div>
        ) : follow.isError ? (
          <div className="alert alert-danger" role="alert">
            <p className="mb-2">
              {isApiError(error) && error.status === 429 ? error.message : NEWSLETTER_LINK_TEXTS.failed}
            </p>
            <button
              type="button"
              className="btn btn-outline-primary rounded-pill px-4"
              onClick={() => mutate(token)}
            >
              {NEWSLETTER_LINK_TEXTS.retry}
            </button>
          </div>
        ) : (
          <p className="account-form__intro" role="status">
            {texts.working}
          </p>
        )}
        <p className="mt-4 mb-0">
          <Link to={paths.home} className="btn btn-primary rounded-pill px-4">
            {NEWSLETTER_LINK_TEXTS.home}
          </Link>
        </p>
      </div>
    </section>
  );
}
