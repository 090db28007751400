import { photoConsentsOf } from '../../../shared/api/consents.js';
import { CARE_ERROR_CODES } from '../../../shared/api/error-codes.js';
import {
  type CareDetails,
  type CareSaveBody,
  type CheckinBody,
  type CheckinRow,
  EMPTY_CARE_DETAILS,
  FAMILY_MESSAGES,
} from '../../../shared/api/family.js';
import { careChanges } from '../../../shared/rules/care-changes.js';
import type { Db } from '../../db/connect.js';
import { isPostgres } from '../../db/engine.js';
import { conflict, invalid } from '../../lib/errors.js';
import type { SessionUser } from '../auth/session.js';
import { consentsOf, recordChildConsents } from '../consents/consents.repository.js';
import { announcedCollector } from '../conversations/conversations.repository.js';
import type { CarePupil } from './care.policy.js';
import {
  findCareRecord,
  guardiansOf,
  insertCareChange,
  insertCheckin,
  lastKindOf,
  saveCareRecord,
} from './care.repository.js';

/**
 * The rules of the care details and the day's register (docs/decisions/0021-families.md, "Care
 * details and the register"): what a saved change records, and who may collect a child.
 */

export const CHECKIN_ERRORS = {
  alreadyIn: CARE_ERROR_CODES.alreadyIn,
  notIn: CARE_ERROR_CODES.notIn,
  unknownCollector: CARE_ERROR_CODES.unknownCollector,
  notInAClass: CARE_ERROR_CODES.notInAClass,
} as const;

type Who = Pick<SessionUser, 'id' | 'name'>;

// ---------------------------------------------------------------- history

// What a save changed is a shared rule: the enrolment writes a child's first history row with it too.
export { careChanges };

/**
 * Saves the whole document and, when anything changed, one history entry with the differences and
 * a ledger entry for each consent changed; all or nothing. Answers whether anything changed.
 */
export async function saveCare(
  db: Db,
  pupil: CarePupil,
  body: CareSaveBody,
  by: Who,
  at: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockPupil(trx, pupil.id);
    // The consents are the ledger's, with care details saved or not (a child may have consents first).
    const before = {
      ...((await findCareRecord(trx, pupil.id))?.details ?? EMPTY_CARE_DETAILS),
      photoConsent: photoConsentsOf(await consentsOf(trx, pupil.id)),
    };
    // Consents left out stay as the ledger has them.
    const details: CareDetails = { ...body, photoConsent: body.photoConsent ?? before.photoConsent };
    const changes = careChanges(before, details);
    if (changes.length === 0) return false;
    await saveCareRecord(trx, { studentId: pupil.id, details, at, by: by.id });
    await insertCareChange(trx, { studentId: pupil.id, by, at, changes });
    // Each consent changed is an entry of the ledger (docs/decisions/0111-consent-as-a-ledger.md);
    // a changed website consent makes the gallery's kept answers afresh.
    await recordChildConsents(trx, {
      studentId: pupil.id,
      wanted: details.photoConsent,
      by: { id: by.id, name: by.name },
      how: 'app',
      at,
    });
    return true;
  });
}

/**
 * Serialises the writes about one pupil (care details, check-ins) on PostgreSQL, whose concurrent
 * transactions would otherwise both read "not checked in" and both write. SQLite runs one write
 * transaction at a time already.
 */
async function lockPupil(trx: Db, studentId: number): Promise<void> {
  if (!isPostgres(trx)) return;
  await trx.selectFrom('app_user').select('id').where('id', '=', studentId).forUpdate().execute();
}

// ---------------------------------------------------------------- the register

/** A name as people write it: case, accents' composition and spacing do not matter. */
export const nameKey = (name: string): string =>
  name.normalize('NFKC').toLocaleLowerCase('en').replace(/\s+/g, ' ').trim();

/** Whether `collector` is one of the child's guardians or authorised pick-ups. */
export async function isKnownCollector(db: Db, studentId: number, collector: string): Promise<boolean> {
  const key = nameKey(collector);
  // One after the other: inside a transaction both go through its one connection anyway.
  const guardians = await guardiansOf(db, studentId);
  const care = await findCareRecord(db, studentId);
  const names = [...guardians.map((g) => g.name), ...(care?.details.pickups ?? []).map((p) => p.name)];
  return names.some((name) => nameKey(name) === key);
}

/**
 * Records an arrival or a departure at `at` on the school day `day`. Refused (409) when the child
 * is already in (an arrival) or not in (a departure), and when the collector is on neither list
 * and no reason is written.
 */
export async function recordCheckin(
  db: Db,
  pupil: CarePupil,
  body: CheckinBody,
  by: Who,
  when: { at: string; day: string },
): Promise<CheckinRow> {
  const collectedBy = body.collectedBy ?? '';
  const reason = body.reason ?? '';
  if (body.kind === 'in' && (collectedBy !== '' || reason !== '')) {
    const message = 'Only a check-out names who collected the child and why';
    const field = collectedBy !== '' ? 'collectedBy' : 'reason';
    throw invalid(`${field}: ${message}`, [{ field, message }]);
  }
  if (body.kind === 'out' && collectedBy === '') {
    throw invalid(`collectedBy: ${FAMILY_MESSAGES.collectorNeeded}`, [
      { field: 'collectedBy', message: FAMILY_MESSAGES.collectorNeeded },
    ]);
  }
  if (pupil.classId === null) throw conflict(CHECKIN_ERRORS.notInAClass, FAMILY_MESSAGES.notInAClass);
  const classId = pupil.classId;
  return db.transaction().execute(async (trx) => {
    await lockPupil(trx, pupil.id);
    const last = await lastKindOf(trx, pupil.id, when.day);
    if (body.kind === 'in') {
      if (last === 'in') throw conflict(CHECKIN_ERRORS.alreadyIn, FAMILY_MESSAGES.alreadyIn);
      return insertCheckin(trx, {
        studentId: pupil.id,
        classId,
        day: when.day,
        kind: 'in',
        at: when.at,
        by,
        collectedBy: null,
        collectorKnown: null,
        reason: null,
      });
    }
    if (last !== 'in') throw conflict(CHECKIN_ERRORS.notIn, FAMILY_MESSAGES.notIn);
    const onList = await isKnownCollector(trx, pupil.id, collectedBy);
    // Someone the family named for today in the child's conversation (decision 0080) is known too.
    const announcedBy = onList ? undefined : await announcedCollector(trx, pupil.id, when.day, collectedBy);
    const known = onList || announcedBy !== undefined;
    if (!known && reason === '') {
      throw conflict(CHECKIN_ERRORS.unknownCollector, FAMILY_MESSAGES.collectorNotOnList, [
        { field: 'reason', message: FAMILY_MESSAGES.reasonNeeded },
      ]);
    }
    return insertCheckin(trx, {
      studentId: pupil.id,
      classId,
      day: when.day,
      kind: 'out',
      at: when.at,
      by,
      collectedBy,
      collectorKnown: known,
      // A reason is kept only where it explains something: a collector not on the lists.
      reason: known ? null : reason,
      collectorMessageId: announcedBy ?? null,
    });
  });
}
