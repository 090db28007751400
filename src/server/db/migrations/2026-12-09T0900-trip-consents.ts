import { type Kysely, sql } from 'kysely';

/**
 * docs/decisions/0115-trips-in-the-consent-ledger.md: trips in the consent ledger.
 *
 * - `school_form.trip`: the principal marks a form as a trip permission slip when drafting it; its
 *   first question (a required yes or no) asks whether the child may go.
 * - `consent_entry.school_form_id`: a trip entry (kind `trip`, how `school-form`) names the slip it
 *   was signed on; null for every other entry. Indexed by form and child, for "who may go on this
 *   trip" (the latest entry of each child for the form).
 *
 * The standing `outings` kind needs no change of the table: `kind` is free text checked by the app
 * (shared/api/consents.ts) and the backup's row rules. Down forgets the entries of the two kinds that
 * did not exist before (the earlier code would read them as website consents).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('school_form')
    .addColumn('trip', 'integer', (c) => c.notNull().defaultTo(0).check(sql`trip in (0, 1)`))
    .execute();
  await db.schema
    .alterTable('consent_entry')
    .addColumn('school_form_id', 'integer', (c) => c.references('school_form.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createIndex('consent_entry_form')
    .on('consent_entry')
    .columns(['school_form_id', 'student_id', 'id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('consent_entry').where('kind', 'in', ['trip', 'outings']).execute();
  await db.schema.dropIndex('consent_entry_form').execute();
  await db.schema.alterTable('consent_entry').dropColumn('school_form_id').execute();
  await db.schema.alterTable('school_form').dropColumn('trip').execute();
}
