import { useState } from 'react';
import { Link } from 'react-router';
import type { InboxItem, InboxKind } from '../../../../shared/api/admin.js';
import { isApiError } from '../../../lib/api-client.js';
import { type MessageKey, useI18n } from '../../../lib/i18n.js';
import { formatWhen } from '../../../lib/school-time.js';
import { useSettings } from '../../../lib/settings.js';
import { notify } from '../../../lib/toast.js';
import { downloadSubscribersCsv, useInbox, useSetHandled, useSubscribers } from '../api/inbox.js';

export const INBOX_NOT_ALLOWED: MessageKey = 'inbox.notAllowed';

/**
 * A subscriber's double opt-in state (docs/decisions/0025-newsletter.md): only confirmed ones
 * receive newsletters.
 */
export const SUBSCRIBER_STATES = {
  confirmed: 'inbox.subscriber.confirmed',
  unconfirmed: 'inbox.subscriber.unconfirmed',
} as const satisfies Record<string, MessageKey>;

function InboxEntry({ item, timeZone }: { item: InboxItem; timeZone: string | undefined }) {
  const { t, locale } = useI18n();
  const setHandled = useSetHandled();
  const what =
    item.kind === 'enquiry'
      ? t('inbox.item.enquiry', { subject: item.subject })
      : t('inbox.item.booking', { className: item.className });
  return (
    <li className="inbox-item">
      <div className="inbox-item__body">
        <div className="fw-bold">
          {what} {item.handled ? <span className="badge text-bg-secondary">{t('inbox.handled')}</span> : null}
        </div>
        <div className="small">
          {item.name} &lt;<a href={`mailto:${item.email}`}>{item.email}</a>&gt;,{' '}
          {formatWhen(item.createdAt, timeZone, locale)}
        </div>
        {item.kind === 'enquiry' ? <p className="mb-0 mt-1">{item.message}</p> : null}
      </div>
      <div className="d-flex flex-wrap gap-2 align-items-start">
        {item.kind === 'enquiry' ? (
          // docs/decisions/0105-the-admissions-board.md: the board's new case form, from this message.
          <Link
            className="btn btn-sm btn-outline-primary"
            to={`/admissions?new=&enquiry=${item.id}`}
            aria-label={t('inbox.openAdmissionOf', { name: item.name })}
          >
            {t('inbox.openAdmission')}
          </Link>
        ) : null}
        <button
          type="button"
          className={`btn btn-sm ${item.handled ? 'btn-outline-secondary' : 'btn-outline-success'}`}
          disabled={setHandled.isPending}
          onClick={() =>
            setHandled.mutate(
              { kind: item.kind, id: item.id, handled: !item.handled },
              { onError: (error) => notify.error(isApiError(error) ? error.message : t('inbox.failed')) },
            )
          }
        >
          {item.handled ? t('inbox.markNotHandled') : t('inbox.markHandled')}
        </button>
      </div>
    </li>
  );
}

function Subscribers({ timeZone }: { timeZone: string | undefined }) {
  const { t, locale } = useI18n();
  const subscribers = useSubscribers();
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadSubscribersCsv();
    } catch {
      notify.error(t('inbox.subscribers.exportFailed'));
    } finally {
      setExporting(false);
    }
  };
  return (
    <section aria-label={t('inbox.subscribers.title')} className="cms-panel mt-4">
      <div className="d-flex align-items-center justify-content-between mb-2">
        <h2 className="h4 mb-0">{t('inbox.subscribers.title')}</h2>
        <button
          type="button"
          className="btn btn-outline-primary btn-sm"
          disabled={exporting}
          onClick={exportCsv}
        >
          {t('inbox.subscribers.export')}
        </button>
      </div>
      {subscribers.isPending ? <p>{t('inbox.loading')}</p> : null}
      {subscribers.isError ? <p role="alert">{subscribers.error.message}</p> : null}
      {subscribers.data?.length === 0 ? <p>{t('inbox.subscribers.empty')}</p> : null}
      <ul className="list-unstyled mb-0">
        {subscribers.data?.map((subscriber) => (
          <li key={subscriber.id} className="inbox-item">
            <span className="inbox-item__body">
              {subscriber.name} &lt;{subscriber.email}&gt;{' '}
              {subscriber.confirmed ? (
                <span className="badge text-bg-success">{t(SUBSCRIBER_STATES.confirmed)}</span>
              ) : (
                <span className="badge text-bg-secondary">{t(SUBSCRIBER_STATES.unconfirmed)}</span>
              )}
            </span>
            <span className="small text-body-secondary">
              {formatWhen(subscriber.createdAt, timeZone, locale)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The principal's inbox (docs/decisions/0006-media-and-content-editing.md): enquiries and bookings newest
 * first, and newsletter subscribers.
 */
export function Inbox() {
  const { t } = useI18n();
  // The school's clock, as the Outbox shows it (src/shared/school-time.ts), not the device's.
  const timeZone = useSettings().data?.timeZone;
  const [kind, setKind] = useState<InboxKind | 'all'>('all');
  const [handled, setHandledFilter] = useState<'all' | 'open' | 'handled'>('all');
  const inbox = useInbox({
    kind: kind === 'all' ? undefined : kind,
    handled: handled === 'all' ? undefined : handled === 'handled',
  });

  if (isApiError(inbox.error) && inbox.error.status === 403) {
    return (
      <div className="container py-4">
        <p className="alert alert-info" role="alert">
          {t(INBOX_NOT_ALLOWED)}
        </p>
      </div>
    );
  }

  return (
    <div className="container py-4 cms">
      <section aria-label={t('inbox.title')} className="cms-panel">
        <div className="d-flex flex-wrap gap-3 align-items-end mb-2">
          <h2 className="h4 mb-0 me-auto">
            {t('inbox.title')}{' '}
            {inbox.data ? (
              <span className="badge text-bg-primary">
                {t('inbox.open', { count: inbox.data.meta.unhandled })}
              </span>
            ) : null}
          </h2>
          <label className="small">
            {t('inbox.filter.kind')}
            <select
              className="form-select form-select-sm"
              value={kind}
              onChange={(event) => setKind(event.target.value as InboxKind | 'all')}
            >
              <option value="all">{t('inbox.filter.all')}</option>
              <option value="enquiry">{t('inbox.filter.enquiries')}</option>
              <option value="booking">{t('inbox.filter.bookings')}</option>
            </select>
          </label>
          <label className="small">
            {t('inbox.filter.status')}
            <select
              className="form-select form-select-sm"
              value={handled}
              onChange={(event) => setHandledFilter(event.target.value as 'all' | 'open' | 'handled')}
            >
              <option value="all">{t('inbox.filter.all')}</option>
              <option value="open">{t('inbox.filter.open')}</option>
              <option value="handled">{t('inbox.handled')}</option>
            </select>
          </label>
        </div>
        {inbox.isPending ? <p>{t('inbox.loading')}</p> : null}
        {inbox.isError ? (
          <div role="alert">
            <p>{inbox.error.message}</p>
            <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => inbox.refetch()}>
              {t('inbox.retry')}
            </button>
          </div>
        ) : null}
        {inbox.data?.data.length === 0 ? <p>{t('inbox.empty')}</p> : null}
        <ul className="list-unstyled mb-0">
          {inbox.data?.data.map((item) => (
            <InboxEntry key={`${item.kind}-${item.id}`} item={item} timeZone={timeZone} />
          ))}
        </ul>
      </section>
      <Subscribers timeZone={timeZone} />
    </div>
  );
}
