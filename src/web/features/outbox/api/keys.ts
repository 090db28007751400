import type { OutboxFilter } from './get-outbox.js';

/** Query keys of the Outbox screen; under 'school', so logging out drops them. */
export const outboxKeys = {
  all: ['school', 'outbox'] as const,
  mails: () => ['school', 'outbox', 'mails'] as const,
  page: (filter: OutboxFilter) => ['school', 'outbox', 'mails', filter.status ?? 'all', filter.page] as const,
  mail: (id: number) => ['school', 'outbox', 'mail', id] as const,
  settings: () => ['school', 'outbox', 'settings'] as const,
};
