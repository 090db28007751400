import {
  CHILD_CONSENT_KINDS,
  type ChildConsentKind,
  type ChildConsents,
  CONSENT_HOWS,
  CONSENT_KINDS,
  type ConsentEntry,
  type ConsentHow,
  type ConsentKind,
  NO_CHILD_CONSENTS,
  TRIP_CONSENT_KIND,
} from '../../../shared/api/consents.js';
import type { Db } from '../../db/connect.js';
import { isPostgres } from '../../db/engine.js';
import { bumpDataVersion } from '../../lib/data-version.js';

/**
 * The consent ledger (docs/decisions/0111-consent-as-a-ledger.md): table consent_entry, appended to
 * and never changed. This file is the one place that reads a consent: every feature that needs one
 * (the care details, photo moments, the website's gallery, the register's outings mark) asks
 * `childConsents`, which answers the latest entry of each child and kind, and a trip slip's page asks
 * `tripConsents` (docs/decisions/0115-trips-in-the-consent-ledger.md); every change goes through
 * `recordChildConsents`, `recordTripConsent` or `recordNewsletterConsent`, in the transaction of the
 * change it belongs to.
 */

/** Who gave or withdrew a consent: a user (id and name as it is now), or a name alone. */
export interface ConsentActor {
  id: number | null;
  name: string | null;
}

const asKind = (value: string): ConsentKind =>
  (CONSENT_KINDS as readonly string[]).includes(value) ? (value as ConsentKind) : 'website';
const asHow = (value: string): ConsentHow =>
  (CONSENT_HOWS as readonly string[]).includes(value) ? (value as ConsentHow) : 'app';

/** At most this many children per query of their consents (bound parameters stay well under limits). */
const CHILD_BATCH = 500;

/**
 * The current consents of these children: the latest entry (highest id) of each child and kind;
 * a child or kind without an entry has given no consent.
 */
export async function childConsents(
  db: Db,
  studentIds: Iterable<number>,
): Promise<Map<number, ChildConsents>> {
  const ids = [...new Set(studentIds)];
  const answer = new Map<number, ChildConsents>(ids.map((id) => [id, { ...NO_CHILD_CONSENTS }]));
  for (let start = 0; start < ids.length; start += CHILD_BATCH) {
    const batch = ids.slice(start, start + CHILD_BATCH);
    const rows = await db
      .selectFrom('consent_entry')
      .select(['student_id', 'kind', 'given'])
      .where(
        'id',
        'in',
        db
          .selectFrom('consent_entry')
          .select((eb) => eb.fn.max('id').as('id'))
          .where('student_id', 'in', batch)
          .where('kind', 'in', [...CHILD_CONSENT_KINDS])
          .groupBy(['student_id', 'kind']),
      )
      .execute();
    for (const row of rows) {
      const consents = row.student_id === null ? undefined : answer.get(row.student_id);
      if (consents && (CHILD_CONSENT_KINDS as readonly string[]).includes(row.kind)) {
        consents[row.kind as ChildConsentKind] = Number(row.given) === 1;
      }
    }
  }
  return answer;
}

/** One child's current consents. */
export async function consentsOf(db: Db, studentId: number): Promise<ChildConsents> {
  return (await childConsents(db, [studentId])).get(studentId) ?? { ...NO_CHILD_CONSENTS };
}

/** Every entry about a child, newest first (index consent_entry_student); a trip's with its slip. */
export async function consentHistory(db: Db, studentId: number): Promise<ConsentEntry[]> {
  const rows = await db
    .selectFrom('consent_entry as e')
    .leftJoin('school_form as f', 'f.id', 'e.school_form_id')
    .select(['e.id', 'e.kind', 'e.given', 'e.by_name', 'e.at', 'e.how', 'f.id as form_id', 'f.title'])
    .where('e.student_id', '=', studentId)
    .orderBy('e.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: asKind(row.kind),
    given: Number(row.given) === 1,
    at: row.at,
    by: row.by_name,
    how: asHow(row.how),
    schoolForm: row.form_id === null || row.title === null ? null : { id: row.form_id, title: row.title },
  }));
}

/**
 * Serialises the consent changes of one child on PostgreSQL, so that two at once do not both read
 * the same current state and both append; SQLite runs one write transaction at a time already.
 */
async function lockChild(trx: Db, studentId: number): Promise<void> {
  if (!isPostgres(trx)) return;
  await trx.selectFrom('app_user').select('id').where('id', '=', studentId).forUpdate().execute();
}

/**
 * Appends one entry for each of `wanted`'s consents that differs from the child's current one, and
 * answers the kinds that changed. Call it inside the transaction of the change it belongs to (a
 * care save, an enrolment): the entries and the rest commit together. A change of the website
 * consent makes every kept public answer afresh (the gallery leaves out the child's pictures at its
 * next request, through any server process: lib/data-version.ts).
 */
