import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { useI18n } from '../../../lib/i18n.js';
import { useOffer, useReplyToOffer } from '../api/family-links.js';
import { LinkProblem, tokenOf } from './LinkProblem.js';

/**
 * /offer?token= (docs/decisions/0102-the-admissions-pipeline.md): the offer of a seat as
 * its mail's link shows it, to accept or decline while it is open; afterwards what became of it.
 */
export function OfferReplyPage() {
  const id = useId();
  const { t } = useI18n();
  const [search] = useSearchParams();
  const token = tokenOf(search);
  const offer = useOffer(token);
  const reply = useReplyToOffer(token);

  let body: React.ReactNode;
  if (token === '') body = <LinkProblem error={{ status: 404 }} />;
  else if (offer.isPending) body = <p role="status">{t('admissions.reply.loading')}</p>;
  else if (offer.isError) body = <LinkProblem error={offer.error} onRetry={() => void offer.refetch()} />;
  else {
    const view = offer.data;
    body = (
      <>
        <p className="lead">
          {t('admissions.reply.intro', {
            child: view.childName,
            className: view.className ?? '',
            year: view.yearName ?? '',
          })}
        </p>
        {view.state === 'open' ? (
          <>
            <p>{t('admissions.reply.deadline', { deadline: view.deadline })}</p>
            {reply.isError ? (
              <div className="alert alert-danger" role="alert">
                {reply.error.message}
              </div>
            ) : null}
            <div className="d-flex flex-column flex-sm-row gap-2">
              <button
                type="button"
                className="btn btn-primary btn-lg"
                disabled={reply.isPending}
                onClick={() => reply.mutate('accept')}
              >
                {reply.isPending ? t('admissions.reply.sending') : t('admissions.reply.accept')}
              </button>
              <button
                type="button"
                className="btn btn-outline-secondary btn-lg"
                disabled={reply.isPending}
                onClick={() => reply.mutate('decline')}
              >
                {t('admissions.reply.decline')}
              </button>
            </div>
          </>
        ) : (
          <div
            className={`alert ${view.state === 'accepted' ? 'alert-success' : 'alert-info'}`}
            role="status"
          >
            {t(`admissions.reply.state.${view.state}`)}
          </div>
        )}
      </>
    );
  }

  return (
    <section className="container py-4" aria-labelledby={`${id}-title`}>
      <div className="mx-auto" style={{ maxWidth: '40rem' }}>
        <h2 id={`${id}-title`} className="h3 mb-3">
          {t('admissions.reply.title')}
        </h2>
        {body}
      </div>
    </section>
  );
}
