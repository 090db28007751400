import crypto from 'node:crypto';
import type { Db } from '../src/server/db/connect.js';
import { nowIso } from '../src/server/lib/time.js';

/**
 * The large school's year (docs/decisions/0085-school-years-and-terms.md, 0086-the-school-calendar.md):
 * a current year over its days of attendance and two months on, cut into three terms, and a calendar
 * as a busy school keeps one: a closure or event for everyone every week, and three events a term for
 * each class.
 */

const BATCH = 500;

function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function daysBetween(first: string, last: string): number {
  return Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000);
}

export interface SeededYear {
  yearId: number;
  termIds: number[];
  entries: number;
}

/**
 * Seeds the year (from `firstDay`, the first day of attendance, to `lastDay`) unless one is current,
 * and the calendar over the current year.
 */
export async function seedLargeYear(db: Db, firstDay: string, lastDay: string): Promise<SeededYear> {
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    // The demo school the large one grows from may have its year already: keep it and its terms.
    const current = await trx
      .selectFrom('school_year')
      .select(['id', 'first_day', 'last_day'])
      .where('is_current', '=', 1)
      .executeTakeFirst();
    let yearId: number;
    let terms: { id: number; first_day: string }[];
    if (current) {
      yearId = current.id;
      firstDay = current.first_day;
      lastDay = current.last_day;
      terms = await trx
        .selectFrom('school_term')
        .select(['id', 'first_day'])
        .where('year_id', '=', yearId)
        .orderBy('first_day')
        .execute();
    } else {
      ({ id: yearId } = await trx
        .insertInto('school_year')
        .values({
          name: 'Bench year',
          name_key: 'bench year',
          first_day: firstDay,
          last_day: lastDay,
          is_current: 1,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow());
      const termLength = Math.floor(daysBetween(firstDay, lastDay) / 3);
      terms = await trx
        .insertInto('school_term')
        .values(
          [0, 1, 2].map((t) => ({
            year_id: yearId,
            name: `Term ${t + 1}`,
            name_key: `term ${t + 1}`,
            first_day: shiftDay(firstDay, t * termLength),
            last_day: t === 2 ? lastDay : shiftDay(firstDay, (t + 1) * termLength - 1),
            created_at: now,
            updated_at: now,
          })),
        )
        .returning(['id', 'first_day'])
        .execute();
    }
    const termIds = terms.map((term) => term.id);

    const classes = await trx.selectFrom('school_class').select('id').orderBy('id').execute();
    const entry = (title: string, day: string, kind: 'closure' | 'event', audience: string) => ({
      uid: `${crypto.randomUUID()}@schoolyard`,
      sequence: 0,
      kind,
      title,
      description: kind === 'event' ? `${title}: bring a packed lunch and a water bottle.` : '',
      place: kind === 'event' ? 'Main hall' : '',
      start_day: day,
      end_day: day,
      start_time: kind === 'event' ? '14:00' : null,
      end_time: kind === 'event' ? '15:30' : null,
      audience,
      families_invited: kind === 'event' ? 1 : 0,
      on_public_feed: audience === 'everyone' ? 1 : 0,
      cancelled_at: null,
      created_by: null,
      created_at: now,
      updated_at: now,
    });
    const schoolWide = [];
    for (let day = firstDay, week = 0; day <= lastDay; day = shiftDay(day, 7), week += 1)
      schoolWide.push(
        entry(
          week % 4 === 0 ? `Closure ${week}` : `Assembly ${week}`,
          day,
          week % 4 === 0 ? 'closure' : 'event',
          'everyone',
        ),
      );
    await trx.insertInto('calendar_entry').values(schoolWide).execute();

    const perClass = classes.flatMap((c) =>
      terms.flatMap((term, t) =>
        [0, 1, 2].map((k) => ({
          classId: c.id,
          row: entry(
            `Class outing ${t + 1}.${k + 1}`,
            shiftDay(term.first_day, 10 + k * 20),
            'event',
            'classes',
          ),
        })),
      ),
    );
    for (let start = 0; start < perClass.length; start += BATCH) {
      const batch = perClass.slice(start, start + BATCH);
      const ids = await trx
        .insertInto('calendar_entry')
        .values(batch.map((item) => item.row))
        .returning('id')
        .execute();
      await trx
        .insertInto('calendar_entry_class')
        .values(batch.map((item, i) => ({ entry_id: ids[i]?.id ?? 0, class_id: item.classId })))
        .execute();
    }
    return { yearId, termIds, entries: schoolWide.length + perClass.length };
  });
}
