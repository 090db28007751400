import crypto from 'node:crypto';
import type { CreateTableBuilder, Kysely } from 'kysely';
import { isPostgres } from '../engine.js';

/**
 * No live secret at rest (docs/decisions/0037-no-live-secret-at-rest.md).
 *
 * - Newsletter subscribers keep the SHA-256 of their link token, not the token: each clear token is
 *   hashed in place and the column renamed `token_hash`, so the links already mailed keep working.
 * - `newsletter_unsubscribe` holds the hashes of the unsubscribe tokens minted for each newsletter
 *   mail (a fresh one per subscriber and newsletter: the clear token is needed when the mail is
 *   queued, and only its holder has it afterwards).
 * - `mail_outbox.link_keys` holds the keys of a waiting mail's links; the stored bodies and headers
 *   hold `…` in their place. Mails already sent or failed lose their keys; waiting ones keep them
 *   there until they are sent.
 */

const sha256 = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

// The rules of src/server/features/mail/link-keys.ts as of this migration.
const LINK_KEY = /([?&]token=)([A-Za-z0-9_-]+)/g;
const PLACEHOLDER = /([?&]token=)…/g;
const PARTS = ['text_body', 'html_body', 'headers'] as const;

type OutboxTexts = Record<(typeof PARTS)[number], string>;

function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  const subscribers: { id: number; token: string }[] = await db
    .selectFrom('newsletter_subscriber')
    .select(['id', 'token'])
    .where('token', 'is not', null)
    .execute();
  for (const row of subscribers) {
    await db
      .updateTable('newsletter_subscriber')
      .set({ token: sha256(row.token) })
      .where('id', '=', row.id)
      .execute();
  }
  // The unique index on the column follows the rename on both engines.
  await db.schema.alterTable('newsletter_subscriber').renameColumn('token', 'token_hash').execute();

  await withId(db, db.schema.createTable('newsletter_unsubscribe'))
    .addColumn('subscriber_id', 'integer', (c) =>
      c.notNull().references('newsletter_subscriber.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('newsletter_unsubscribe_subscriber')
    .on('newsletter_unsubscribe')
    .column('subscriber_id')
    .execute();

  await db.schema.alterTable('mail_outbox').addColumn('link_keys', 'text').execute();
  const mails: (OutboxTexts & { id: number; status: string })[] = await db
    .selectFrom('mail_outbox')
    .select(['id', 'status', ...PARTS])
    .where((eb) => eb.or(PARTS.map((part) => eb(part, 'like', '%token=%'))))
    .execute();
  for (const mail of mails) {
    const keys: string[] = [];
    const taken: Partial<OutboxTexts> = {};
    for (const part of PARTS) {
      taken[part] = mail[part].replace(LINK_KEY, (_match, prefix: string, key: string) => {
        keys.push(key);
        return `${prefix}…`;
      });
    }
    if (keys.length === 0) continue;
    const waiting = mail.status === 'waiting' || mail.status === 'sending';
    await db
      .updateTable('mail_outbox')
      .set({ ...taken, link_keys: waiting ? JSON.stringify(keys) : null })
      .where('id', '=', mail.id)
      .execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  // Waiting mails get their keys back into their bodies; sent ones stay without.
  const mails: (OutboxTexts & { id: number; link_keys: string })[] = await db
    .selectFrom('mail_outbox')
    .select(['id', 'link_keys', ...PARTS])
    .where('link_keys', 'is not', null)
    .execute();
  for (const mail of mails) {
    const keys = JSON.parse(mail.link_keys) as string[];
    let next = 0;
    const filled: Partial<OutboxTexts> = {};
    for (const part of PARTS) {
      filled[part] = mail[part].replace(PLACEHOLDER, (match, prefix: string) => {
        const key = keys[next++];
        return key === undefined ? match : `${prefix}${key}`;
      });
    }
    await db.updateTable('mail_outbox').set(filled).where('id', '=', mail.id).execute();
  }
  await db.schema.alterTable('mail_outbox').dropColumn('link_keys').execute();
  await db.schema.dropTable('newsletter_unsubscribe').execute();
  // A hash cannot be turned back into its token: after this, links mailed before stop working.
  await db.schema.alterTable('newsletter_subscriber').renameColumn('token_hash', 'token').execute();
}
