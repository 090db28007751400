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
} from '../../../shared/api/consents.js';
import type { Db } from '../../db/connect.js';
import { isPostgres } from '../../db/engine.js';
import { bumpDataVersion } from '../../lib/data-version.js';

/**
 * The consent ledger (docs/decisions/0111-consent-as-a-ledger.md): table consent_entry, appended to
 * and never changed. This file is the one place that reads a consent: every feature that needs one
 * (the care details, photo moments, the website's gallery) asks `childConsents`, which answers the
 * latest entry of each child and kind; and every change goes through `recordChildConsents` or
 * `recordNewsletterConsent`, in the transaction of the change it belongs to.
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

/** Every entry about a child, newest first (index consent_entry_student). */
export async function consentHistory(db: Db, studentId: number): Promise<ConsentEntry[]> {
  const rows = await db
    .selectFrom('consent_entry')
    .select(['id', 'kind', 'given', 'by_name', 'at', 'how'])
    .where('student_id', '=', studentId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: asKind(row.kind),
    given: Number(row.given) === 1,
    at: row.at,
    by: row.by_name,
    how: asHow(row.how),
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
 * Removes a child's consent entries: the retention job's, once the photos and care details they
 * governed are gone (docs/decisions/0110-retention-and-erasure.md). Answers how many went.
 */
export async function forgetChildConsents(trx: Db, studentId: number): Promise<number> {
  const result = await trx.deleteFrom('consent_entry').where('student_id', '=', studentId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
