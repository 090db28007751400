import type { OutboxMail, OutboxMailDetail, OutboxPage } from '../../../../shared/api/mail.js';
import type { AnyLocale } from '../../../../shared/i18n/locales.js';
import { I18nProvider, type MessageKey, type MessageValues } from '../../../lib/i18n.js';
import { testTranslator } from '../../../test/i18n.js';
import { mockApi, renderScreen } from '../../../test/school-test-utils.js';
import { OutboxScreen } from '../components/OutboxScreen.js';

/**
 * The Outbox tests' school: a sent approval, a waiting absence alert that failed once, and a failed
 * newsletter. Times are in November, so New York (the test school's zone) is UTC-5.
 */

export const mail = (overrides: Partial<OutboxMail> = {}): OutboxMail => ({
  id: 1,
  kind: 'account-approved',
  to: 'kofi@example.org',
  toName: 'Kofi Rahman',
  subject: 'Your account is approved',
  status: 'sent',
  attempts: 1,
  lastError: null,
  createdAt: '2026-11-20T14:00:00.000Z',
  sentAt: '2026-11-20T14:00:05.000Z',
  nextAttemptAt: '2026-11-20T14:00:00.000Z',
  ...overrides,
});

export const SENT = mail();
export const WAITING = mail({
  id: 2,
  kind: 'absence-alert',
  to: 'ama@example.org',
  toName: 'Ama Mensah',
  subject: 'Ada was absent today',
  status: 'waiting',
  attempts: 1,
  lastError: '451 Try again later',
  createdAt: '2026-11-20T15:00:00.000Z',
  sentAt: null,
  nextAttemptAt: '2026-11-20T15:01:00.000Z',
});
export const FAILED = mail({
  id: 3,
  kind: 'newsletter',
  to: 'gone@example.org',
  toName: '',
  subject: 'News of November',
  status: 'failed',
  attempts: 8,
  lastError: '550 No such mailbox',
  createdAt: '2026-11-20T16:00:00.000Z',
  sentAt: null,
  nextAttemptAt: '2026-11-21T02:00:00.000Z',
});

export const outboxPage = (mails: OutboxMail[], overrides: Partial<OutboxPage> = {}): OutboxPage => ({
  data: mails,
  total: mails.length,
  page: 1,
  pageSize: 50,
  counts: { waiting: 1, sent: 1, failed: 1 },
  sending: true,
  ...overrides,
});

export const detail = (row: OutboxMail, text: string): OutboxMailDetail => ({
  ...row,
  messageId: `<${row.id}@school.example>`,
  text,
  html: `<!doctype html><p>${text}</p><script>window.injected = true</script>`,
});

/** Renders the Outbox at `path`, the API answering as above and as `routes` add. */
export function renderOutbox(routes: Record<string, unknown> = {}, path = '/outbox', locale?: AnyLocale) {
  const api = mockApi({
    'GET admin/outbox': outboxPage([FAILED, WAITING, SENT]),
    'GET admin/mail-settings': { data: { absenceAlerts: true } },
    ...(routes as Record<string, object>),
  });
  const screen = locale ? (
    <I18nProvider translator={testTranslator(locale)}>
      <OutboxScreen />
    </I18nProvider>
  ) : (
    <OutboxScreen />
  );
  return { ...renderScreen(screen, { path, pattern: '/outbox' }), api };
}

const english = testTranslator();

/** An Outbox text in English, as the tests expect it on the screen. */
export const en = (key: MessageKey, values?: MessageValues): string => english.t(key, values);
