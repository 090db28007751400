import type { AdmissionCase, AdmissionMove } from '../../../shared/api/admissions.js';
import type { Locale } from '../../../shared/i18n/locales.js';
import { type AdmissionStage, waitingPositions } from '../../../shared/rules/admission-stages.js';
import type { Db } from '../../db/connect.js';
import { nowIso } from '../../lib/time.js';

/**
 * Admission cases, their moves and offers (docs/decisions/0102-the-admissions-pipeline.md). Rows
 * become API objects here only; the rules of moving are in cases.service.ts and
 * shared/rules/admission-stages.ts.
 */

const CASE_COLUMNS = [
  'c.id',
  'c.child_name',
  'c.class_id',
  'school_class.name as class_name',
  'c.year_id',
  'school_year.name as year_name',
  'c.family_name',
  'c.email',
  'c.phone',
  'c.language',
  'c.message',
  'c.stage',
  'c.visit_date',
  'c.visit_time',
  'c.offer_deadline',
  'c.waiting_since',
  'c.close_reason',
  'c.source',
  'c.created_at',
  'c.stage_changed_at',
] as const;

const casesQuery = (db: Db) =>
  db
    .selectFrom('admission_case as c')
    .leftJoin('school_class', 'school_class.id', 'c.class_id')
    .leftJoin('school_year', 'school_year.id', 'c.year_id')
    .select(CASE_COLUMNS);

type CaseRow = Awaited<ReturnType<ReturnType<typeof casesQuery>['executeTakeFirstOrThrow']>>;

const caseOf = (row: CaseRow, waitingPosition: number | null): AdmissionCase => ({
  id: row.id,
  childName: row.child_name,
  classId: row.class_id,
  className: row.class_name ?? null,
  yearId: row.year_id,
  yearName: row.year_name ?? null,
  familyName: row.family_name,
  email: row.email,
  phone: row.phone,
  language: row.language,
  message: row.message,
  stage: row.stage as AdmissionStage,
  visitDate: row.visit_date,
  visitTime: row.visit_time,
  offerDeadline: row.offer_deadline,
  waitingSince: row.waiting_since,
  waitingPosition,
  closeReason: row.close_reason,
  source: row.source as AdmissionCase['source'],
  createdAt: row.created_at,
  stageChangedAt: row.stage_changed_at,
});

/** The waiting list of a class and year: each waiting case's place. */
export async function waitingList(
  db: Db,
  classId: number | null,
  yearId: number | null,
): Promise<Map<number, number>> {
  if (classId === null || yearId === null) return new Map();
  const rows = await db
    .selectFrom('admission_case')
    .select(['id', 'waiting_since'])
    .where('class_id', '=', classId)
    .where('year_id', '=', yearId)
    .where('stage', '=', 'waiting')
    .execute();
  return waitingPositions(rows.map((row) => ({ id: row.id, waitingSince: row.waiting_since ?? '' })));
}

export async function findCase(db: Db, id: number): Promise<AdmissionCase | undefined> {
  const row = await casesQuery(db).where('c.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const places = row.stage === 'waiting' ? await waitingList(db, row.class_id, row.year_id) : new Map();
  return caseOf(row, places.get(row.id) ?? null);
}

/** Every case of a class and year, with the waiting list's places. */
export async function boardCases(db: Db, classId: number, yearId: number): Promise<AdmissionCase[]> {
  const rows = await casesQuery(db)
    .where('c.class_id', '=', classId)
    .where('c.year_id', '=', yearId)
    .orderBy('c.stage_changed_at', 'desc')
    .orderBy('c.id', 'desc')
    .execute();
  const places = waitingPositions(
    rows
      .filter((row) => row.stage === 'waiting')
      .map((row) => ({ id: row.id, waitingSince: row.waiting_since ?? '' })),
  );
  return rows.map((row) => caseOf(row, places.get(row.id) ?? null));
}

export async function caseHistory(db: Db, caseId: number): Promise<AdmissionMove[]> {
  const rows = await db
    .selectFrom('admission_move as m')
    .leftJoin('app_user', 'app_user.id', 'm.moved_by')
    .select([
      'm.id',
      'm.from_stage',
      'm.to_stage',
      'app_user.name as moved_by',
      'm.moved_at',
      'm.note',
      'm.details',
    ])
    .where('m.case_id', '=', caseId)
    .orderBy('m.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    fromStage: (row.from_stage as AdmissionStage | null) ?? null,
    toStage: row.to_stage as AdmissionStage,
    movedBy: row.moved_by ?? null,
    movedAt: row.moved_at,
    note: row.note,
    details: JSON.parse(row.details) as Record<string, string>,
  }));
}

export interface NewCaseRow {
  childName: string;
  classId: number | null;
  yearId: number | null;
  familyName: string;
  email: string;
  phone: string;
  language: Locale;
  message: string;
  source: 'booking' | 'enquiry' | 'principal';
  bookingId?: number;
  enquiryId?: number;
}

