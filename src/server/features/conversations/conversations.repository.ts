import {
  CONVERSATION_RULES,
  type ConversationMessage,
  type ConversationSide,
  type ConversationSummary,
  type DayNote,
  type MessageType,
  TYPED_MESSAGE_TYPES,
  type TypedMessageType,
} from '../../../shared/api/conversations.js';
import { USER_TYPE } from '../../../shared/constants.js';
import type { AnyLocale } from '../../../shared/i18n/locales.js';
import { sortByName } from '../../../shared/i18n/name-order.js';
import type { Db } from '../../db/connect.js';
import type { ConversationMessageTable } from '../../db/database.js';
import { classVisible, pupilVisible, type Viewer } from '../school/school.policy.js';

/** Reads and writes of the conversations (docs/decisions/0080-conversations.md). */

export const otherSide = (side: ConversationSide): ConversationSide =>
  side === 'family' ? 'school' : 'family';

/** The school-area path of a message's attachment. */
export const attachmentUrl = (studentId: number, messageId: number) =>
  `/api/pupils/${studentId}/conversation/attachments/${messageId}`;

export interface NewMessage {
  studentId: number;
  sender: { id: number; name: string };
  side: ConversationSide;
  type: MessageType;
  body: string;
  forDay: string | null;
  reason: string | null;
  time: string | null;
  collectorName: string | null;
  collectorPhone: string | null;
  attachment: { path: string; kind: 'image' | 'pdf'; name: string; size: number } | null;
  sentAt: string;
  alertDueAt: string | null;
}

