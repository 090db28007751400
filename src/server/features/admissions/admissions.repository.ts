import type { ClassSeats } from '../../../shared/api/admissions.js';
import { admissionsYearOf, freeSeats } from '../../../shared/rules/free-seats.js';
import type { Db } from '../../db/connect.js';
import { bumpDataVersion } from '../../lib/data-version.js';
import { acceptedOffersByClass } from './cases.repository.js';

/**
 * Seats (docs/decisions/0101-seats-that-mean-something.md): each class's capacity in a school year,
 * whether it takes admissions, and the counts its free seats are made of. `classSeats` is the one
 * query behind every free-seats number (the public cards, Book A Seat, the principal's screens);
 * shared/rules/free-seats.ts does the arithmetic.
 */

export interface YearRow {
  id: number;
  name: string;
  firstDay: string;
  lastDay: string;
  current: boolean;
}

/** Every school year, the latest first. */
export async function years(db: Db): Promise<YearRow[]> {
  const rows = await db
    .selectFrom('school_year')
    .select(['id', 'name', 'first_day', 'last_day', 'is_current'])
    .orderBy('first_day', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    firstDay: row.first_day,
    lastDay: row.last_day,
    current: Number(row.is_current) === 1,
  }));
}

/** The year families book seats for (shared/rules/free-seats.ts admissionsYearOf); undefined without a current year. */
export async function admissionsYear(db: Db): Promise<YearRow | undefined> {
  return admissionsYearOf(await years(db));
}

export async function findSeatsYear(db: Db, id: number): Promise<YearRow | undefined> {
  return (await years(db)).find((year) => year.id === id);
}

const countsOf = (rows: readonly { class_id: number | null; pupils: number | string | bigint }[]) => {
  const counts = new Map<number, number>();
  for (const row of rows)
    if (row.class_id !== null)
      counts.set(Number(row.class_id), (counts.get(Number(row.class_id)) ?? 0) + Number(row.pupils));
  return counts;
};

/**
 * The pupils in each class in `year`: for the current year its current pupils; for a year after
 * the current one, the pupils the rollover would move into it (features/rollover planRollover:
 * each current pupil goes to their class's next class) and those enrolled to start after the
 * current year; for a past year, those enrolled at any time during it.
 */
async function enrolledCounts(
  db: Db,
  year: YearRow,
  current: YearRow | undefined,
  classId?: number,
): Promise<Map<number, number>> {
  if (current && year.firstDay > current.lastDay) {
    const movingIn = await db
      .selectFrom('enrolment')
      .innerJoin('class_progression', 'class_progression.class_id', 'enrolment.class_id')
      .select(['class_progression.next_class_id as class_id', (eb) => eb.fn.countAll<number>().as('pupils')])
      .where('enrolment.ended_on', 'is', null)
      .where('enrolment.started_on', '<=', current.lastDay)
      .where('class_progression.next_class_id', 'is not', null)
      .$if(classId !== undefined, (query) =>
        query.where('class_progression.next_class_id', '=', classId ?? 0),
      )
      .groupBy('class_progression.next_class_id')
      .execute();
    const starting = await db
      .selectFrom('enrolment')
      .select(['class_id', (eb) => eb.fn.countAll<number>().as('pupils')])
      .where('ended_on', 'is', null)
      .where('started_on', '>', current.lastDay)
      .where('started_on', '<=', year.lastDay)
      .$if(classId !== undefined, (query) => query.where('class_id', '=', classId ?? 0))
      .groupBy('class_id')
      .execute();
    return countsOf([...movingIn, ...starting]);
  }
  if (!current || year.id === current.id) {
    const rows = await db
      .selectFrom('enrolment')
      .select(['class_id', (eb) => eb.fn.countAll<number>().as('pupils')])
      .where('ended_on', 'is', null)
      .where('started_on', '<=', year.lastDay)
      .$if(classId !== undefined, (query) => query.where('class_id', '=', classId ?? 0))
      .groupBy('class_id')
      .execute();
    return countsOf(rows);
  }
  const rows = await db
    .selectFrom('enrolment')
    .select(['class_id', (eb) => eb.fn.count<number>('student_id').distinct().as('pupils')])
    .where('started_on', '<=', year.lastDay)
    .where((eb) => eb.or([eb('ended_on', 'is', null), eb('ended_on', '>=', year.firstDay)]))
    .$if(classId !== undefined, (query) => query.where('class_id', '=', classId ?? 0))
    .groupBy('class_id')
    .execute();
  return countsOf(rows);
}

