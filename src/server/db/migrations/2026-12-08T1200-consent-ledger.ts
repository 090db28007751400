import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../engine.js';

/**
 * docs/decisions/0111-consent-as-a-ledger.md: every consent given or withdrawn is one entry of
 * consent_entry, appended and never changed: whose (a child, or a newsletter subscriber's address),
 * which kind, given or withdrawn, who (their id, and their name as it was then, or the address),
 * when and how. The current state of a consent is its latest entry.
 *
 * The three consent columns of care_record become each child's first entries ("carried over", at
 * the care details' last save, by nobody named: the columns did not keep who set them), then are
 * dropped: the ledger is the one place a consent is read. A confirmed newsletter subscriber gets
 * one "given" entry at its confirmation.
 *
 * A consent is part of what the kept answers of a child's day show (the photo moments a family
 * sees), as the care record's columns were: a write to the ledger raises the answer version `school`
 * (migration 2026-12-05T0100-answer-versions), on every server process.
 */

const CHILD_COLUMNS = [
  ['website', 'photo_consent'],
  ['ownFamily', 'consent_own_family'],
  ['otherFamilies', 'consent_other_families'],
] as const;

const PAGE = 500;
const EVENTS = ['insert', 'update', 'delete'] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  const table = db.schema.createTable('consent_entry');
  await (isPostgres(db)
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('student_id', 'integer', (c) => c.references('app_user.id').onDelete('cascade'))
    .addColumn('subscriber_email', 'varchar(320)')
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('given', 'integer', (c) => c.notNull())
    .addColumn('by_user', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('by_name', 'varchar(320)')
    .addColumn('at', 'varchar(40)', (c) => c.notNull())
    .addColumn('how', 'varchar(20)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('consent_entry_student')
    .on('consent_entry')
    .columns(['student_id', 'kind', 'id'])
    .execute();
  await db.schema
    .createIndex('consent_entry_subscriber')
    .on('consent_entry')
    .columns(['subscriber_email', 'kind', 'id'])
    .execute();

  if (isPostgres(db)) {
    await sql
      .raw(
        `create trigger consent_entry_answers_write after insert or update or delete on consent_entry
           for each statement execute function raise_school_answers()`,
      )
      .execute(db);
  } else {
    for (const event of EVENTS) {
      await sql
        .raw(
          `create trigger consent_entry_answers_${event} after ${event} on consent_entry for each row begin
             insert into answer_version (key, version) values ('school', 1)
               on conflict (key) do update set version = version + 1;
           end`,
        )
        .execute(db);
    }
  }

  let after = 0;
  for (;;) {
    const rows: Record<string, unknown>[] = await db
      .selectFrom('care_record')
      .select(['student_id', 'updated_at', ...CHILD_COLUMNS.map(([, column]) => column)])
      .where('student_id', '>', after)
      .orderBy('student_id')
      .limit(PAGE)
      .execute();
    if (rows.length === 0) break;
    await db
      .insertInto('consent_entry')
      .values(
        rows.flatMap((row) =>
          CHILD_COLUMNS.map(([kind, column]) => ({
            student_id: row.student_id,
            kind,
            given: Number(row[column]) === 1 ? 1 : 0,
            at: row.updated_at,
            how: 'carried-over',
          })),
        ),
      )
      .execute();
    after = Number(rows.at(-1)?.student_id);
  }
  await db
    .insertInto('consent_entry')
    .columns(['subscriber_email', 'kind', 'given', 'by_name', 'at', 'how'])
    .expression((eb) =>
      eb
        .selectFrom('newsletter_subscriber')
        .select((s) => [
          'email_key',
          s.val('newsletter').as('kind'),
          s.val(1).as('given'),
          'email',
          'confirmed_at',
          s.val('carried-over').as('how'),
        ])
        .where('confirmed_at', 'is not', null)
        .orderBy('id'),
    )
    .execute();

  for (const [, column] of CHILD_COLUMNS) {
    await db.schema.alterTable('care_record').dropColumn(column).execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  for (const [kind, column] of CHILD_COLUMNS) {
    await db.schema
      .alterTable('care_record')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    // The latest entry of the kind, of each child with care details.
    await db
      .updateTable('care_record')
      .set((eb) => ({
        [column]: eb.fn.coalesce(
          eb
            .selectFrom('consent_entry as e')
            .select('e.given')
            .whereRef('e.student_id', '=', 'care_record.student_id')
            .where('e.kind', '=', kind)
            .orderBy('e.id', 'desc')
            .limit(1),
          eb.lit(0),
        ),
      }))
      .execute();
  }
  const postgres = isPostgres(db);
  for (const event of postgres ? ['write'] : EVENTS) {
    await sql
      .raw(`drop trigger if exists consent_entry_answers_${event}${postgres ? ' on consent_entry' : ''}`)
      .execute(db);
  }
  await db.schema.dropTable('consent_entry').execute();
}
