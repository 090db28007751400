import type { Kysely } from 'kysely';

/**
 * docs/decisions/0095-past-sight.md: a notice belongs to a school year, and a notice to a class
 * reaches the pupils in the class on the day it was sent. `notification.sent_on` is that day in the
 * school's time zone; `notification.year_id` its year, the current one when it is sent (null only
 * while the school has no year).
 *
 * Existing notices: the day of their `created_at` in the school's time zone; the year holding that
 * day, else the latest year begun before it (a notice of the summer belongs to the year just ended),
 * else the earliest year. Which year was current when a notice was sent was not kept, so its day
 * decides here.
 */

const DAY_PARTS: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };

/** The day of an ISO instant in the zone (`YYYY-MM-DD`); the UTC day for a zone the runtime lacks. */
function dayIn(instant: string, timeZone: string): string {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-CA', { ...DAY_PARTS, timeZone });
  } catch {
    format = new Intl.DateTimeFormat('en-CA', { ...DAY_PARTS, timeZone: 'UTC' });
  }
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant.slice(0, 10);
  const parts = format.formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

interface Year {
  id: number;
  first_day: string;
  last_day: string;
}

/** The year a notice sent on `day` belongs to, as the record above says; null with no years. */
function yearOfDay(years: readonly Year[], day: string): number | null {
  const holding = years.find((year) => year.first_day <= day && day <= year.last_day);
  if (holding) return holding.id;
  const begun = years.filter((year) => year.first_day <= day).at(-1);
  return (begun ?? years[0])?.id ?? null;
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('notification')
    .addColumn('year_id', 'integer', (c) => c.references('school_year.id').onDelete('set null'))
    .execute();
  // Filled below for every existing row; the default only lets the column be added to a full table.
  await db.schema
    .alterTable('notification')
    .addColumn('sent_on', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('notification_year')
    .on('notification')
    .columns(['year_id', 'created_at'])
    .execute();

  const settings = await db.selectFrom('school_settings').select('time_zone').executeTakeFirst();
  const timeZone: string = settings?.time_zone || 'UTC';
  const years: Year[] = await db
    .selectFrom('school_year')
    .select(['id', 'first_day', 'last_day'])
    .orderBy('first_day')
    .execute();
  const notices: { id: number; created_at: string }[] = await db
    .selectFrom('notification')
    .select(['id', 'created_at'])
    .execute();
  // One update per day and year, not per notice.
  const groups = new Map<string, { day: string; yearId: number | null; ids: number[] }>();
  for (const notice of notices) {
    const day = dayIn(notice.created_at, timeZone);
    const yearId = yearOfDay(years, day);
    const key = `${day}:${yearId}`;
    const group = groups.get(key) ?? { day, yearId, ids: [] };
    group.ids.push(notice.id);
    groups.set(key, group);
  }
  for (const group of groups.values()) {
    for (let at = 0; at < group.ids.length; at += 500) {
      await db
        .updateTable('notification')
        .set({ sent_on: group.day, year_id: group.yearId })
        .where('id', 'in', group.ids.slice(at, at + 500))
        .execute();
    }
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('notification_year').execute();
  await db.schema.alterTable('notification').dropColumn('sent_on').execute();
  await db.schema.alterTable('notification').dropColumn('year_id').execute();
}
