import { nameKeyOf } from '../../shared/rules/school-year.js';
import type { Db } from '../db/connect.js';

/**
 * The demo's school year (docs/decisions/0085-school-years-and-terms.md): the one around today,
 * September to July (a today from August on is in the year starting that September), current, with
 * three terms. The demo's fee plans belong to the first (demo/fees.ts).
 */

export interface DemoTerm {
  id: number;
  name: string;
}

/** The year's terms as [name, first day, last day], for the year starting in September of `start`. */
export function demoTerms(start: number): [string, string, string][] {
  const next = start + 1;
  return [
    [`Autumn ${start}`, `${start}-09-01`, `${start}-12-18`],
    [`Spring ${next}`, `${next}-01-05`, `${next}-03-27`],
    [`Summer ${next}`, `${next}-04-13`, `${next}-07-17`],
  ];
}

/** Writes the year and its terms; `today` is epoch milliseconds of the demo's UTC midnight. Answers the first term. */
export async function writeDemoSchoolYear(trx: Db, today: number, at: string): Promise<DemoTerm> {
  const date = new Date(today);
  const start = date.getUTCMonth() >= 7 ? date.getUTCFullYear() : date.getUTCFullYear() - 1;
  const name = `${start}–${start + 1}`;
  const year = await trx
    .insertInto('school_year')
    .values({
      name,
      name_key: nameKeyOf(name),
      first_day: `${start}-09-01`,
      last_day: `${start + 1}-07-31`,
      is_current: 1,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const terms: DemoTerm[] = [];
  for (const [termName, firstDay, lastDay] of demoTerms(start)) {
    const row = await trx
      .insertInto('school_term')
      .values({
        year_id: year.id,
        name: termName,
        name_key: nameKeyOf(termName),
        first_day: firstDay,
        last_day: lastDay,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    terms.push({ id: row.id, name: termName });
  }
  return terms[0] as DemoTerm;
}