export async function recordChildConsents(
  trx: Db,
  entry: {
    studentId: number;
    wanted: Partial<ChildConsents>;
    by: ConsentActor;
    how: ConsentHow;
    at: string;
    /** Record every wanted consent, changed or not: a form the family answered whole (the application). */
    answeredWhole?: boolean;
  },
): Promise<ChildConsentKind[]> {
  await lockChild(trx, entry.studentId);
  const current = await consentsOf(trx, entry.studentId);
  const changed = CHILD_CONSENT_KINDS.filter(
    (kind) =>
      entry.wanted[kind] !== undefined &&
      (entry.answeredWhole === true || entry.wanted[kind] !== current[kind]),
  );
  if (changed.length === 0) return [];
  await trx
    .insertInto('consent_entry')
    .values(
      changed.map((kind) => ({
        student_id: entry.studentId,
        subscriber_email: null,
        kind,
        given: entry.wanted[kind] ? 1 : 0,
        by_user: entry.by.id,
        by_name: entry.by.name,
        at: entry.at,
        how: entry.how,
      })),
    )
    .execute();
  if (changed.includes('website') && entry.wanted.website !== current.website) {
    await bumpDataVersion(trx, 'content');
  }
  return changed;
}

/**
 * The newsletter's consent of an address (its lowercased key), given at the confirmation link and
 * withdrawn by unsubscribing; `address` is the address as the subscriber wrote it, who gave it.
 */
export async function recordNewsletterConsent(
  trx: Db,
  entry: {
    emailKey: string;
    address: string;
    given: boolean;
    how: ConsentHow;
    at: string;
    /** The school's user who recorded it; none: the subscriber, through the link. */
    by?: { id: number; name: string };
  },
): Promise<void> {
  await trx
    .insertInto('consent_entry')
    .values({
      student_id: null,
      subscriber_email: entry.emailKey,
      kind: 'newsletter',
      given: entry.given ? 1 : 0,
      by_user: entry.by?.id ?? null,
      by_name: entry.by?.name ?? entry.address,
      at: entry.at,
      how: entry.how,
    })
    .execute();
}

/** Whether the latest newsletter entry of an address gives consent (none: not given). */
export async function newsletterConsentOf(db: Db, emailKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('consent_entry')
    .select('given')
    .where('subscriber_email', '=', emailKey)
    .where('kind', '=', 'newsletter')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return Number(row?.given ?? 0) === 1;
}

/**
 * The children's consents to one trip (a trip permission slip, `formId`): the latest trip entry of
 * each child for the form (index consent_entry_form), true given, false refused. A child without an
 * entry is not in the map: not answered, so not allowed to go.
 */
export async function tripConsents(
  db: Db,
  formId: number,
  studentIds: Iterable<number>,
): Promise<Map<number, boolean>> {
  const ids = [...new Set(studentIds)];
  const answer = new Map<number, boolean>();
  for (let start = 0; start < ids.length; start += CHILD_BATCH) {
    const batch = ids.slice(start, start + CHILD_BATCH);
    const rows = await db
      .selectFrom('consent_entry')
      .select(['student_id', 'given'])
      .where(
        'id',
        'in',
        db
          .selectFrom('consent_entry')
          .select((eb) => eb.fn.max('id').as('id'))
          .where('school_form_id', '=', formId)
          .where('kind', '=', TRIP_CONSENT_KIND)
          .where('student_id', 'in', batch)
          .groupBy('student_id'),
      )
      .execute();
    for (const row of rows) {
      if (row.student_id !== null) answer.set(row.student_id, Number(row.given) === 1);
    }
  }
  return answer;
}

/**
 * A guardian's yes or no to a trip permission slip, as the child's consent to that trip: appended
 * when the child has no entry for the form yet or the answer changes it (a slip signed again with the
 * same answer appends nothing). Call it in the transaction that saves the answer. Answers whether it
 * appended.
 */
export async function recordTripConsent(
  trx: Db,
  entry: { studentId: number; formId: number; given: boolean; by: ConsentActor; at: string },
): Promise<boolean> {
  await lockChild(trx, entry.studentId);
  const current = (await tripConsents(trx, entry.formId, [entry.studentId])).get(entry.studentId);
  if (current === entry.given) return false;
  await trx
    .insertInto('consent_entry')
    .values({
      student_id: entry.studentId,
      subscriber_email: null,
      kind: TRIP_CONSENT_KIND,
      given: entry.given ? 1 : 0,
      by_user: entry.by.id,
      by_name: entry.by.name,
      at: entry.at,
      how: 'school-form',
      school_form_id: entry.formId,
    })
    .execute();
  return true;
}

/**
 * Removes a child's consent entries of these kinds: the retention job's, once the records they
 * governed are gone (docs/decisions/0110-retention-and-erasure.md): the photo consents with the
 * photos, the outings and trip consents with the forms' answers. Answers how many went.
 */
export async function forgetChildConsents(
  trx: Db,
  studentId: number,
  kinds: readonly ConsentKind[],
): Promise<number> {
  if (kinds.length === 0) return 0;
  const result = await trx
    .deleteFrom('consent_entry')
    .where('student_id', '=', studentId)
    .where('kind', 'in', [...kinds])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
