import type { SendNotificationBody } from '../../../shared/api/school-admin.js';
import type { Db } from '../../db/connect.js';
import { forbidden, notFound } from '../../lib/errors.js';
import {
  findVisibleClass,
  findVisiblePupil,
  mayNotifyEveryone,
  type Viewer,
} from '../school/school.policy.js';
import { insertNotification } from './notifications.repository.js';

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
    if (!mayNotifyEveryone(viewer))
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
  return insertNotification(db, { senderId: viewer.id, classId, studentId, body: body.notification }, now);
}
