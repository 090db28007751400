import { USER_TYPE } from '../../../shared/constants.js';
import type { Db } from '../../db/connect.js';
import { notificationVisible, type Viewer } from '../school/school.policy.js';

/**
 * Notifications: to a class, to one pupil, or to everyone (class and pupil both null). Each belongs
 * to a school year and to the school's day it was sent: a notice to a class reaches the pupils in
 * the class that day, and lists show one year at a time (docs/decisions/0095-past-sight.md).
 */

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
  notificationVisible(db, viewer, {
    sender: 'n.sender_id',
    class: 'n.class_id',
    student: 'n.student_id',
    sentOn: 'n.sent_on',
  });

export interface NoticeYear {
  id: number;
  name: string;
  current: boolean;
}

/** A school year by id, or the current one (`undefined` id); undefined when there is no such year. */
export async function noticeYear(db: Db, yearId: number | undefined): Promise<NoticeYear | undefined> {
  const row = await db
    .selectFrom('school_year')
    .select(['id', 'name', 'is_current'])
    .$if(yearId === undefined, (q) => q.where('is_current', '=', 1))
    .$if(yearId !== undefined, (q) => q.where('id', '=', yearId ?? 0))
    .executeTakeFirst();
  return row && { id: row.id, name: row.name, current: Number(row.is_current) === 1 };
}

/** The current year and every year the viewer has a notice in, the latest first. */
export async function yearsWithNotices(db: Db, viewer: Viewer): Promise<NoticeYear[]> {
  const rows = await db
    .selectFrom('school_year as y')
    .select(['y.id', 'y.name', 'y.is_current'])
    .where((eb) =>
      eb.or([
        eb('y.is_current', '=', 1),
        eb(
          'y.id',
          'in',
          eb
            .selectFrom('notification as n')
            .select('n.year_id')
            .where('n.year_id', 'is not', null)
            .where(visibleToViewer(db, viewer)),
        ),
      ]),
    )
    .orderBy('y.first_day', 'desc')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, current: Number(row.is_current) === 1 }));
}

/**
 * The notifications of a year the viewer may see, newest first. The current year's include those
 * without a year (sent before the school kept any); `year` undefined (no year at all): every one.
 */
export async function listVisibleNotifications(
  db: Db,
  viewer: Viewer,
  year: NoticeYear | undefined,
): Promise<NotificationRow[]> {
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
    .$if(year !== undefined, (q) =>
      q.where((eb) =>
        year?.current
          ? eb.or([eb('n.year_id', '=', year.id), eb('n.year_id', 'is', null)])
          : eb('n.year_id', '=', year?.id ?? 0),
      ),
    )
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

/**
 * Stores a notification sent on the school's day `sentOn`, in the current year (the year the school
 * is in as its users see it, also between two years' days), and answers its id.
 */
export async function insertNotification(
  db: Db,
  note: NewNotification,
  now: string,
  sentOn: string,
): Promise<number> {
  const row = await db
    .insertInto('notification')
    .values({
      sender_id: note.senderId,
      class_id: note.classId,
      student_id: note.studentId,
      body: note.body,
      created_at: now,
      sent_on: sentOn,
      year_id: (await noticeYear(db, undefined))?.id ?? null,
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
 * pupil it is to, of the pupils in its class on the day it is sent (who will see it), or of every
 * pupil currently in a class (to everyone). Active Parent accounts only, each once however many of
 * their children it concerns (the email is unique per account), by name.
 */
export async function familyAddressesOf(
  db: Db,
  audience: { classId: number | null; studentId: number | null; sentOn: string },
): Promise<FamilyAddress[]> {
  const { classId, sentOn } = audience;
  const pupils =
    audience.studentId !== null
      ? db.selectFrom('app_user as s').select('s.id as student_id').where('s.id', '=', audience.studentId)
      : classId !== null
        ? db
            .selectFrom('enrolment as e')
            .select('e.student_id')
            .where('e.class_id', '=', classId)
            .where('e.started_on', '<=', sentOn)
            .where((eb) => eb.or([eb('e.ended_on', 'is', null), eb('e.ended_on', '>=', sentOn)]))
        : db.selectFrom('enrolment as e').select('e.student_id').where('e.ended_on', 'is', null);
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