/** Opens a case at "enquiry" with its first move (from nothing); answers its id. */
export async function insertCase(trx: Db, row: NewCaseRow, by: number | null, at: string): Promise<number> {
  const { id } = await trx
    .insertInto('admission_case')
    .values({
      child_name: row.childName,
      class_id: row.classId,
      year_id: row.yearId,
      family_name: row.familyName,
      email: row.email,
      phone: row.phone,
      language: row.language,
      message: row.message,
      stage: 'enquiry',
      source: row.source,
      booking_id: row.bookingId ?? null,
      enquiry_id: row.enquiryId ?? null,
      created_by: by,
      created_at: at,
      stage_changed_by: by,
      stage_changed_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('admission_move')
    .values({
      case_id: id,
      from_stage: null,
      to_stage: 'enquiry',
      moved_by: by,
      moved_at: at,
      note: '',
      details: '{}',
    })
    .execute();
  return id;
}

export interface StageChange {
  visitDate?: string | null;
  visitTime?: string | null;
  offerDeadline?: string | null;
  waitingSince?: string | null;
  closeReason?: string | null;
}

/**
 * Moves a case from `from` to `to` with its details, and keeps the move. False when the case was no
 * longer at `from` (another move came first): nothing is written.
 */
export async function moveCase(
  trx: Db,
  caseId: number,
  move: {
    from: AdmissionStage;
    to: AdmissionStage;
    by: number | null;
    at: string;
    note: string;
    details: Record<string, string>;
  },
  change: StageChange,
): Promise<boolean> {
  const set: Record<string, string | null> = {};
  if (change.visitDate !== undefined) set.visit_date = change.visitDate;
  if (change.visitTime !== undefined) set.visit_time = change.visitTime;
  if (change.offerDeadline !== undefined) set.offer_deadline = change.offerDeadline;
  if (change.waitingSince !== undefined) set.waiting_since = change.waitingSince;
  if (change.closeReason !== undefined) set.close_reason = change.closeReason;
  const result = await trx
    .updateTable('admission_case')
    .set({
      ...set,
      stage: move.to,
      stage_changed_by: move.by,
      stage_changed_at: move.at,
      updated_at: move.at,
    })
    .where('id', '=', caseId)
    .where('stage', '=', move.from)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await trx
    .insertInto('admission_move')
    .values({
      case_id: caseId,
      from_stage: move.from,
      to_stage: move.to,
      moved_by: move.by,
      moved_at: move.at,
      note: move.note,
      details: JSON.stringify(move.details),
    })
    .execute();
  return true;
}

/** Withdraws the case's open offers (a new offer, or a move away from "offered"). */
export async function withdrawOffers(trx: Db, caseId: number, at: string): Promise<void> {
  await trx
    .updateTable('admission_offer')
    .set({ withdrawn_at: at })
    .where('case_id', '=', caseId)
    .where('answer', 'is', null)
    .where('withdrawn_at', 'is', null)
    .execute();
}

export async function insertOffer(trx: Db, caseId: number, tokenHash: string, deadline: string, at: string) {
  await trx
    .insertInto('admission_offer')
    .values({ case_id: caseId, token_hash: tokenHash, deadline, created_at: at })
    .execute();
}

export async function findOfferByHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('admission_offer')
    .select(['id', 'case_id', 'deadline', 'answer', 'withdrawn_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Records the family's answer if the offer is still open; false when another answer came first. */
export async function answerOffer(
  trx: Db,
  offerId: number,
  answer: 'accepted' | 'declined',
  at: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('admission_offer')
    .set({ answer, answered_at: at })
    .where('id', '=', offerId)
    .where('answer', 'is', null)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findEnquiry(db: Db, id: number) {
  return db
    .selectFrom('enquiry')
    .select(['id', 'name', 'email', 'message'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function enquiryHasCase(db: Db, enquiryId: number): Promise<boolean> {
  return (
    (await db
      .selectFrom('admission_case')
      .select('id')
      .where('enquiry_id', '=', enquiryId)
      .executeTakeFirst()) !== undefined
  );
}

/** Offers of each class accepted for `yearId` and not enrolled yet: the cases at "accepted". */
export async function acceptedOffersByClass(db: Db, yearId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('admission_case')
    .select(['class_id', (eb) => eb.fn.countAll<number>().as('cases')])
    .where('year_id', '=', yearId)
    .where('stage', '=', 'accepted')
    .groupBy('class_id')
    .execute();
  const counts = new Map<number, number>();
  for (const row of rows) if (row.class_id !== null) counts.set(Number(row.class_id), Number(row.cases));
  return counts;
}

/** A Book A Seat request becomes a case at "enquiry", in the admissions year, in the class booked (by name). */
export async function caseFromBooking(
  trx: Db,
  booking: { name: string; email: string; className: string },
  bookingId: number,
  language: Locale,
  yearId: number | null,
): Promise<number> {
  const row = await trx
    .selectFrom('school_class')
    .select('id')
    .where('name', '=', booking.className)
    .executeTakeFirst();
  return insertCase(
    trx,
    {
      // The form asks for the parent's name only: the child's name comes with the application.
      childName: '',
      classId: row?.id ?? null,
      yearId,
      familyName: booking.name,
      email: booking.email,
      phone: '',
      language,
      message: '',
      source: 'booking',
      bookingId,
    },
    null,
    nowIso(),
  );
}
