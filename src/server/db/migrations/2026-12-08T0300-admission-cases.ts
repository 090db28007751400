import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { isPostgres } from '../engine.js';

/**
 * docs/decisions/0102-the-admissions-pipeline.md: a family's way from an enquiry to an enrolled
 * child (the admission case, one per child and wanted class and year), every move of it (who,
 * when, from, to, note), and the offers with their reply links (a token kept as its hash).
 */

function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

const STAGES = sql`('enquiry', 'visit', 'applied', 'offered', 'accepted', 'enrolled', 'waiting', 'closed')`;

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('admission_case'))
    // The child, as the family names them; the application (point 3) adds the rest.
    .addColumn('child_name', 'varchar(100)', (c) => c.notNull())
    // The class and year wanted; null when the class or year was deleted since.
    .addColumn('class_id', 'integer', (c) => c.references('school_class.id').onDelete('set null'))
    .addColumn('year_id', 'integer', (c) => c.references('school_year.id').onDelete('set null'))
    // The family's contact and the language of the page they came from (their mails' language).
    .addColumn('family_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('phone', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('language', 'varchar(10)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('stage', 'varchar(20)', (c) => c.notNull())
    .addColumn('visit_date', 'varchar(10)')
    .addColumn('visit_time', 'varchar(5)')
    // The last day (the school's) the family may accept the current offer.
    .addColumn('offer_deadline', 'varchar(10)')
    // When the family joined the waiting list: their place in it (per class and year).
    .addColumn('waiting_since', 'varchar(40)')
    .addColumn('close_reason', 'varchar(300)')
    // Where it came from: a Book A Seat request, a contact message, or the principal.
    .addColumn('source', 'varchar(20)', (c) => c.notNull())
    .addColumn('booking_id', 'integer', (c) => c.references('booking.id').onDelete('set null'))
    .addColumn('enquiry_id', 'integer', (c) => c.references('enquiry.id').onDelete('set null'))
    // The pupil account the enrolment (point 4) makes.
    .addColumn('student_id', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('created_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('stage_changed_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('stage_changed_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .addCheckConstraint('admission_case_stage', sql`stage in ${STAGES}`)
    .addCheckConstraint('admission_case_source', sql`source in ('booking', 'enquiry', 'principal')`)
    .execute();
  await db.schema
    .createIndex('admission_case_board')
    .on('admission_case')
    .columns(['class_id', 'year_id', 'stage'])
    .execute();
  await db.schema
    .createIndex('admission_case_year_stage')
    .on('admission_case')
    .columns(['year_id', 'stage'])
    .execute();
  // One enquiry becomes at most one case.
  await db.schema
    .createIndex('admission_case_enquiry')
    .on('admission_case')
    .column('enquiry_id')
    .unique()
    .execute();

  await withId(db, db.schema.createTable('admission_move'))
    .addColumn('case_id', 'integer', (c) => c.notNull().references('admission_case.id').onDelete('cascade'))
    // Null: the case was made.
    .addColumn('from_stage', 'varchar(20)')
    .addColumn('to_stage', 'varchar(20)', (c) => c.notNull())
    // Null: the family (a reply to an offer) or the website (a booking).
    .addColumn('moved_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('moved_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    // The move's details (visit date and time, deadline, reason) as a JSON object.
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema
    .createIndex('admission_move_case')
    .on('admission_move')
    .columns(['case_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('admission_offer'))
    .addColumn('case_id', 'integer', (c) => c.notNull().references('admission_case.id').onDelete('cascade'))
    // SHA-256 of the reply link's token, hex: only the family holds the token.
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('deadline', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('answer', 'varchar(10)')
    .addColumn('answered_at', 'varchar(40)')
    // A later offer, or a move of the case away from "offered", ends this one's link.
    .addColumn('withdrawn_at', 'varchar(40)')
    .addCheckConstraint('admission_offer_answer', sql`answer is null or answer in ('accepted', 'declined')`)
    .execute();
  await db.schema.createIndex('admission_offer_case').on('admission_offer').column('case_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('admission_offer').execute();
  await db.schema.dropTable('admission_move').execute();
  await db.schema.dropTable('admission_case').execute();
}
