import type { Kysely } from 'kysely';

/**
 * A newsletter subscriber's language: the one of the request that gave the address (its
 * Accept-Language among the school's languages), so that their confirmation mail and newsletters'
 * own words are in it (docs/decisions/0061-server-messages-in-the-request-language.md). Null: the
 * school's default, as for every subscriber from before.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('newsletter_subscriber').addColumn('language', 'varchar(10)').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('newsletter_subscriber').dropColumn('language').execute();
}
