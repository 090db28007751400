import type { Kysely } from 'kysely';
import { createKeyTriggers, dropKeyTriggers, type KeyTriggers } from '../answer-key-triggers.js';

/**
 * docs/decisions/0092-kept-calendar-feeds.md: the calendar's writes raise the answer version
 * `calendar`, as the child's day raises its keys, so that a calendar feed made once is given again
 * until an entry changes.
 */
const TRIGGERS: KeyTriggers = {
  key: 'calendar',
  tables: ['calendar_entry', 'calendar_entry_class'],
  functionName: 'raise_calendar_answers',
  triggerSuffix: 'answers',
};

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await createKeyTriggers(db, TRIGGERS);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  await dropKeyTriggers(db, TRIGGERS);
}
