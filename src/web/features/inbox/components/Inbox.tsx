import { useState } from 'react';
import type { InboxItem, InboxKind } from '../../../../shared/api/admin.js';
import { isApiError } from '../../../lib/api-client.js';
import { formatWhen } from '../../../lib/school-time.js';
import { useSettings } from '../../../lib/settings.js';
import { notify } from '../../../lib/toast.js';
import { downloadSubscribersCsv, useInbox, useSetHandled, useSubscribers } from '../api/inbox.js';

export const INBOX_NOT_ALLOWED = 'Only the principal can read the inbox.';

/**
 * A subscriber's double opt-in state (docs/decisions/0025-newsletter.md): only confirmed ones
 * receive newsletters.
 */
export const SUBSCRIBER_STATES = { confirmed: 'Confirmed', unconfirmed: 'Not confirmed yet' } as const;

function InboxEntry({ item, timeZone }: { item: InboxItem; timeZone: string | undefined }) {
  const setHandled = useSetHandled();
  const what = item.kind === 'enquiry' ? `Enquiry: ${item.subject}` : `Booking: ${item.className}`;
  return (
    <li className="inbox-item">
      <div className="inbox-item__body">
        <div className="fw-bold">
          {what} {item.handled ? <span className="badge text-bg-secondary">Handled</span> : null}
        </div>
        <div className="small">
          {item.name} &lt;<a href={`mailto:${item.email}`}>{item.email}</a>&gt;,{' '}
          {formatWhen(item.createdAt, timeZone)}
        </div>
        {item.kind === 'enquiry' ? <p className="mb-0 mt-1">{item.message}</p> : null}
      </div>
      <button
        type="button"
        className={`btn btn-sm ${item.handled ? 'btn-outline-secondary' : 'btn-outline-success'}`}
        disabled={setHandled.isPending}
        onClick={() =>
          setHandled.mutate(
            { kind: item.kind, id: item.id, handled: !item.handled },
            { onError: (error) => notify.error(isApiError(error) ? error.message : 'That did not work.') },
          )
        }
      >
        {item.handled ? 'Mark as not handled' : 'Mark as handled'}
      </button>
    </li>
  );
}

function Subscribers({ timeZone }: { timeZone: string | undefined }) {
  const subscribers = useSubscribers();
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadSubscribersCsv();
    } catch {
      notify.error('The export failed. Please try again.');
    } finally {
      setExporting(false);
    }
  };
  return (
    <section aria-label="Newsletter subscribers" className="cms-panel mt-4">
      <div className="d-flex align-items-center justify-content-between mb-2">
        <h2 className="h4 mb-0">Newsletter subscribers</h2>
        <button
          type="button"
          className="btn btn-outline-primary btn-sm"
          disabled={exporting}
          onClick={exportCsv}
        >
          Export CSV
        </button>
      </div>
      {subscribers.isPending ? <p>Loading…</p> : null}
      {subscribers.isError ? <p role="alert">{subscribers.error.message}</p> : null}
      {subscribers.data?.length === 0 ? <p>No subscribers yet.</p> : null}
      <ul className="list-unstyled mb-0">
        {subscribers.data?.map((subscriber) => (
          <li key={subscriber.id} className="inbox-item">
            <span className="inbox-item__body">
              {subscriber.name} &lt;{subscriber.email}&gt;{' '}
              {subscriber.confirmed ? (
                <span className="badge text-bg-success">{SUBSCRIBER_STATES.confirmed}</span>
              ) : (
                <span className="badge text-bg-secondary">{SUBSCRIBER_STATES.unconfirmed}</span>
              )}
            </span>
            <span className="small text-body-secondary">{formatWhen(subscriber.createdAt, timeZone)}</span>
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
          {INBOX_NOT_ALLOWED}
        </p>
      </div>
    );
  }

  return (
    <div className="container py-4 cms">
      <section aria-label="Enquiries and bookings" className="cms-panel">
        <div className="d-flex flex-wrap gap-3 align-items-end mb-2">
          <h2 className="h4 mb-0 me-auto">
            Enquiries and bookings{' '}
            {inbox.data ? (
              <span className="badge text-bg-primary">{inbox.data.meta.unhandled} open</span>
            ) : null}
          </h2>
          <label className="small">
            Kind
            <select
              className="form-select form-select-sm"
              value={kind}
              onChange={(event) => setKind(event.target.value as InboxKind | 'all')}
            >
              <option value="all">All</option>
              <option value="enquiry">Enquiries</option>
              <option value="booking">Bookings</option>
            </select>
          </label>
          <label className="small">
            Status
            <select
              className="form-select form-select-sm"
              value={handled}
              onChange={(event) => setHandledFilter(event.target.value as 'all' | 'open' | 'handled')}
            >
              <option value="all">All</option>
              <option value="open">Not handled</option>
              <option value="handled">Handled</option>
            </select>
          </label>
        </div>
        {inbox.isPending ? <p>Loading…</p> : null}
        {inbox.isError ? (
          <div role="alert">
            <p>{inbox.error.message}</p>
            <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => inbox.refetch()}>
              Retry
            </button>
          </div>
        ) : null}
        {inbox.data?.data.length === 0 ? <p>Nothing here.</p> : null}
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
