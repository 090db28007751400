import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { isPostgres } from '../engine.js';

/**
 * docs/decisions/0078-the-daily-log.md: the daily log of each child (log_entry, one row per child
 * and entry, with an incident's acknowledgement), the once-a-day claim of the end-of-day summaries
 * (day_summary_run), and the care details' medication as a list of named medications instead of
 * free text (each non-empty line one medication; "Name: dose" splits at the first colon).
 */

function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

const NAME_MAX = 100;
const DOSE_MAX = 500;
const MAX_MEDICATIONS = 10;

/** The free text of the old `medical.medication` as a list of { name, dose } (the rule above). */
export function medicationsFromText(text: string): { name: string; dose: string }[] {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const list = lines.map((line) => {
    const colon = line.indexOf(':');
    const [name, dose] = colon > 0 ? [line.slice(0, colon).trim(), line.slice(colon + 1).trim()] : [line, ''];
    // A name longer than a name may be keeps its tail as the dose, so nothing written is lost.
    return name.length > NAME_MAX
      ? { name: name.slice(0, NAME_MAX).trim(), dose: `${name.slice(NAME_MAX).trim()} ${dose}`.trim() }
      : { name, dose };
  });
  const kept = list.slice(0, MAX_MEDICATIONS);
  const rest = list.slice(MAX_MEDICATIONS);
  const last = kept.at(-1);
  if (last && rest.length > 0)
    last.dose = [last.dose, ...rest.map((m) => (m.dose ? `${m.name}: ${m.dose}` : m.name))]
      .filter((part) => part !== '')
      .join('; ');
  for (const item of kept) item.dose = item.dose.slice(0, DOSE_MAX);
  return kept;
}

/** The list back as text, one "Name: dose" a line (the migration's down). */
export function medicationsToText(list: readonly { name: string; dose: string }[]): string {
  return list.map((m) => (m.dose ? `${m.name}: ${m.dose}` : m.name)).join('\n');
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
async function rewriteCareDocuments(db: Kysely<any>, change: (medical: Record<string, unknown>) => void) {
  const rows: { student_id: number; document: string }[] = await db
    .selectFrom('care_record')
    .select(['student_id', 'document'])
    .execute();
  for (const row of rows) {
    let document: { medical?: Record<string, unknown> };
    try {
      document = JSON.parse(row.document);
    } catch {
      continue;
    }
    if (!document.medical || typeof document.medical !== 'object') continue;
    change(document.medical);
    await db
      .updateTable('care_record')
      .set({ document: JSON.stringify(document) })
      .where('student_id', '=', row.student_id)
      .execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('log_entry'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    // The child's class when the entry was written: the class's log of the day reads by it.
    .addColumn('class_id', 'integer', (c) => c.references('school_class.id').onDelete('set null'))
    // The school day (YYYY-MM-DD) and the time of day (HH:MM), both in the school's time zone.
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('time', 'varchar(5)', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) =>
      c
        .notNull()
        .check(sql`kind in ('meal', 'nap', 'toilet', 'mood', 'activity', 'note', 'medication', 'incident')`),
    )
    // What the entry says (shared/api/day-log.ts LogDetailSchema) as JSON text.
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('recorded_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    // Names at the time, so the record still says who when the account is gone.
    .addColumn('recorded_by_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('recorded_at', 'varchar(40)', (c) => c.notNull())
    // Incidents: the guardian who acknowledged and when (once).
    .addColumn('acknowledged_at', 'varchar(40)')
    .addColumn('acknowledged_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('acknowledged_by_name', 'varchar(200)')
    .execute();
  // A child's day, in time order.
  await db.schema
    .createIndex('log_entry_student_day')
    .on('log_entry')
    .columns(['student_id', 'day', 'time'])
    .execute();
  // A class's log of a day.
  await db.schema
    .createIndex('log_entry_class_day')
    .on('log_entry')
    .columns(['class_id', 'day', 'time'])
    .execute();
  // Incidents no guardian has acknowledged (the parents' count).
  await db.schema
    .createIndex('log_entry_unacknowledged')
    .on('log_entry')
    .columns(['student_id'])
    .where(sql.ref('kind'), '=', 'incident')
    .where(sql.ref('acknowledged_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('day_summary_run')
    .addColumn('day', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('claimed_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('sent', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await rewriteCareDocuments(db, (medical) => {
    const text = typeof medical.medication === 'string' ? medical.medication : '';
    delete medical.medication;
    medical.medications = medicationsFromText(text);
  });
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  await rewriteCareDocuments(db, (medical) => {
    const list = Array.isArray(medical.medications) ? medical.medications : [];
    delete medical.medications;
    medical.medication = medicationsToText(list as { name: string; dose: string }[]).slice(0, 1000);
  });
  await db.schema.dropTable('day_summary_run').execute();
  await db.schema.dropTable('log_entry').execute();
}
