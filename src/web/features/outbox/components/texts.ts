import type { MailKind, MailStatus } from '../../../../shared/api/mail.js';
import type { MessageKey } from '../../../lib/i18n.js';

/** The Outbox screen's words (docs/decisions/0022-email-outbox.md): keys of the outbox catalog. */
export const OUTBOX_TEXTS = {
  title: 'outbox.title',
  lead: 'outbox.lead',
  notSending: 'outbox.notSending',
  counts: 'outbox.counts',
  show: 'outbox.show',
  all: 'outbox.all',
  none: {
    all: 'outbox.none.all',
    waiting: 'outbox.none.waiting',
    sent: 'outbox.none.sent',
    failed: 'outbox.none.failed',
  },
  table: 'outbox.table',
  to: 'outbox.to',
  subject: 'outbox.subject',
  kind: 'outbox.kind',
  state: 'outbox.state',
  queued: 'outbox.queued',
  sent: 'outbox.sent',
  notYet: 'outbox.notYet',
  messageId: 'outbox.messageId',
  /** `{ count, next }`: the attempts so far and when the next one is. */
  tries: 'outbox.tries',
  retry: 'outbox.retry',
  /** `{ to }`, read out after "Send again". */
  retryTo: 'outbox.retryTo',
  /** `{ to }` */
  retried: 'outbox.retried',
  failed: 'outbox.failed',
  /** `{ reason }`: the server's message after "That did not work." */
  failedWith: 'outbox.failedWith',
  pages: 'outbox.pages',
  /** `{ page, pages }` */
  page: 'outbox.page',
  previous: 'outbox.previous',
  next: 'outbox.next',
  readerTitle: 'outbox.readerTitle',
  body: 'outbox.body',
  close: 'outbox.close',
  actions: 'outbox.actions',
  settingsTitle: 'outbox.settingsTitle',
  settingsLead: 'outbox.settingsLead',
  absenceAlerts: 'outbox.absenceAlerts',
  settingsSaved: 'outbox.settingsSaved',
} as const;

/** A mail's kind as shown (the wire value stays the kind). */
export const mailKindKey = (kind: MailKind): MessageKey => `outbox.kindName.${kind}`;

/** A mail's state as its badge shows it. */
export const mailStatusKey = (status: MailStatus): MessageKey => `outbox.status.${status}`;