export async function insertMessage(db: Db, message: NewMessage): Promise<number> {
  const row = await db
    .insertInto('conversation_message')
    .values({
      student_id: message.studentId,
      sender_id: message.sender.id,
      sender_name: message.sender.name,
      side: message.side,
      type: message.type,
      body: message.body,
      for_day: message.forDay,
      reason: message.reason,
      pickup_time: message.time,
      collector_name: message.collectorName,
      collector_phone: message.collectorPhone,
      attachment_path: message.attachment?.path ?? null,
      attachment_kind: message.attachment?.kind ?? null,
      attachment_name: message.attachment?.name ?? null,
      attachment_size: message.attachment?.size ?? null,
      sent_at: message.sentAt,
      alert_due_at: message.alertDueAt,
      alerted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

type MessageRow = Pick<
  ConversationMessageTable,
  | 'student_id'
  | 'sender_id'
  | 'sender_name'
  | 'side'
  | 'type'
  | 'body'
  | 'for_day'
  | 'reason'
  | 'pickup_time'
  | 'collector_name'
  | 'collector_phone'
  | 'attachment_kind'
  | 'attachment_name'
  | 'attachment_size'
  | 'sent_at'
> & { id: number };

const MESSAGE_COLUMNS = [
  'm.id',
  'm.student_id',
  'm.sender_id',
  'm.sender_name',
  'm.side',
  'm.type',
  'm.body',
  'm.for_day',
  'm.reason',
  'm.pickup_time',
  'm.collector_name',
  'm.collector_phone',
  'm.attachment_kind',
  'm.attachment_name',
  'm.attachment_size',
  'm.sent_at',
] as const;

/** Receipts of the messages, by message id, oldest read first. */
async function receiptsOf(db: Db, messageIds: readonly number[]) {
  const byMessage = new Map<number, { name: string; readAt: string }[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .selectFrom('conversation_receipt')
    .select(['message_id', 'reader_name', 'read_at'])
    .where('message_id', 'in', [...messageIds])
    .orderBy('read_at')
    .orderBy('reader_id')
    .execute();
  for (const row of rows) {
    const list = byMessage.get(row.message_id) ?? [];
    list.push({ name: row.reader_name, readAt: row.read_at });
    byMessage.set(row.message_id, list);
  }
  return byMessage;
}

function toMessage(
  row: MessageRow,
  viewerId: number,
  readBy: { name: string; readAt: string }[],
): ConversationMessage {
  return {
    id: row.id,
    studentId: row.student_id,
    side: row.side,
    senderName: row.sender_name,
    mine: row.sender_id === viewerId,
    type: row.type,
    text: row.body,
    forDay: row.for_day,
    reason: row.reason,
    time: row.pickup_time,
    name: row.collector_name,
    phone: row.collector_phone,
    attachment:
      row.attachment_kind === null
        ? null
        : {
            kind: row.attachment_kind,
            name: row.attachment_name ?? '',
            size: Number(row.attachment_size ?? 0),
            url: attachmentUrl(row.student_id, row.id),
          },
    sentAt: row.sent_at,
    readBy,
  };
}

/** One message as its conversation shows it to `viewerId`. */
export async function findMessage(
  db: Db,
  studentId: number,
  messageId: number,
  viewerId: number,
): Promise<ConversationMessage | undefined> {
  const row = await db
    .selectFrom('conversation_message as m')
    .select(MESSAGE_COLUMNS)
    .where('m.id', '=', messageId)
    .where('m.student_id', '=', studentId)
    .executeTakeFirst();
  if (!row) return undefined;
  return toMessage(row, viewerId, (await receiptsOf(db, [row.id])).get(row.id) ?? []);
}

/** A page of the conversation, oldest first: the newest `pageSize` messages before `before`. */
export async function conversationPage(
  db: Db,
  studentId: number,
  viewerId: number,
  before: number | undefined,
): Promise<{ messages: ConversationMessage[]; hasOlder: boolean }> {
  let query = db
    .selectFrom('conversation_message as m')
    .select(MESSAGE_COLUMNS)
    .where('m.student_id', '=', studentId);
  if (before !== undefined) query = query.where('m.id', '<', before);
  const rows = await query
    .orderBy('m.id', 'desc')
    .limit(CONVERSATION_RULES.pageSize + 1)
    .execute();
  const hasOlder = rows.length > CONVERSATION_RULES.pageSize;
  const page = rows.slice(0, CONVERSATION_RULES.pageSize).reverse();
  const receipts = await receiptsOf(
    db,
    page.map((row) => row.id),
  );
  return { messages: page.map((row) => toMessage(row, viewerId, receipts.get(row.id) ?? [])), hasOlder };
}

/** The stored attachment of a message of the child, or undefined. */
export async function findAttachment(
  db: Db,
  studentId: number,
  messageId: number,
): Promise<{ path: string; kind: 'image' | 'pdf'; name: string } | undefined> {
  const row = await db
    .selectFrom('conversation_message')
    .select(['attachment_path', 'attachment_kind', 'attachment_name'])
    .where('id', '=', messageId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  if (!row?.attachment_path || !row.attachment_kind) return undefined;
  return { path: row.attachment_path, kind: row.attachment_kind, name: row.attachment_name ?? '' };
}

/**
 * Marks every message of the other side up to `upTo` read by the reader (their first read stays);
 * answers how many were newly read.
 */
export async function markRead(
  db: Db,
  studentId: number,
  reader: { id: number; name: string; side: ConversationSide },
  upTo: number,
  at: string,
): Promise<number> {
  const unread = await db
    .selectFrom('conversation_message as m')
    .select('m.id')
    .where('m.student_id', '=', studentId)
    .where('m.side', '=', otherSide(reader.side))
    .where('m.id', '<=', upTo)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('conversation_receipt as r')
            .select('r.message_id')
            .whereRef('r.message_id', '=', 'm.id')
            .where('r.reader_id', '=', reader.id),
        ),
      ),
    )
    .execute();
  if (unread.length === 0) return 0;
  const inserted = await db
    .insertInto('conversation_receipt')
    .values(
      unread.map((row) => ({
        message_id: row.id,
        reader_id: reader.id,
        reader_name: reader.name,
        student_id: studentId,
        read_at: at,
      })),
    )
    .onConflict((oc) => oc.columns(['message_id', 'reader_id']).doNothing())
    .returning('message_id')
    .execute();
  return inserted.length;
}

/** The side of the viewer's conversations: a parent's are their family's, everyone else's the school's. */
const sideOf = (viewer: Viewer): ConversationSide => (viewer.type === USER_TYPE.parent ? 'family' : 'school');

/** Unread messages (of the other side, not read by the viewer) by child, among the children the viewer may see. */
export async function unreadByChild(db: Db, viewer: Viewer): Promise<Map<number, number>> {
  // The children first, then their messages by conversation_message_student: joined to each
  // message instead, the visibility made SQLite read every message of the school (a teacher's
  // unread took 250 ms among 60,000 messages, bench/child-day.ts).
  const visibleChildren = db
    .selectFrom('app_user as u')
    .leftJoin('enrolment as e', (join) =>
      join.onRef('e.student_id', '=', 'u.id').on('e.ended_on', 'is', null),
    )
    .select('u.id')
    .where(pupilVisible(db, viewer, { student: 'u.id', currentClass: 'e.class_id' }));
  const rows = await db
    .selectFrom('conversation_message as m')
    .select('m.student_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('m.side', '=', otherSide(sideOf(viewer)))
    .where('m.student_id', 'in', visibleChildren)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('conversation_receipt as r')
            .select('r.message_id')
            .whereRef('r.message_id', '=', 'm.id')
            .where('r.reader_id', '=', viewer.id),
        ),
      ),
    )
    .groupBy('m.student_id')
    .execute();
  return new Map(rows.map((row) => [row.student_id, Number(row.n)]));
}