/**
 * Every class with its seats in `year` (or, without a year, its name and flag only), by name;
 * with `classId`, that class only (the board's).
 */
export async function classSeats(db: Db, year: YearRow | undefined, classId?: number): Promise<ClassSeats[]> {
  const classes = await db
    .selectFrom('school_class')
    .select(['id', 'name', 'takes_admissions'])
    .$if(classId !== undefined, (query) => query.where('id', '=', classId ?? 0))
    .orderBy('name_key')
    .orderBy('id')
    .execute();
  if (!year)
    return classes.map((row) => ({
      classId: row.id,
      className: row.name,
      takesAdmissions: Number(row.takes_admissions) === 1,
      capacity: null,
      enrolled: 0,
      acceptedOffers: 0,
      free: null,
    }));
  const current = (await years(db)).find((row) => row.current);
  const [capacities, enrolled, accepted] = await Promise.all([
    db
      .selectFrom('class_capacity')
      .select(['class_id', 'seats'])
      .where('year_id', '=', year.id)
      .$if(classId !== undefined, (query) => query.where('class_id', '=', classId ?? 0))
      .execute(),
    enrolledCounts(db, year, current, classId),
    acceptedOffersByClass(db, year.id),
  ]);
  const capacityOf = new Map(capacities.map((row) => [row.class_id, Number(row.seats)]));
  return classes.map((row) => {
    const counts = {
      capacity: capacityOf.get(row.id) ?? null,
      enrolled: enrolled.get(row.id) ?? 0,
      acceptedOffers: accepted.get(row.id) ?? 0,
    };
    return {
      classId: row.id,
      className: row.name,
      takesAdmissions: Number(row.takes_admissions) === 1,
      ...counts,
      free: freeSeats(counts),
    };
  });
}

/** Of `ids`, the classes that exist. */
export async function existingClasses(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('school_class').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * Sets a class's admissions flag and its seats in the year (null: none). Raises the content version:
 * the public cards and Book A Seat show the seats.
 */
export async function writeClassSeats(
  trx: Db,
  yearId: number,
  row: { classId: number; takesAdmissions: boolean; seats: number | null },
): Promise<void> {
  await trx
    .updateTable('school_class')
    .set({ takes_admissions: row.takesAdmissions ? 1 : 0 })
    .where('id', '=', row.classId)
    .execute();
  if (row.seats === null) {
    await trx
      .deleteFrom('class_capacity')
      .where('class_id', '=', row.classId)
      .where('year_id', '=', yearId)
      .execute();
  } else {
    await trx
      .insertInto('class_capacity')
      .values({ class_id: row.classId, year_id: yearId, seats: row.seats })
      .onConflict((conflict) =>
        conflict.columns(['class_id', 'year_id']).doUpdateSet({ seats: row.seats ?? 0 }),
      )
      .execute();
  }
  await bumpDataVersion(trx, 'content');
}

/**
 * A class card was linked to `classId` (features/content): its Total Seats become the class's
 * capacity for the admissions year when the class has none there yet. Says whether it set one.
 */
export async function setCapacityIfNone(trx: Db, classId: number, seats: number): Promise<boolean> {
  const year = await admissionsYear(trx);
  if (!year) return false;
  const known = await existingClasses(trx, [classId]);
  if (!known.has(classId)) return false;
  const inserted = await trx
    .insertInto('class_capacity')
    .values({ class_id: classId, year_id: year.id, seats })
    .onConflict((conflict) => conflict.columns(['class_id', 'year_id']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}
