import { ATTENDANCE_ERROR_CODES, COMMON_ERROR_CODES } from '../../../shared/api/error-codes.js';
import type { FieldError } from '../../../shared/api/errors.js';
import type { AttendanceCode } from '../../../shared/constants.js';
import type { MailConfig } from '../../config.js';
import type { Db } from '../../db/connect.js';
import { HttpError, invalid } from '../../lib/errors.js';
import { closedDays } from '../calendar/closures.js';
import { recordablePupils, type Viewer } from '../school/school.policy.js';
import { queueAbsenceAlerts } from './absence-alerts.js';
import { ATTENDANCE_FIELDS as WIRE } from './attendance.fields.js';
import { type AttendanceToSave, upsertAttendance } from './attendance.repository.js';

/** One pupil's attendance on one date, as the caller sends it (under its inside names). */
export interface AttendanceEntry {
  date: string;
  studentId: number;
  status: AttendanceCode;
  description: string;
}

/**
 * `POST studentattenance`: every entry is checked before anything is written, and the write is one
 * statement in one transaction, so the batch is saved whole or not at all.
 *
 * - 400 when a date is after `today` or a pupil appears twice for the same date;
 * - 404 when an id is not a current pupil the caller may record (a teacher: pupils of the classes
 *   they teach; the principal: every pupil in a class). Unknown ids and other teachers' pupils get
 *   the same answer, so it does not tell which ids are pupils.
 * - 409 CLASS_CLOSED when the calendar closes a pupil's class on the entry's date
 *   (docs/decisions/0088-closed-days.md): a closed day takes no register, so it sends no alert either.
 *
 * In the same transaction, the records of the school's today queue the absence alerts and
 * corrections they call for (absence-alerts.ts), so the mails exist exactly when the records do.
 */
export async function saveAttendance(
  db: Db,
  mail: MailConfig,
  viewer: Viewer,
  entries: readonly AttendanceEntry[],
  today: string,
  now: string,
): Promise<number> {
  const problems: FieldError[] = [];
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    if (entry.date > today) {
      problems.push({ field: `${index}.${WIRE.date}`, message: `must not be after today (${today})` });
    }
    const key = `${entry.studentId}:${entry.date}`;
    if (seen.has(key))
      problems.push({
        field: `${index}.${WIRE.studentId}`,
        message: 'this pupil is listed twice for that date',
      });
    seen.add(key);
  });
  const first = problems[0];
  if (first) throw invalid(`${first.field}: ${first.message}`, problems);

  return db.transaction().execute(async (trx) => {
    const classOf = await recordablePupils(
      trx,
      viewer,
      entries.map((e) => e.studentId),
    );
    const unknown: FieldError[] = [];
    const records: AttendanceToSave[] = [];
    entries.forEach((entry, index) => {
      const classId = classOf.get(entry.studentId);
      if (classId === undefined) {
        unknown.push({
          field: `${index}.${WIRE.studentId}`,
          message: `no pupil ${entry.studentId} in a class you may record`,
        });
        return;
      }
      records.push({ ...entry, classId });
    });
    if (unknown.length > 0) {
      throw new HttpError(
        404,
        COMMON_ERROR_CODES.notFound,
        `Nothing was saved: ${unknown.length === 1 ? 'one pupil was' : `${unknown.length} pupils were`} not found in your classes.`,
        unknown,
      );
    }
    await refuseClosedDays(trx, records);
    const saved = await upsertAttendance(trx, records, viewer.id, now);
    await queueAbsenceAlerts(trx, mail, records, now);
    return saved;
  });
}

/**
 * 409 when any record falls on a day its class is closed; nothing is saved then. The records are in
 * the entries' order (every entry became one), so an index names the entry.
 */
async function refuseClosedDays(trx: Db, records: readonly AttendanceToSave[]): Promise<void> {
  const dates = records.map((r) => r.date).sort();
  const [from, to] = [dates[0], dates[dates.length - 1]];
  if (from === undefined || to === undefined) return;
  const closed = await closedDays(
    trx,
    records.map((r) => r.classId),
    from,
    to,
  );
  if (!closed.any) return;
  const refused = records.flatMap((record, index) => {
    const reason = closed.reasonOf(record.classId, record.date);
    return reason === undefined ? [] : [{ reason, field: `${index}.${WIRE.date}`, date: record.date }];
  });
  const first = refused[0];
  if (first)
    throw new HttpError(
      409,
      ATTENDANCE_ERROR_CODES.classClosed,
      `Nothing was saved: the class is closed on ${first.date} (${first.reason}).`,
      refused.map((r) => ({ field: r.field, message: `the class is closed on ${r.date}: ${r.reason}` })),
    );
}
