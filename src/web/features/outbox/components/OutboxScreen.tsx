import '../../../styles/outbox.css';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import type { OutboxMail } from '../../../../shared/api/mail.js';
import { FailureState, LoadingState } from '../../../components/school/QueryState.js';
import { SchoolField } from '../../../components/school/SchoolField.js';
import { HiddenText, SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { SchoolTable } from '../../../components/school/SchoolTable.js';
import { isApiError } from '../../../lib/api-client.js';
import { type MessageKey, useI18n } from '../../../lib/i18n.js';
import { parseId } from '../../../lib/school/format.js';
import { formatWhen } from '../../../lib/school-time.js';
import { useSettings } from '../../../lib/settings.js';
import { notify } from '../../../lib/toast.js';
import { type OutboxState, useOutbox } from '../api/get-outbox.js';
import { useRetryMail } from '../api/retry-mail.js';
import { MailReader } from './MailReader.js';
import { MailSettingsCard } from './MailSettingsCard.js';
import { StateBadge } from './StateBadge.js';
import { mailKindKey, OUTBOX_TEXTS } from './texts.js';

const STATES: readonly OutboxState[] = ['waiting', 'sent', 'failed'];
const STATE_NAMES: Record<OutboxState, MessageKey> = {
  waiting: 'outbox.stateName.waiting',
  sent: 'outbox.stateName.sent',
  failed: 'outbox.stateName.failed',
};
/** The counts' words, lower case after the number ("2 waiting"). */
const COUNT_NAMES: Record<OutboxState, MessageKey> = {
  waiting: 'outbox.count.waiting',
  sent: 'outbox.count.sent',
  failed: 'outbox.count.failed',
};

const stateOf = (value: string | null): OutboxState | undefined => STATES.find((state) => state === value);

/** Under the badge: why a mail failed, or when a mail that failed before is tried again. */
function StateCell({ mail, timeZone }: { mail: OutboxMail; timeZone: string | undefined }) {
  const { t, locale } = useI18n();
  let note: string | undefined;
  if (mail.status === 'failed') note = mail.lastError ?? undefined;
  else if (mail.status === 'waiting' && mail.attempts > 0)
    note = t(OUTBOX_TEXTS.tries, {
      count: mail.attempts,
      next: formatWhen(mail.nextAttemptAt, timeZone, locale),
    });
  return (
    <>
      <StateBadge status={mail.status} />
      {note ? <span className="outbox-reason">{note}</span> : null}
    </>
  );
}

/**
 * Outbox, /outbox (docs/decisions/0022-email-outbox.md): every mail the school queued, newest first,
 * with its state; a failed one can be sent again, and any one opened to read (when the server has no
 * SMTP_URL this is where the mails are). The filter, the page and the open mail live in the address
 * (`?status=&page=&mail=`). Below, the mail settings.
 */
export function OutboxScreen() {
  const { t, locale } = useI18n();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const timeZone = useSettings().data?.timeZone;
  const status = stateOf(params.get('status'));
  const page = parseId(params.get('page')) ?? 1;
  const open = parseId(params.get('mail'));
  const outbox = useOutbox({ status, page });
  const retry = useRetryMail();

  const setParam = (name: 'status' | 'page' | 'mail', value: string | undefined): void =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === undefined || value === '') next.delete(name);
        else next.set(name, value);
        // Another filter starts at its first page.
        if (name === 'status') next.delete('page');
        return next;
      },
      { replace: true },
    );

  const closeReader = (): void => {
    const opener = open;
    setParam('mail', undefined);
    // Back to the mail that was opened, where the reader came from.
    requestAnimationFrame(() => document.getElementById(`${id}-open-${opener}`)?.focus());
  };

  const sendAgain = (mail: OutboxMail): void =>
    retry.mutate(mail.id, {
      onSuccess: () => notify.success(t(OUTBOX_TEXTS.retried, { to: mail.to })),
      onError: (error) =>
        notify.error(
          isApiError(error) ? t(OUTBOX_TEXTS.failedWith, { reason: error.message }) : t(OUTBOX_TEXTS.failed),
        ),
    });

  const data = outbox.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <>
      {data && !data.sending ? (
        <div className="container school-screen">
          <p className="alert alert-warning outbox-notice">{t(OUTBOX_TEXTS.notSending)}</p>
        </div>
      ) : null}
      {open !== undefined ? (
        <MailReader key={open} id={open} timeZone={timeZone} onClose={closeReader} />
      ) : null}
      <SchoolPanel title={t(OUTBOX_TEXTS.title)} lead={t(OUTBOX_TEXTS.lead)}>
        {data ? (
          <ul className="attendance-counts" aria-label={t(OUTBOX_TEXTS.counts)}>
            {STATES.map((state) => (
              <li key={state} className={`outbox-count outbox-count--${state}`}>
                <span className="outbox-count__number">{data.counts[state]}</span> {t(COUNT_NAMES[state])}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="attendance-toolbar">
          <SchoolField id={`${id}-status`} label={t(OUTBOX_TEXTS.show)}>
            <select
              id={`${id}-status`}
              className="form-select"
              value={status ?? ''}
              onChange={(event) => setParam('status', event.target.value)}
            >
              <option value="">{t(OUTBOX_TEXTS.all)}</option>
              {STATES.map((state) => (
                <option key={state} value={state}>
                  {t(STATE_NAMES[state])}
                </option>
              ))}
            </select>
          </SchoolField>
        </div>
        {outbox.isError && !data ? <FailureState error={outbox.error} retry={outbox.refetch} /> : null}
        {!data && !outbox.isError ? <LoadingState /> : null}
        {data && data.data.length === 0 ? (
          <p className="school-state school-state--empty">{t(OUTBOX_TEXTS.none[status ?? 'all'])}</p>
        ) : null}
        {data && data.data.length > 0 ? (
          <SchoolTable<OutboxMail>
            label={t(OUTBOX_TEXTS.table)}
            rows={data.data}
            rowKey={(mail) => mail.id}
            columns={[
              {
                header: t(OUTBOX_TEXTS.to),
                cell: (mail) => (
                  <>
                    {mail.toName ? <span className="outbox-to__name">{mail.toName}</span> : null}
                    <span className="outbox-to__address">{mail.to}</span>
                  </>
                ),
              },
              {
                header: t(OUTBOX_TEXTS.subject),
                cell: (mail) => (
                  <button
                    id={`${id}-open-${mail.id}`}
                    type="button"
                    className="btn btn-link outbox-open"
                    aria-pressed={open === mail.id}
                    onClick={() => setParam('mail', String(mail.id))}
                  >
                    {mail.subject}
                  </button>
                ),
              },
              { header: t(OUTBOX_TEXTS.kind), cell: (mail) => t(mailKindKey(mail.kind)) },
              {
                header: t(OUTBOX_TEXTS.state),
                cell: (mail) => <StateCell mail={mail} timeZone={timeZone} />,
              },
              {
                header: t(OUTBOX_TEXTS.queued),
                cellClassName: 'text-nowrap',
                cell: (mail) => formatWhen(mail.createdAt, timeZone, locale),
              },
              {
                header: t(OUTBOX_TEXTS.sent),
                cellClassName: 'text-nowrap',
                cell: (mail) => (mail.sentAt ? formatWhen(mail.sentAt, timeZone, locale) : '—'),
              },
              {
                header: <HiddenText>{t(OUTBOX_TEXTS.actions)}</HiddenText>,
                cellClassName: 'text-end outbox-actions',
                cell: (mail) =>
                  mail.status === 'failed' ? (
                    <button
                      type="button"
                      className="btn btn-outline-primary rounded-pill px-3"
                      disabled={retry.isPending && retry.variables === mail.id}
                      onClick={() => sendAgain(mail)}
                    >
                      {t(OUTBOX_TEXTS.retry)}{' '}
                      <HiddenText>{t(OUTBOX_TEXTS.retryTo, { to: mail.to })}</HiddenText>
                    </button>
                  ) : null,
              },
            ]}
          />
        ) : null}
        {data && pages > 1 ? (
          <nav className="outbox-pages" aria-label={t(OUTBOX_TEXTS.pages)}>
            <button
              type="button"
              className="btn btn-outline-primary rounded-pill px-4"
              disabled={page <= 1}
              onClick={() => setParam('page', page - 1 > 1 ? String(page - 1) : undefined)}
            >
              {t(OUTBOX_TEXTS.previous)}
            </button>
            <span className="outbox-pages__where">{t(OUTBOX_TEXTS.page, { page, pages })}</span>
            <button
              type="button"
              className="btn btn-outline-primary rounded-pill px-4"
              disabled={page >= pages}
              onClick={() => setParam('page', String(page + 1))}
            >
              {t(OUTBOX_TEXTS.next)}
            </button>
          </nav>
        ) : null}
      </SchoolPanel>
      <MailSettingsCard />
    </>
  );
}
