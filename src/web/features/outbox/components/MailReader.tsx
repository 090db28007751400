import { useEffect, useId, useRef } from 'react';
import type { OutboxMailDetail } from '../../../../shared/api/mail.js';
import { FailureState, LoadingState } from '../../../components/school/QueryState.js';
import { useI18n } from '../../../lib/i18n.js';
import { formatWhen } from '../../../lib/school-time.js';
import { useOutboxMail } from '../api/get-mail.js';
import { StateBadge } from './StateBadge.js';
import { mailKindKey, OUTBOX_TEXTS } from './texts.js';

function MailFacts({ mail, timeZone }: { mail: OutboxMailDetail; timeZone: string | undefined }) {
  const { t, locale } = useI18n();
  const facts: [string, string][] = [
    [t(OUTBOX_TEXTS.to), mail.toName ? `${mail.toName} <${mail.to}>` : mail.to],
    [t(OUTBOX_TEXTS.kind), t(mailKindKey(mail.kind))],
    [t(OUTBOX_TEXTS.queued), formatWhen(mail.createdAt, timeZone, locale)],
    [t(OUTBOX_TEXTS.sent), mail.sentAt ? formatWhen(mail.sentAt, timeZone, locale) : t(OUTBOX_TEXTS.notYet)],
    [t(OUTBOX_TEXTS.messageId), mail.messageId],
  ];
  return (
    <dl className="outbox-reader__facts">
      {facts.map(([term, value]) => (
        <div key={term} className="outbox-reader__fact">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      <div className="outbox-reader__fact">
        <dt>{t(OUTBOX_TEXTS.state)}</dt>
        <dd>
          <StateBadge status={mail.status} />
          {mail.lastError ? <span className="outbox-reason">{mail.lastError}</span> : null}
        </dd>
      </div>
    </dl>
  );
}

export interface MailReaderProps {
  id: number;
  timeZone: string | undefined;
  onClose: () => void;
}

/**
 * One mail to read, as its receiver's mail program shows the plain-text part. The HTML part is
 * never put into the page: it is the same words, and a mail's markup has no place in the app.
 */
export function MailReader({ id, timeZone, onClose }: MailReaderProps) {
  const { t } = useI18n();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const mail = useOutboxMail(id);

  // Opening a mail moves the focus (and the view, on a phone) to it.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <section className="container school-screen" aria-labelledby={titleId}>
      <div className="school-panel outbox-reader">
        <header className="school-panel__header">
          <div className="school-panel__heading">
            <h2 id={titleId} ref={heading} tabIndex={-1} className="school-panel__title">
              {mail.data ? mail.data.subject : t(OUTBOX_TEXTS.readerTitle)}
            </h2>
          </div>
          <div className="school-panel__actions">
            <button type="button" className="btn btn-outline-primary rounded-pill px-4" onClick={onClose}>
              {t(OUTBOX_TEXTS.close)}
            </button>
          </div>
        </header>
        {mail.isError && !mail.data ? <FailureState error={mail.error} retry={mail.refetch} /> : null}
        {mail.isPending ? <LoadingState /> : null}
        {mail.data ? (
          <>
            <MailFacts mail={mail.data} timeZone={timeZone} />
            <figure className="outbox-reader__body" aria-label={t(OUTBOX_TEXTS.body)}>
              <pre className="outbox-reader__text">{mail.data.text}</pre>
            </figure>
          </>
        ) : null}
      </div>
    </section>
  );
}
