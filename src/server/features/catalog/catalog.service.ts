import { CATALOG_ERROR_CODES } from '../../../shared/api/error-codes.js';
import type { Db } from '../../db/connect.js';
import { conflict } from '../../lib/errors.js';
import { isUniqueViolation } from '../users/users.repository.js';
import {
  type CatalogTable,
  catalogRowExists,
  deleteCatalogRow,
  insertNamed,
  insertTimeSlot,
  type NameTable,
  nameIsTaken,
  renameNamed,
  updateTimeSlot,
  usesOf,
} from './catalog.repository.js';

/**
 * The principal's set-up of the school's lists (docs/decisions/0009-running-the-school-year.md): classes, subjects and time slots, names
 * unique without regard to case (409 NAME_TAKEN), no delete while anything refers to them (409
 * IN_USE).
 */

const NAME_COLUMN = { school_class: 'name', subject: 'name', time_slot: 'label' } as const;
const WHAT = { school_class: 'class', subject: 'subject', time_slot: 'time slot' } as const;

const nameTaken = (table: CatalogTable, name: string) =>
  conflict(CATALOG_ERROR_CODES.nameTaken, `There is already a ${WHAT[table]} called “${name}”.`, [
    { field: NAME_COLUMN[table], message: 'already taken' },
  ]);

/**
 * Writes a name in one transaction after checking no other row has it (409 NAME_TAKEN); a unique
 * violation (the same name written at the same moment by another request) becomes the same 409.
 */
async function writeName<T>(
  db: Db,
  table: CatalogTable,
  name: string,
  exceptId: number | undefined,
  write: (trx: Db) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction().execute(async (trx) => {
      if (await nameIsTaken(trx, table, name, exceptId)) throw nameTaken(table, name);
      return write(trx);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(table, name);
    throw error;
  }
}

/** Adds a class or subject. */
export const createNamed = (db: Db, table: NameTable, name: string) =>
  writeName(db, table, name, undefined, (trx) => insertNamed(trx, table, name));

/** Renames a class or subject; undefined when there is none with that id. */
export const rename = (db: Db, table: NameTable, id: number, name: string) =>
  writeName(db, table, name, id, (trx) => renameNamed(trx, table, id, name));

export const createTimeSlot = (db: Db, label: string, position: number | undefined) =>
  writeName(db, 'time_slot', label, undefined, (trx) => insertTimeSlot(trx, label, position));

/** Changes a time slot; undefined when there is none with that id. */
export const changeTimeSlot = (db: Db, id: number, label: string, position: number | undefined) =>
  writeName(db, 'time_slot', label, id, (trx) => updateTimeSlot(trx, id, label, position));

/**
 * Deletes a class, subject or time slot: false when there is none with that id, 409 `IN_USE`
 * (naming what still refers to it) while anything does.
 */
export async function deleteFromCatalog(db: Db, table: CatalogTable, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await catalogRowExists(trx, table, id))) return false;
    const inUse = await usesOf(trx, table, id);
    if (inUse.length > 0) {
      throw conflict(
        CATALOG_ERROR_CODES.inUse,
        `This ${WHAT[table]} cannot be deleted while it has ${inUse.join(', ')}. Remove or move those first.`,
        inUse.map((what) => ({ field: 'id', message: `still has ${what}` })),
      );
    }
    await deleteCatalogRow(trx, table, id);
    return true;
  });
}
