import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { bumpDataVersion } from '../../lib/data-version.js';
import { nameKeyOf } from './name-key.js';

/**
 * The school's lists: classes, subjects and time slots. Every school user reads them as they are;
 * the principal sets them up. Names (labels of time slots) are unique without regard to case, under
 * their `name_key` (name-key.ts).
 */

export const listClasses = (db: Db) =>
  db.selectFrom('school_class').select(['id', 'name']).orderBy('id').execute();

export const listSubjects = (db: Db) =>
  db.selectFrom('subject').select(['id', 'name']).orderBy('id').execute();

export const listTimeSlots = (db: Db) =>
  db.selectFrom('time_slot').select(['id', 'label']).orderBy('position').orderBy('id').execute();

/** The lists whose rows have a name (`name`, or `label` for a time slot) and a `name_key`. */
export type CatalogTable = 'school_class' | 'subject' | 'time_slot';
/** The two lists whose rows are a name and nothing else. */
export type NameTable = 'school_class' | 'subject';

/** Whether another row of the table (than `exceptId`) has that name, whatever its case. */
export async function nameIsTaken(
  db: Db,
  table: CatalogTable,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  let query = db.selectFrom(table).select('id').where('name_key', '=', nameKeyOf(name));
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export const insertNamed = (db: Db, table: NameTable, name: string) =>
  db
    .insertInto(table)
    .values({ name, name_key: nameKeyOf(name) })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();

/**
 * Renames the row; undefined when there is none with that id. A class's name is part of the fee
 * ledger's kept term overview, so renaming a class raises the ledger's data version too (in the
 * caller's transaction, catalog.service.ts's writeName).
 */
export async function renameNamed(trx: Db, table: NameTable, id: number, name: string) {
  const row = await trx
    .updateTable(table)
    .set({ name, name_key: nameKeyOf(name) })
    .where('id', '=', id)
    .returning(['id', 'name'])
    .executeTakeFirst();
  if (row && table === 'school_class') {
    await bumpDataVersion(trx, 'ledger');
    // Book A Seat offers the classes by name (docs/decisions/0101-seats-that-mean-something.md).
    await bumpDataVersion(trx, 'content');
  }
  return row;
}

/** Adds a time slot; without a position, after the last one. */
export async function insertTimeSlot(db: Db, label: string, position: number | undefined) {
  const last = await db
    .selectFrom('time_slot')
    .select((eb) => eb.fn.max('position').as('max'))
    .executeTakeFirst();
  return db
    .insertInto('time_slot')
    .values({ label, name_key: nameKeyOf(label), position: position ?? Number(last?.max ?? -1) + 1 })
    .returning(['id', 'label', 'position'])
    .executeTakeFirstOrThrow();
}

/** Changes the label (and the position when given); undefined when there is no such time slot. */
export const updateTimeSlot = (db: Db, id: number, label: string, position: number | undefined) =>
  db
    .updateTable('time_slot')
    .set({ label, name_key: nameKeyOf(label), ...(position !== undefined && { position }) })
    .where('id', '=', id)
    .returning(['id', 'label', 'position'])
    .executeTakeFirst();

/** The tables whose rows keep a class, subject or time slot in use, with how to say so. */
const USES: Record<CatalogTable, { table: string; column: string; what: string }[]> = {
  school_class: [
    { table: 'enrolment', column: 'class_id', what: 'enrolments' },
    { table: 'class_assignment', column: 'class_id', what: 'timetable assignments' },
    { table: 'exam', column: 'class_id', what: 'exams' },
    { table: 'mark', column: 'class_id', what: 'marks' },
    { table: 'attendance', column: 'class_id', what: 'attendance records' },
    { table: 'fee_plan', column: 'class_id', what: 'fee plans' },
  ],
  subject: [
    { table: 'class_assignment', column: 'subject_id', what: 'timetable assignments' },
    { table: 'exam', column: 'subject_id', what: 'exams' },
    { table: 'mark', column: 'subject_id', what: 'marks' },
  ],
  time_slot: [{ table: 'class_assignment', column: 'time_slot_id', what: 'timetable assignments' }],
};

/** What still refers to the row (e.g. `exams`, `marks`); empty when nothing does. */
export async function usesOf(db: Db, table: CatalogTable, id: number): Promise<string[]> {
  const inUse: string[] = [];
  for (const use of USES[table]) {
    const found = await sql<{
      one: number;
    }>`select 1 as one from ${sql.table(use.table)} where ${sql.ref(use.column)} = ${id} limit 1`.execute(db);
    if (found.rows.length > 0) inUse.push(use.what);
  }
  return inUse;
}

/** Whether the table has a row with that id. */
export async function catalogRowExists(db: Db, table: CatalogTable, id: number): Promise<boolean> {
  return (await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function deleteCatalogRow(db: Db, table: CatalogTable, id: number): Promise<void> {
  await db.deleteFrom(table).where('id', '=', id).execute();
  // A class card may name the class (docs/decisions/0101-seats-that-mean-something.md).
  if (table === 'school_class') await bumpDataVersion(db, 'content');
}

/**
 * Of the class names (as the pupil import has them), those that name a class, with its id: the
 * names compared by their name key, so "class 1" finds "Class 1".
 */
export async function classIdsByName(db: Db, names: readonly string[]): Promise<Map<string, number>> {
  const byKey = new Map(
    (await db.selectFrom('school_class').select(['id', 'name_key']).execute()).map((c) => [c.name_key, c.id]),
  );
  const found = new Map<string, number>();
  for (const name of names) {
    const id = byKey.get(nameKeyOf(name));
    if (id !== undefined) found.set(name, id);
  }
  return found;
}