/**
 * The viewer's conversations: a parent's children, a teacher's current pupils, and for the
 * principal every child with a message. Unread first, then by the newest message, then by name.
 */
export async function conversationsOf(
  db: Db,
  viewer: Viewer,
  locale: AnyLocale,
): Promise<ConversationSummary[]> {
  let pupils = db
    .selectFrom('app_user as u')
    .leftJoin('enrolment as e', (join) =>
      join.onRef('e.student_id', '=', 'u.id').on('e.ended_on', 'is', null),
    )
    .leftJoin('school_class as c', 'c.id', 'e.class_id')
    .select(['u.id', 'u.name', 'c.name as className'])
    .where('u.type', '=', USER_TYPE.student)
    .where(pupilVisible(db, viewer, { student: 'u.id', currentClass: 'e.class_id' }));
  if (viewer.type === USER_TYPE.principal) {
    pupils = pupils.where('u.id', 'in', db.selectFrom('conversation_message').select('student_id'));
  } else if (viewer.type === USER_TYPE.teacher) {
    pupils = pupils.where('e.class_id', 'is not', null);
  }
  const children = await pupils.execute();
  if (children.length === 0) return [];
  const ids = children.map((child) => child.id);
  const unread = await unreadByChild(db, viewer);
  const lastIds = await db
    .selectFrom('conversation_message')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('student_id', 'in', ids)
    .groupBy('student_id')
    .execute();
  const lasts = new Map(
    (
      await (lastIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('conversation_message')
            .select(['student_id', 'body', 'type', 'side', 'sent_at'])
            .where(
              'id',
              'in',
              lastIds.map((row) => Number(row.id)),
            )
            .execute())
    ).map((row) => [row.student_id, row]),
  );
  const summaries = sortByName(children, locale, (child) => child.name).map((child): ConversationSummary => {
    const last = lasts.get(child.id);
    return {
      studentId: child.id,
      studentName: child.name,
      className: child.className,
      unread: unread.get(child.id) ?? 0,
      last: last ? { text: last.body, type: last.type, side: last.side, sentAt: last.sent_at } : null,
    };
  });
  // Stable: name order stays among equals.
  return summaries.sort(
    (a, b) =>
      Number(b.unread > 0) - Number(a.unread > 0) ||
      (b.last?.sentAt ?? '').localeCompare(a.last?.sentAt ?? ''),
  );
}

/** The typed messages of a class's current pupils about `day`, in the order sent. */
export async function dayNotesOf(
  db: Db,
  viewer: Viewer,
  classId: number,
  day: string,
): Promise<DayNote[] | undefined> {
  const visible = await db
    .selectFrom('school_class as c')
    .select('c.id')
    .where('c.id', '=', classId)
    .where(classVisible(db, viewer, 'c.id'))
    .executeTakeFirst();
  if (!visible) return undefined;
  const rows = await typedMessagesAbout(db, day)
    .innerJoin('enrolment as e', (join) =>
      join.onRef('e.student_id', '=', 'm.student_id').on('e.ended_on', 'is', null),
    )
    .where('e.class_id', '=', classId)
    .execute();
  return rows.map(toDayNote);
}

/** The typed messages of one child about `day`, in the order sent (the check-out dialog's). */
export async function pupilDayNotes(db: Db, studentId: number, day: string): Promise<DayNote[]> {
  const rows = await typedMessagesAbout(db, day).where('m.student_id', '=', studentId).execute();
  return rows.map(toDayNote);
}

