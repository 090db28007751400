import { sql } from 'kysely';
import { photoConsentsOf } from '../../../shared/api/consents.js';
import {
  type CareDetails,
  CareDetailsSchema,
  type CheckinKind,
  type CheckinRow,
  EMPTY_CARE_DETAILS,
  RELATIONSHIPS,
  type RegisterRow,
  type Relationship,
} from '../../../shared/api/family.js';
import { USER_TYPE } from '../../../shared/constants.js';
import type { AnyLocale } from '../../../shared/i18n/locales.js';
import { sortByName } from '../../../shared/i18n/name-order.js';
import type { Db } from '../../db/connect.js';
import type { CheckinTable } from '../../db/database.js';
import { consentsOf } from '../consents/consents.repository.js';
import { classVisible, type Viewer } from '../school/school.policy.js';

/**
 * Reads and writes of care_record, care_change and checkin (docs/decisions/0021-families.md).
 * Functions take the database or a transaction first and answer rows or `undefined`; the rows are
 * mapped to the shapes of src/shared/api/family.ts here and nowhere else.
 */

/** A stored document; one that no longer reads (it never should) counts as none. */
export function parseDocument(text: string): CareDetails {
  try {
    const parsed = CareDetailsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : EMPTY_CARE_DETAILS;
  } catch {
    return EMPTY_CARE_DETAILS;
  }
}

export interface StoredCare {
  details: CareDetails;
  updatedAt: string;
  updatedBy: string | null;
}

export async function findCareRecord(db: Db, studentId: number): Promise<StoredCare | undefined> {
  const row = await db
    .selectFrom('care_record as r')
    .leftJoin('app_user as u', 'u.id', 'r.updated_by')
    .select(['r.document', 'r.updated_at', 'u.name as updatedBy'])
    .where('r.student_id', '=', studentId)
    .executeTakeFirst();
  if (!row) return undefined;
  // The consents are the ledger's latest entries, whatever the saved document says.
  const details = {
    ...parseDocument(row.document),
    photoConsent: photoConsentsOf(await consentsOf(db, studentId)),
  };
  return { details, updatedAt: row.updated_at, updatedBy: row.updatedBy };
}

/** How many care documents one read of pickupPhotosInUse takes. */
const DOCUMENT_PAGE = 500;

/**
 * The photos a stored document names, read leniently: a document that no longer passes the schema
 * (it never should) still keeps its photos from being removed.
 */
function photosNamedIn(document: string): string[] {
  try {
    const pickups = (JSON.parse(document) as { pickups?: unknown }).pickups;
    if (!Array.isArray(pickups)) return [];
    return pickups.flatMap((pickup: unknown) => {
      const photo = (pickup as { photo?: unknown } | null)?.photo;
      return typeof photo === 'string' ? [photo] : [];
    });
  } catch {
    return [];
  }
}

/** Every pick-up photo a saved care document names, of every child (the photos still in use). */
export async function pickupPhotosInUse(db: Db): Promise<Set<string>> {
  const inUse = new Set<string>();
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('care_record')
      .select(['student_id', 'document'])
      .where('student_id', '>', after)
      .orderBy('student_id')
      .limit(DOCUMENT_PAGE)
      .execute();
    for (const row of rows) for (const photo of photosNamedIn(row.document)) inUse.add(photo);
    const last = rows.at(-1);
    if (!last || rows.length < DOCUMENT_PAGE) return inUse;
    after = last.student_id;
  }
}

const asRelationship = (value: string): Relationship =>
  (RELATIONSHIPS as readonly string[]).includes(value) ? (value as Relationship) : 'Other';

/**
 * The child's guardians (index guardian_student), by name in `locale`; in the order they were linked
 * without one (a check of who may collect the child, which reads no order).
 */
export async function guardiansOf(
  db: Db,
  studentId: number,
  locale?: AnyLocale,
): Promise<{ name: string; relationship: Relationship }[]> {
  const rows = await db
    .selectFrom('guardian as g')
    .innerJoin('app_user as u', 'u.id', 'g.parent_id')
    .select(['u.name', 'g.relationship'])
    .where('g.student_id', '=', studentId)
    .orderBy('g.parent_id')
    .execute();
  if (locale) sortByName(rows, locale, (row) => row.name);
  return rows.map((row) => ({ name: row.name, relationship: asRelationship(row.relationship) }));
}

/**
 * Writes the whole document, with its flags, replacing any saved one. Its `photoConsent` is not
 * kept by this: the caller records it in the consent ledger in the same transaction
 * (docs/decisions/0111-consent-as-a-ledger.md), and every read takes it from there.
 */
