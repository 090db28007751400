import {
  ADMISSIONS_MESSAGES,
  type AdmissionSeats,
  type ClassSeatsAnswer,
  type ClassSeatsInput,
} from '../../../shared/api/admissions.js';
import { admissionsYearOf } from '../../../shared/rules/free-seats.js';
import type { Db } from '../../db/connect.js';
import { invalid, notFound } from '../../lib/errors.js';
import { listContentRecords } from '../content/content.repository.js';
import {
  admissionsYear,
  classSeats,
  existingClasses,
  findSeatsYear,
  writeClassSeats,
  type YearRow,
  years,
} from './admissions.repository.js';

/** Seats (docs/decisions/0101-seats-that-mean-something.md): the principal's screen and the public answer. */

const M = ADMISSIONS_MESSAGES;

const yearFacts = (year: YearRow) => ({
  id: year.id,
  name: year.name,
  firstDay: year.firstDay,
  lastDay: year.lastDay,
});

/** Every class's seats in `yearId` (404 for no such year), by default in the admissions year. */
export async function seatsOfYear(db: Db, yearId?: number): Promise<ClassSeatsAnswer> {
  const all = await years(db);
  const admissions = admissionsYearOf(all);
  const year = yearId === undefined ? admissions : all.find((row) => row.id === yearId);
  if (yearId !== undefined && !year) throw notFound('That school year');
  return {
    year: year ? yearFacts(year) : null,
    admissionsYearId: admissions?.id ?? null,
    years: all.map((row) => ({ id: row.id, name: row.name })),
    classes: await classSeats(db, year),
  };
}

/** Saves the listed classes' admissions and seats in one transaction; an unknown class or year changes nothing. */
export async function saveSeats(db: Db, input: ClassSeatsInput): Promise<ClassSeatsAnswer> {
  await db.transaction().execute(async (trx) => {
    if (!(await findSeatsYear(trx, input.yearId)))
      throw invalid(M.chooseYear, [{ field: 'yearId', message: M.chooseYear }]);
    const known = await existingClasses(
      trx,
      input.classes.map((row) => row.classId),
    );
    input.classes.forEach((row, index) => {
      if (!known.has(row.classId))
        throw invalid(M.unknownClass, [{ field: `classes.${index}.classId`, message: M.unknownClass }]);
    });
    for (const row of input.classes) await writeClassSeats(trx, input.yearId, row);
  });
  return seatsOfYear(db, input.yearId);
}

/**
 * The public seats: of the admissions year, each class that takes admissions or that a class card
 * names. Kept by the content version, which every write of what the seats are made of raises.
 */
export async function publicSeats(db: Db): Promise<AdmissionSeats> {
  const year = await admissionsYear(db);
  const named = new Set(
    (await listContentRecords(db, 'kidsclasses')).map((card) => Number(card.classId)).filter((id) => id > 0),
  );
  const classes = (await classSeats(db, year)).filter((row) => row.takesAdmissions || named.has(row.classId));
  return {
    year: year ? { id: year.id, name: year.name } : null,
    classes: classes.map((row) => ({
      classId: row.classId,
      className: row.className,
      takesAdmissions: row.takesAdmissions,
      free: row.free,
    })),
  };
}
