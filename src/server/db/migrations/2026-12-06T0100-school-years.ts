import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { isPostgres } from '../engine.js';

/**
 * docs/decisions/0085-school-years-and-terms.md: the school's years (exactly one current once any
 * exists: a unique index over the current mark only) and their terms, and each fee plan's term.
 *
 * The fee plans written before knew their term only as free text. Each distinct text becomes a term
 * of one school year made for them, so nothing is lost: a term runs from its plans' earliest due
 * date to their latest; terms are taken in order of their earliest due date (then name), and one
 * that would meet the term before it starts the day after that one's last day (and ends no earlier
 * than it starts). The year runs from its first term's first day to its last term's last day, is
 * named after the calendar years it spans ("2026" or "2026–2027") and is the current one. The
 * plans keep their text, which from now on is their term's name.
 */

function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

const DAY_MS = 86_400_000;
const nextDay = (day: string): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
const nameKeyOf = (name: string): string => name.trim().normalize('NFC').toLowerCase();

interface TermSpan {
  name: string;
  firstDay: string;
  lastDay: string;
}

/** The terms for the free-text terms of the fee plans (the rule above), in order. */
export function termsFromPlans(plans: readonly { term: string; due_date: string }[]): TermSpan[] {
  const spans = new Map<string, TermSpan>();
  for (const plan of plans) {
    // Names are unique without regard to case; the first spelling met names the term.
    const key = nameKeyOf(plan.term);
    const span = spans.get(key);
    if (!span) spans.set(key, { name: plan.term.trim(), firstDay: plan.due_date, lastDay: plan.due_date });
    else {
      if (plan.due_date < span.firstDay) span.firstDay = plan.due_date;
      if (plan.due_date > span.lastDay) span.lastDay = plan.due_date;
    }
  }
  const ordered = [...spans.values()].sort(
    (a, b) => a.firstDay.localeCompare(b.firstDay) || a.name.localeCompare(b.name),
  );
  let previous: TermSpan | undefined;
  for (const span of ordered) {
    if (previous && span.firstDay <= previous.lastDay) span.firstDay = nextDay(previous.lastDay);
    if (span.lastDay < span.firstDay) span.lastDay = span.firstDay;
    previous = span;
  }
  return ordered;
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('school_year'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('name_key', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('first_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('last_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('is_current', 'integer', (c) => c.notNull().defaultTo(0).check(sql`is_current in (0, 1)`))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .addCheckConstraint('school_year_days', sql`first_day <= last_day`)
    .execute();
  // At most one current year; the service keeps it exactly one once any exists.
  await db.schema
    .createIndex('school_year_one_current')
    .on('school_year')
    .column('is_current')
    .unique()
    .where(sql.ref('is_current'), '=', 1)
    .execute();
  await db.schema
    .createIndex('school_year_days')
    .on('school_year')
    .columns(['first_day', 'last_day'])
    .execute();

  await withId(db, db.schema.createTable('school_term'))
    .addColumn('year_id', 'integer', (c) => c.notNull().references('school_year.id').onDelete('cascade'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('name_key', 'varchar(50)', (c) => c.notNull())
    .addColumn('first_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('last_day', 'varchar(10)', (c) => c.notNull())
    .addCheckConstraint('school_term_days', sql`first_day <= last_day`)
    .addUniqueConstraint('school_term_year_name', ['year_id', 'name_key'])
    .execute();
  await db.schema
    .createIndex('school_term_days')
    .on('school_term')
    .columns(['first_day', 'last_day'])
    .execute();

  // Restrict: a term with fee plans cannot go (nor its year, whose delete would cascade to it).
  await db.schema
    .alterTable('fee_plan')
    .addColumn('term_id', 'integer', (c) => c.references('school_term.id').onDelete('restrict'))
    .execute();
  await db.schema.createIndex('fee_plan_term').on('fee_plan').column('term_id').execute();

  const plans: { id: number; term: string; due_date: string }[] = await db
    .selectFrom('fee_plan')
    .select(['id', 'term', 'due_date'])
    .orderBy('id')
    .execute();
  const terms = termsFromPlans(plans);
  const first = terms[0];
  const last = terms.at(-1);
  if (!first || !last) return;
  const at = new Date().toISOString();
  const [firstYear, lastYear] = [first.firstDay.slice(0, 4), last.lastDay.slice(0, 4)];
  const yearName = firstYear === lastYear ? firstYear : `${firstYear}–${lastYear}`;
  const year = await db
    .insertInto('school_year')
    .values({
      name: yearName,
      name_key: nameKeyOf(yearName),
      first_day: first.firstDay,
      last_day: last.lastDay,
      is_current: 1,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const term of terms) {
    const row = await db
      .insertInto('school_term')
      .values({
        year_id: year.id,
        name: term.name,
        name_key: nameKeyOf(term.name),
        first_day: term.firstDay,
        last_day: term.lastDay,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids = plans.filter((plan) => nameKeyOf(plan.term) === nameKeyOf(term.name)).map((plan) => plan.id);
    await db.updateTable('fee_plan').set({ term_id: row.id }).where('id', 'in', ids).execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('fee_plan_term').execute();
  await db.schema.alterTable('fee_plan').dropColumn('term_id').execute();
  await db.schema.dropTable('school_term').execute();
  await db.schema.dropTable('school_year').execute();
}
