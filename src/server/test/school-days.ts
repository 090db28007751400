import { firstTermDayFrom, nameKeyOf } from '../../shared/rules/school-year.js';
import type { Db } from '../db/connect.js';

export interface TermDays {
  id: number;
  first_day: string;
  last_day: string;
}

/**
 * The term holding `day`, else the next one: where a test sets an exam, which goes neither in the
 * past nor between terms (docs/decisions/0087-released-marks.md). The demo's terms run from September
 * to mid-July, so on some days none lies ahead (from mid-July while the demo's year has not moved
 * on): then a school year of the test's own is added the September after, with one term.
 */
export async function termFrom(db: Db, day: string): Promise<TermDays> {
  const terms = await db.selectFrom('school_term').select(['id', 'first_day', 'last_day']).execute();
  const ranges = terms.map((t) => ({ ...t, firstDay: t.first_day, lastDay: t.last_day }));
  const first = firstTermDayFrom(ranges, day);
  const found = ranges.find((t) => first !== undefined && t.firstDay <= first && first <= t.lastDay);
  if (found) return { id: found.id, first_day: found.first_day, last_day: found.last_day };
  const start = Number(day.slice(0, 4)) + 1;
  const name = `Test year ${start}`;
  const now = new Date().toISOString();
  const year = await db
    .insertInto('school_year')
    .values({
      name,
      name_key: nameKeyOf(name),
      first_day: `${start}-09-01`,
      last_day: `${start + 1}-07-10`,
      is_current: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const term = { first_day: `${start}-09-01`, last_day: `${start}-12-18` };
  const row = await db
    .insertInto('school_term')
    .values({ year_id: year.id, name: 'Autumn', name_key: nameKeyOf('Autumn'), ...term })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, ...term };
}

/** The first day in a term from `day` on (see termFrom). */
export async function termDayFrom(db: Db, day: string): Promise<string> {
  const term = await termFrom(db, day);
  return term.first_day > day ? term.first_day : day;
}