export async function saveCareRecord(
  db: Db,
  record: { studentId: number; details: CareDetails; at: string; by: number },
): Promise<void> {
  const values = {
    document: JSON.stringify(record.details),
    has_allergy: record.details.medical.allergies.trim() !== '' ? 1 : 0,
    updated_at: record.at,
    updated_by: record.by,
  };
  await db
    .insertInto('care_record')
    .values({ student_id: record.studentId, ...values })
    .onConflict((oc) => oc.column('student_id').doUpdateSet(values))
    .execute();
}

export interface CareChange {
  field: string;
  from: string;
  to: string;
}

export async function insertCareChange(
  db: Db,
  change: { studentId: number; by: { id: number; name: string }; at: string; changes: CareChange[] },
): Promise<void> {
  await db
    .insertInto('care_change')
    .values({
      student_id: change.studentId,
      changed_by: change.by.id,
      changed_by_name: change.by.name,
      changed_at: change.at,
      changes: JSON.stringify(change.changes),
    })
    .execute();
}

/** The saved changes of a child's care details, newest first (index care_change_student). */
export async function careHistory(db: Db, studentId: number) {
  const rows = await db
    .selectFrom('care_change')
    .select(['id', 'changed_at', 'changed_by_name', 'changes'])
    .where('student_id', '=', studentId)
    .orderBy('changed_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    at: row.changed_at,
    by: row.changed_by_name,
    changes: JSON.parse(row.changes) as CareChange[],
  }));
}

// ---------------------------------------------------------------- the register

type CheckinSelect = Pick<
  CheckinTable,
  'student_id' | 'kind' | 'at' | 'day' | 'recorded_by_name' | 'collected_by' | 'collector_known' | 'reason'
> & { id: number };

const CHECKIN_COLUMNS = [
  'checkin.id',
  'checkin.student_id',
  'checkin.kind',
  'checkin.at',
  'checkin.day',
  'checkin.recorded_by_name',
  'checkin.collected_by',
  'checkin.collector_known',
  'checkin.reason',
] as const;

export const toCheckinRow = (row: CheckinSelect): CheckinRow => ({
  id: row.id,
  studentId: row.student_id,
  kind: row.kind,
  at: row.at,
  day: row.day,
  recordedBy: row.recorded_by_name,
  collectedBy: row.collected_by,
  collectorKnown: row.collector_known === null ? null : Number(row.collector_known) === 1,
  reason: row.reason,
});

/** A pupil's arrivals and departures of a day, in order (index checkin_student_day). */
export async function checkinsOf(db: Db, studentId: number, day: string): Promise<CheckinRow[]> {
  const rows = await db
    .selectFrom('checkin')
    .select(CHECKIN_COLUMNS)
    .where('checkin.student_id', '=', studentId)
    .where('checkin.day', '=', day)
    .orderBy('checkin.at')
    .orderBy('checkin.id')
    .execute();
  return rows.map(toCheckinRow);
}

/**
 * When each of the pupils was first checked in on `day` (index checkin_student_day): the register's
 * truth that attendance and its absence alerts start from (decision 0047). Pupils never checked in
 * that day are absent from the map; a check-out later that day does not undo the arrival.
 */