/** The typed messages about `day` (a class's or a child's, as the caller narrows), in the order sent. */
const typedMessagesAbout = (db: Db, day: string) =>
  db
    .selectFrom('conversation_message as m')
    .innerJoin('app_user as u', 'u.id', 'm.student_id')
    .select([
      'm.id',
      'm.student_id',
      'u.name',
      'm.type',
      'm.reason',
      'm.pickup_time',
      'm.collector_name',
      'm.collector_phone',
      'm.sender_name',
      'm.sent_at',
    ])
    .where('m.for_day', '=', day)
    .where('m.type', 'in', [...TYPED_MESSAGE_TYPES])
    .orderBy('m.id');

type DayNoteRow = {
  id: number;
  student_id: number;
  name: string;
  type: string;
  reason: string | null;
  pickup_time: string | null;
  collector_name: string | null;
  collector_phone: string | null;
  sender_name: string;
  sent_at: string;
};

const toDayNote = (row: DayNoteRow): DayNote => ({
  messageId: row.id,
  studentId: row.student_id,
  studentName: row.name,
  type: row.type as TypedMessageType,
  reason: row.reason,
  time: row.pickup_time,
  name: row.collector_name,
  phone: row.collector_phone,
  senderName: row.sender_name,
  sentAt: row.sent_at,
});

/** Of `studentIds`, those whose family sent "Absent today" for `day` (the absence alert stays silent for them). */
export async function announcedAbsences(
  db: Db,
  studentIds: readonly number[],
  day: string,
): Promise<Set<number>> {
  if (studentIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('conversation_message')
    .select('student_id')
    .where('student_id', 'in', [...new Set(studentIds)])
    .where('for_day', '=', day)
    .where('type', '=', 'absent')
    .where('side', '=', 'family')
    .execute();
  return new Set(rows.map((row) => row.student_id));
}

/** A name as people write it: case and spacing do not matter. */
const nameKey = (name: string): string =>
  name.normalize('NFKC').toLocaleLowerCase('en').replace(/\s+/g, ' ').trim();

/**
 * The newest "Someone else collects today" message of the child's family for `day` that names
 * `collector`, or undefined.
 */
export async function announcedCollector(
  db: Db,
  studentId: number,
  day: string,
  collector: string,
): Promise<number | undefined> {
  const rows = await db
    .selectFrom('conversation_message')
    .select(['id', 'collector_name'])
    .where('student_id', '=', studentId)
    .where('for_day', '=', day)
    .where('type', '=', 'other-collector')
    .where('side', '=', 'family')
    .orderBy('id', 'desc')
    .execute();
  const key = nameKey(collector);
  return rows.find((row) => row.collector_name !== null && nameKey(row.collector_name) === key)?.id;
}

/** The users the other side of a child's conversation is: its guardians, or its class's teachers and the principals. */
export async function recipientsOf(db: Db, studentId: number, side: ConversationSide): Promise<number[]> {
  if (side === 'family') {
    const rows = await db
      .selectFrom('guardian')
      .select('parent_id')
      .where('student_id', '=', studentId)
      .execute();
    return rows.map((row) => row.parent_id);
  }
  const rows = await db
    .selectFrom('app_user as u')
    .select('u.id')
    .where('u.status', '=', 'active')
    .where((eb) =>
      eb.or([
        eb('u.type', '=', USER_TYPE.principal),
        eb.and([
          eb('u.type', '=', USER_TYPE.teacher),
          eb(
            'u.id',
            'in',
            eb
              .selectFrom('class_assignment as a')
              .innerJoin('enrolment as e', 'e.class_id', 'a.class_id')
              .select('a.teacher_id')
              .where('e.student_id', '=', studentId)
              .where('e.ended_on', 'is', null),
          ),
        ]),
      ]),
    )
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Claims the alerts due at `now` (all, or those of `messageIds`): each message's alert goes to one
 * process only, the one whose update set its alerted_at.
 */
export async function claimDueAlerts(
  db: Db,
  now: string,
  messageIds?: readonly number[],
): Promise<
  { id: number; studentId: number; side: ConversationSide; senderName: string; type: MessageType }[]
> {
  let query = db
    .updateTable('conversation_message')
    .set({ alerted_at: now })
    .where('alerted_at', 'is', null)
    .where('alert_due_at', 'is not', null)
    .where('alert_due_at', '<=', now);
  if (messageIds) {
    if (messageIds.length === 0) return [];
    query = query.where('id', 'in', [...messageIds]);
  }
  const rows = await query.returning(['id', 'student_id', 'side', 'sender_name', 'type']).execute();
  return rows.map((row) => ({
    id: row.id,
    studentId: row.student_id,
    side: row.side,
    senderName: row.sender_name,
    type: row.type,
  }));
}
