import { USER_TYPE } from '../../../shared/constants.js';
import type { Db } from '../../db/connect.js';
import { notificationVisible, type Viewer } from '../school/school.policy.js';

/** Notifications: to a class, to one pupil, or to everyone (class and pupil both null). */

export const EVERYONE = 'All classes';
/** The audience of a note to the whole school, in the "Student Name" column. */
export const EVERYONE_AUDIENCE = 'Everyone';
/** The audience of a note to a class, in the "Student Name" column. */
export const classAudience = (className: string) => `All of ${className}`;
export const SCHOOL_OFFICE = 'School office';

export interface NotificationRow {
  id: number;
  /**
   * Who it is for (the screen's "Student Name", docs/contract/product.md#screens): the pupil's name, "All of
   * <class>" for a class, or EVERYONE_AUDIENCE. The sender has a field of its own, `from`.
   */
  name: string;
  /** The class it went to, the pupil's current class, or EVERYONE. */
  classes: string;
  /** The sender's name, or SCHOOL_OFFICE when the sender's account is gone. */
  from: string;
  body: string;
  createdAt: string;
  /** Not yet read by the viewer; a notification the viewer sent is never unread. */
  unread: boolean;
}

/** The policy's rule for the notification `n`. */
const visibleToViewer = (db: Db, viewer: Viewer) =>
  notificationVisible(db, viewer, { sender: 'n.sender_id', class: 'n.class_id', student: 'n.student_id' });

/** The notifications the viewer may see, newest first. */
export async function listVisibleNotifications(db: Db, viewer: Viewer): Promise<NotificationRow[]> {
  const rows = await db
    .selectFrom('notification as n')
    .leftJoin('app_user as sender', 'sender.id', 'n.sender_id')
    .leftJoin('app_user as pupil', 'pupil.id', 'n.student_id')
    .leftJoin('school_class as c', 'c.id', 'n.class_id')
    .leftJoin('enrolment as e', (join) =>
      join.onRef('e.student_id', '=', 'n.student_id').on('e.ended_on', 'is', null),
    )
    .leftJoin('school_class as pc', 'pc.id', 'e.class_id')
    .leftJoin('notification_read as r', (join) =>
      join.onRef('r.notification_id', '=', 'n.id').on('r.user_id', '=', viewer.id),
    )
    .select([
      'n.created_at as createdAt',
      'n.sender_id as senderId',
      'r.read_at as readAt',
      'n.id',
      'n.body',
      'n.class_id as classId',
      'n.student_id as studentId',
      'sender.name as senderName',
      'pupil.name as pupilName',
      'c.name as className',
      'pc.name as pupilClassName',
    ])
    .where(visibleToViewer(db, viewer))
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name:
      r.studentId !== null
        ? (r.pupilName ?? '')
        : r.classId !== null
          ? classAudience(r.className ?? '')
          : EVERYONE_AUDIENCE,
    from: r.senderName ?? SCHOOL_OFFICE,
    classes:
      r.classId !== null ? (r.className ?? '') : r.studentId !== null ? (r.pupilClassName ?? '') : EVERYONE,
    body: r.body,
    createdAt: r.createdAt,
    unread: r.readAt === null && r.senderId !== viewer.id,
  }));
}

export interface NewNotification {
  senderId: number;
  /** Both null: to everyone. */
  classId: number | null;
  studentId: number | null;
  body: string;
}

/** Stores a notification and answers its id. */
export async function insertNotification(db: Db, note: NewNotification, now: string): Promise<number> {
  const row = await db
    .insertInto('notification')
    .values({
      sender_id: note.senderId,
      class_id: note.classId,
      student_id: note.studentId,
      body: note.body,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Marks the notification read for the viewer; false when it does not exist or is not theirs to see. */
export async function markNotificationRead(
  db: Db,
  viewer: Viewer,
  id: number,
  now: string,
): Promise<boolean> {
  const visible = await db
    .selectFrom('notification as n')
    .select('n.id')
    .where('n.id', '=', id)
    .where(visibleToViewer(db, viewer))
    .executeTakeFirst();
  if (!visible) return false;
  await db
    .insertInto('notification_read')
    .values({ notification_id: id, user_id: viewer.id, read_at: now })
    .onConflict((oc) => oc.columns(['notification_id', 'user_id']).doNothing())
    .execute();
  return true;
}

export interface FamilyAddress {
  parentId: number;
  name: string;
  email: string;
}

/**
 * The guardians a notification reaches by mail (docs/decisions/0024-family-mails.md): those of the
 * pupil it is to, of the current pupils of its class, or of every pupil currently in a class (to
 * everyone). Active Parent accounts only, each once however many of their children it concerns (the
 * email is unique per account), by name.
 */
export async function familyAddressesOf(
  db: Db,
  audience: { classId: number | null; studentId: number | null },
): Promise<FamilyAddress[]> {
  const pupils =
    audience.studentId !== null
      ? db.selectFrom('app_user as s').select('s.id as student_id').where('s.id', '=', audience.studentId)
      : db
          .selectFrom('enrolment as e')
          .select('e.student_id')
          .where('e.ended_on', 'is', null)
          .$if(audience.classId !== null, (q) => q.where('e.class_id', '=', audience.classId ?? 0));
  const rows = await db
    .selectFrom('app_user as p')
    .select(['p.id as parentId', 'p.name', 'p.email'])
    .where('p.type', '=', USER_TYPE.parent)
    .where('p.status', '=', 'active')
    .where('p.email', '<>', '')
    .where(
      'p.id',
      'in',
      db.selectFrom('guardian as g').select('g.parent_id').where('g.student_id', 'in', pupils),
    )
    .orderBy('p.name')
    .orderBy('p.id')
    .execute();
  return rows;
}