export async function firstCheckinsOn(
  db: Db,
  studentIds: readonly number[],
  day: string,
): Promise<Map<number, string>> {
  if (studentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('checkin')
    .select(['student_id', (eb) => eb.fn.min('at').as('first')])
    .where('student_id', 'in', [...new Set(studentIds)])
    .where('day', '=', day)
    .where('kind', '=', 'in')
    .groupBy('student_id')
    .execute();
  return new Map(rows.map((row) => [row.student_id, String(row.first)]));
}

/** The kind of the pupil's last entry of the day, or undefined when there is none. */
export async function lastKindOf(db: Db, studentId: number, day: string): Promise<CheckinKind | undefined> {
  const row = await db
    .selectFrom('checkin')
    .select('kind')
    .where('student_id', '=', studentId)
    .where('day', '=', day)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.kind;
}

export async function insertCheckin(
  db: Db,
  entry: {
    studentId: number;
    classId: number | null;
    day: string;
    kind: CheckinKind;
    at: string;
    by: { id: number; name: string };
    collectedBy: string | null;
    collectorKnown: boolean | null;
    reason: string | null;
    /** The "Someone else collects today" message the check-out followed (docs/decisions/0080-conversations.md). */
    collectorMessageId?: number | null;
  },
): Promise<CheckinRow> {
  const row = await db
    .insertInto('checkin')
    .values({
      student_id: entry.studentId,
      class_id: entry.classId,
      day: entry.day,
      kind: entry.kind,
      at: entry.at,
      recorded_by: entry.by.id,
      recorded_by_name: entry.by.name,
      collected_by: entry.collectedBy,
      collector_known: entry.collectorKnown === null ? null : entry.collectorKnown ? 1 : 0,
      reason: entry.reason,
      collector_message_id: entry.collectorMessageId ?? null,
    })
    .returning(CHECKIN_COLUMNS)
    .executeTakeFirstOrThrow();
  return toCheckinRow(row);
}

/** A register row of the day, without the consent to outings the route adds from the ledger. */
export type RegisterDayRow = Omit<RegisterRow, 'outings'>;

/**
 * The register of a class on a day, if the viewer may see the class (`classVisible`): every
 * current pupil by name in `locale` with their care flags, then the day's entries of those pupils. Two
 * queries whatever the size of the class, the class's own lookup included (it is benchmarked,
 * bench/run.ts).
 */
export async function registerOf(
  db: Db,
  viewer: Viewer,
  classId: number,
  day: string,
  locale: AnyLocale,
): Promise<{ className: string; rows: RegisterDayRow[] } | undefined> {
  const rows = await db
    .selectFrom('school_class as c')
    .leftJoin('enrolment as e', (join) => join.onRef('e.class_id', '=', 'c.id').on('e.ended_on', 'is', null))
    .leftJoin('app_user as u', (join) =>
      join.onRef('u.id', '=', 'e.student_id').on('u.type', '=', USER_TYPE.student),
    )
    .leftJoin('user_photo as p', (join) => join.onRef('p.user_id', '=', 'u.id').on('p.position', '=', 0))
    .leftJoin('care_record as r', 'r.student_id', 'u.id')
    .select(['c.name as className', 'u.id', 'u.name', 'p.image', 'r.has_allergy'])
    // The document only of the few pupils with an allergy, for its text.
    .select(sql<string | null>`case when r.has_allergy = 1 then r.document end`.as('document'))
    .where('c.id', '=', classId)
    .where(classVisible(db, viewer, 'c.id'))
    .orderBy('u.id')
    .execute();
  const [first] = rows;
  if (!first) return undefined;
  // A class without pupils is one row of the class with nulls.
  const pupils = sortByName(
    rows.flatMap((row) =>
      row.id !== null && row.name !== null ? [{ ...row, id: row.id, name: row.name }] : [],
    ),
    locale,
    (pupil) => pupil.name,
  );
  const entries = await db
    .selectFrom('checkin')
    .select([
      'checkin.student_id',
      'checkin.kind',
      'checkin.at',
      'checkin.collected_by',
      'checkin.collector_known',
      'checkin.reason',
    ])
    .where('checkin.day', '=', day)
    .where(
      'checkin.student_id',
      'in',
      db
        .selectFrom('enrolment')
        .select('enrolment.student_id')
        .where('enrolment.class_id', '=', classId)
        .where('enrolment.ended_on', 'is', null),
    )
    .orderBy('checkin.at')
    .orderBy('checkin.id')
    .execute();
  const byPupil = new Map<number, (typeof entries)[number][]>();
  for (const entry of entries) {
    const list = byPupil.get(entry.student_id) ?? [];
    list.push(entry);
    byPupil.set(entry.student_id, list);
  }
  const data = pupils.map((pupil): RegisterDayRow => {
    const day = byPupil.get(pupil.id) ?? [];
    const firstIn = day.find((e) => e.kind === 'in');
    const lastOut = day.findLast((e) => e.kind === 'out');
    const allergy = Number(pupil.has_allergy ?? 0) === 1;
    return {
      studentId: pupil.id,
      studentName: pupil.name,
      image: pupil.image ?? null,
      checkedInAt: firstIn?.at ?? null,
      checkedOutAt: lastOut?.at ?? null,
      collectedBy: lastOut?.collected_by ?? null,
      collectorKnown:
        lastOut?.collector_known === undefined || lastOut.collector_known === null
          ? null
          : Number(lastOut.collector_known) === 1,
      reason: lastOut?.reason ?? null,
      present: day.at(-1)?.kind === 'in',
      allergy,
      allergies: allergy && pupil.document ? parseDocument(pupil.document).medical.allergies : '',
    };
  });
  return { className: first.className, rows: data };
}

/** Check-outs to someone not on the child's list between two days (inclusive), newest first. */
export async function overridesBetween(db: Db, from: string, to: string) {
  const rows = await db
    .selectFrom('checkin')
    .innerJoin('app_user as u', 'u.id', 'checkin.student_id')
    .leftJoin('school_class as c', 'c.id', 'checkin.class_id')
    .select(CHECKIN_COLUMNS)
    .select(['u.name as studentName', 'c.name as className'])
    .where('checkin.kind', '=', 'out')
    .where('checkin.collector_known', '=', 0)
    .where('checkin.day', '>=', from)
    .where('checkin.day', '<=', to)
    .orderBy('checkin.at', 'desc')
    .orderBy('checkin.id', 'desc')
    .execute();
  return rows.map((row) => ({
    ...toCheckinRow(row),
    studentName: row.studentName,
    className: row.className,
  }));
}
