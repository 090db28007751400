import type { SendNotificationBody } from '../../../shared/api/school-admin.js';
import type { MailConfig } from '../../config.js';
import type { Db } from '../../db/connect.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { queueMails } from '../mail/mail.service.js';
import {
  findVisibleClass,
  findVisiblePupil,
  mayNotifyEveryone,
  type Viewer,
} from '../school/school.policy.js';
import { readSettings, schoolToday, userLocale } from '../settings/settings.repository.js';
import { type MailAudience, notificationMail } from './notification-mails.js';
import { familyAddressesOf, insertNotification } from './notifications.repository.js';

/**
 * `POST notification`: a teacher to a class they teach or a pupil of such a class (else 404, as for
 * an unknown id); everyone only from the principal (403 for a teacher). The audience is checked by
 * the same policy lookups the read calls use.
 *
 * With `emailFamilies`, the guardians of the pupils it reaches are mailed too, each once, in the
 * transaction of the notification (docs/decisions/0024-family-mails.md); the audience is the one
 * just checked, so a teacher's mail reaches no family their notification would not.
 */
export async function sendNotification(
  db: Db,
  mail: MailConfig,
  viewer: Viewer & { name: string },
  body: SendNotificationBody,
  now: string,
): Promise<{ id: number; emailed: number; familyIds: number[] }> {
  let classId: number | null = null;
  let studentId: number | null = null;
  let audience: MailAudience = 'everyone';
  if (body.everyone) {
    if (!mayNotifyEveryone(viewer))
      throw forbidden('Only the principal may send a notification to everyone.');
  } else if (body.classId !== undefined) {
    const schoolClass = await findVisibleClass(db, viewer, body.classId);
    if (!schoolClass) throw notFound('That class');
    classId = schoolClass.id;
    audience = { className: schoolClass.name };
  } else if (body.studentId !== undefined) {
    const pupil = await findVisiblePupil(db, viewer, body.studentId);
    if (!pupil) throw notFound('That pupil');
    studentId = pupil.id;
    audience = { pupilName: pupil.name };
  }
  // The school's day of `now`: whom a class notice reaches, and its year (docs/decisions/0095-past-sight.md).
  const sentOn = await schoolToday(db, new Date(now));
  return db.transaction().execute(async (trx) => {
    const id = await insertNotification(
      trx,
      { senderId: viewer.id, classId, studentId, body: body.notification },
      now,
      sentOn,
    );
    // The families it reaches: mailed here when the sender asked, told by push in any case (the route).
    const families = await familyAddressesOf(trx, { classId, studentId, sentOn });
    const familyIds = families.map((family) => family.parentId);
    if (!body.emailFamilies) return { id, emailed: 0, familyIds };
    const school = await readSettings(trx);
    const note = { senderName: viewer.name, audience, text: body.notification };
    await queueMails(
      trx,
      mail,
      await Promise.all(
        families.map(async (family) =>
          notificationMail(mail, school, note, family, await userLocale(trx, family.parentId)),
        ),
      ),
    );
    return { id, emailed: families.length, familyIds };
  });
}
