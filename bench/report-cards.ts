import type { Db } from '../src/server/db/connect.js';
import { publishClassCards } from '../src/server/features/report-cards/report-cards.service.js';
import { USER_TYPE } from '../src/shared/constants.js';
import { nameKeyOf } from '../src/shared/rules/school-year.js';

/**
 * The large school's report cards (docs/decisions/0090-report-cards.md): a year with one term over
 * every day of its attendance (so a card counts a whole year of registers, the most a term could
 * hold), and the cards of one class published, so a pupil's card is read from its snapshot.
 */
export async function seedReportCards(db: Db, publishedClassId: number): Promise<{ termId: number }> {
  const range = await db
    .selectFrom('attendance')
    .select((eb) => [eb.fn.min('att_date').as('first'), eb.fn.max('att_date').as('last')])
    .executeTakeFirstOrThrow();
  const at = new Date().toISOString();
  const hasCurrent = await db
    .selectFrom('school_year')
    .select('id')
    .where('is_current', '=', 1)
    .executeTakeFirst();
  const year = await db
    .insertInto('school_year')
    .values({
      name: 'Bench year',
      name_key: nameKeyOf('Bench year'),
      first_day: String(range.first),
      last_day: String(range.last),
      is_current: hasCurrent ? 0 : 1,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const term = await db
    .insertInto('school_term')
    .values({
      year_id: year.id,
      name: 'Bench term',
      name_key: nameKeyOf('Bench term'),
      first_day: String(range.first),
      last_day: String(range.last),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const principal = await db
    .selectFrom('app_user')
    .select('id')
    .where('type', '=', USER_TYPE.principal)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await publishClassCards(
    db,
    { id: principal.id, type: USER_TYPE.principal },
    { classId: publishedClassId, termId: term.id },
    at,
  );
  return { termId: term.id };
}
