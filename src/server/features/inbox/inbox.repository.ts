import type {
  BookingItem,
  EnquiryItem,
  InboxItem,
  InboxKind,
  InboxList,
  InboxQuery,
  NewsletterSubscriber,
} from '../../../shared/api/admin.js';
import type { Booking } from '../../../shared/api/booking.js';
import type { Enquiry } from '../../../shared/api/enquiry.js';
import type { Db } from '../../db/connect.js';
import type { BookingTable, EnquiryTable } from '../../db/database.js';
import { nowIso } from '../../lib/time.js';
import { recordNewsletterConsent } from '../consents/consents.repository.js';

export async function insertEnquiry(db: Db, enquiry: Enquiry): Promise<number> {
  const row = await db
    .insertInto('enquiry')
    .values({
      name: enquiry.name,
      email: enquiry.email,
      subject: enquiry.subject,
      message: enquiry.message,
      created_at: nowIso(),
      handled_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertBooking(db: Db, booking: Booking): Promise<number> {
  const row = await db
    .insertInto('booking')
    .values({
      name: booking.name,
      email: booking.email,
      class_name: booking.className,
      created_at: nowIso(),
      handled_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

type EnquiryRow = Omit<EnquiryTable, 'id'> & { id: number };
type BookingRow = Omit<BookingTable, 'id'> & { id: number };

const toEnquiryItem = (row: EnquiryRow): EnquiryItem => ({
  kind: 'enquiry',
  id: row.id,
  name: row.name,
  email: row.email,
  subject: row.subject,
  message: row.message,
  createdAt: row.created_at,
  handled: row.handled_at !== null,
  handledAt: row.handled_at,
});

const toBookingItem = (row: BookingRow): BookingItem => ({
  kind: 'booking',
  id: row.id,
  name: row.name,
  email: row.email,
  className: row.class_name,
  createdAt: row.created_at,
  handled: row.handled_at !== null,
  handledAt: row.handled_at,
});

const TABLE_OF: Record<InboxKind, 'enquiry' | 'booking'> = { enquiry: 'enquiry', booking: 'booking' };

async function itemsOf(db: Db, kind: InboxKind, handled: boolean | undefined, take: number) {
  let query = db.selectFrom(TABLE_OF[kind]).selectAll();
  if (handled !== undefined) query = query.where('handled_at', handled ? 'is not' : 'is', null);
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(take).execute();
  return kind === 'enquiry'
    ? (rows as EnquiryRow[]).map(toEnquiryItem)
    : (rows as BookingRow[]).map(toBookingItem);
}

async function countOf(db: Db, kind: InboxKind, handled: boolean | undefined): Promise<number> {
  let query = db.selectFrom(TABLE_OF[kind]).select((eb) => eb.fn.countAll<number>().as('n'));
  if (handled !== undefined) query = query.where('handled_at', handled ? 'is not' : 'is', null);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Enquiries and/or bookings, newest first (both kinds merged when no kind is asked for). */
export async function listInbox(db: Db, query: InboxQuery): Promise<InboxList> {
  const kinds: InboxKind[] = query.kind ? [query.kind] : ['enquiry', 'booking'];
  const take = query.offset + query.limit;
  const items: InboxItem[] = [];
  let total = 0;
  let unhandled = 0;
  for (const kind of kinds) {
    items.push(...(await itemsOf(db, kind, query.handled, take)));
    total += await countOf(db, kind, query.handled);
    unhandled += await countOf(db, kind, false);
  }
  items.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.kind.localeCompare(b.kind) || b.id - a.id);
  return { data: items.slice(query.offset, take), meta: { total, unhandled } };
}

/** Marks an enquiry or booking handled (or not); undefined when there is none with that id. */
export async function setHandled(
  db: Db,
  kind: InboxKind,
  id: number,
  handled: boolean,
): Promise<InboxItem | undefined> {
  const table = TABLE_OF[kind];
  const current = await db
    .selectFrom(table)
    .select(['id', 'handled_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!current) return undefined;
  // Marking a handled item handled again keeps the first date.
  if (handled !== (current.handled_at !== null)) {
    await db
      .updateTable(table)
      .set({ handled_at: handled ? nowIso() : null })
      .where('id', '=', id)
      .execute();
  }
  const row = await db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return kind === 'enquiry' ? toEnquiryItem(row as EnquiryRow) : toBookingItem(row as BookingRow);
}

/** Every subscriber, newest first, confirmed or not (docs/decisions/0025-newsletter.md). */
export async function listSubscribers(db: Db): Promise<NewsletterSubscriber[]> {
  const rows = await db
    .selectFrom('newsletter_subscriber')
    .select(['id', 'name', 'email', 'created_at', 'confirmed_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    createdAt: row.created_at,
    confirmed: row.confirmed_at !== null,
    confirmedAt: row.confirmed_at,
  }));
}

/**
 * Removes a subscriber; false when there is none with that id. A confirmed one's newsletter consent
 * is withdrawn in the ledger, by the school (docs/decisions/0111-consent-as-a-ledger.md).
 */
export async function deleteSubscriber(
  db: Db,
  id: number,
  by: { id: number; name: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('newsletter_subscriber')
      .where('id', '=', id)
      .returning(['email', 'email_key', 'confirmed_at'])
      .executeTakeFirst();
    if (!row) return false;
    if (row.confirmed_at !== null) {
      await recordNewsletterConsent(trx, {
        emailKey: row.email_key,
        address: row.email,
        given: false,
        how: 'paper',
        at: nowIso(),
        by,
      });
    }
    return true;
  });
}
