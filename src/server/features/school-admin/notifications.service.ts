import type { SendNotificationBody } from '../../../shared/api/school-admin.js';
import { USER_TYPE } from '../../../shared/constants.js';
import type { Db } from '../../db/connect.js';
import { forbidden, notFound } from '../../lib/errors.js';
import {
  findVisibleClass,
  findVisiblePupil,
  notificationVisible,
  type Viewer,
} from '../school/school.policy.js';

/**
 * `POST notification`: a teacher to a class they teach or a pupil of such a class (else 404, as for
 * an unknown id); everyone only from the principal (403 for a teacher). The audience is checked by
 * the same policy lookups the read calls use.
 */
export async function sendNotification(
  db: Db,
  viewer: Viewer,
  body: SendNotificationBody,
  now: string,
): Promise<number> {
  let classId: number | null = null;
  let studentId: number | null = null;
  if (body.everyone) {
    if (viewer.type !== USER_TYPE.principal)
      throw forbidden('Only the principal may send a notification to everyone.');
  } else if (body.classId !== undefined) {
    const schoolClass = await findVisibleClass(db, viewer, body.classId);
    if (!schoolClass) throw notFound('That class');
    classId = schoolClass.id;
  } else if (body.studentId !== undefined) {
    const pupil = await findVisiblePupil(db, viewer, body.studentId);
    if (!pupil) throw notFound('That pupil');
    studentId = pupil.id;
  }
  const row = await db
    .insertInto('notification')
    .values({
      sender_id: viewer.id,
      class_id: classId,
      student_id: studentId,
      body: body.notification,
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
    .where(
      notificationVisible(db, viewer, {
        sender: 'n.sender_id',
        class: 'n.class_id',
        student: 'n.student_id',
      }),
    )
    .executeTakeFirst();
  if (!visible) return false;
  await db
    .insertInto('notification_read')
    .values({ notification_id: id, user_id: viewer.id, read_at: now })
    .onConflict((oc) => oc.columns(['notification_id', 'user_id']).doNothing())
    .execute();
  return true;
}
