import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  type ChildDay,
  type ClassDayLog,
  LOG_MESSAGES,
  type LogDetail,
  type LogEntry,
  type LogEntryBodySchema,
  type TimelineItem,
} from '../../../shared/api/day-log.js';
import type { CheckinRow } from '../../../shared/api/family.js';
import type { PhotoMoment } from '../../../shared/api/photo-moments.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { dateInZone, formatTime } from '../../../shared/school-time.js';
import type { Db } from '../../db/connect.js';
import { invalid, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import type { SessionUser } from '../../plugins/auth.js';
import { type Alert, sendAlert } from '../alerts/send-alert.js';
import type { CarePupil } from '../care/care.policy.js';
import { checkinsOf } from '../care/care.repository.js';
import { momentsOfChildDay } from '../photo-moments/child-day-moments.js';
import type { Viewer, VisibleClass } from '../school/school.policy.js';
import { schoolTimeZone } from '../settings/settings.repository.js';
import {
  acknowledgeIncident,
  entriesByIds,
  entriesOfChild,
  entriesOfClass,
  guardianIdsOf,
  insertLogEntries,
  namedMedications,
  unacknowledgedIncidents,
} from './day-log.repository.js';

/** The rules of the daily log (docs/decisions/0078-the-daily-log.md). */

type Writer = Pick<SessionUser, 'id' | 'name' | 'type'>;

/** A name as compared: case, spacing and accents ignored. */
export const sameName = (name: string): string =>
  name.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase('en').replace(/\s+/g, ' ').trim();

/** The school's day path a parent opens for a child. */
export const childDayPath = (studentId: number) => `/dashboard/children/${studentId}/day`;

/**
 * Writes one entry for each child (the policy gave them with their classes: all, or undefined when
 * one may not be logged), all in one transaction; then tells the open screens and, for an incident,
 * the guardians.
 */
export async function recordEntries(
  app: FastifyInstance,
  writer: Writer,
  pupils: Map<number, number> | undefined,
  body: z.output<typeof LogEntryBodySchema>,
): Promise<LogEntry[]> {
  if (!pupils) throw notFound('That pupil');
  const studentIds = body.studentIds;
  const detail = body.detail;
  const now = new Date();
  const timeZone = await schoolTimeZone(app.db);
  const day = dateInZone(now, timeZone);
  const time = body.time ?? formatTime(now.toISOString(), timeZone);
  const stored: LogDetail =
    detail.kind === 'medication' ? { ...detail, givenBy: detail.givenBy || writer.name } : detail;

  const ids = await app.db.transaction().execute(async (trx) => {
    if (stored.kind === 'medication' && stored.reason === '') {
      const named = await namedMedications(trx, studentIds);
      const wanted = sameName(stored.name);
      const missing = studentIds.filter(
        (id) => !(named.get(id) ?? []).some((name) => sameName(name) === wanted),
      );
      if (missing.length > 0)
        throw invalid(LOG_MESSAGES.medicationNotInCare, [
          { field: 'detail.reason', message: LOG_MESSAGES.medicationNotInCare },
        ]);
    }
    return insertLogEntries(
      trx,
      studentIds.map((studentId) => ({
        studentId,
        classId: pupils.get(studentId) ?? null,
        day,
        time,
        detail: stored,
        by: writer,
        at: now.toISOString(),
      })),
    );
  });
  const entries = await entriesByIds(app.db, ids);
  await announce(app, studentIds);
  if (stored.kind === 'incident') await alertIncident(app, entries);
  return entries;
}

async function announce(app: FastifyInstance, studentIds: readonly number[]): Promise<void> {
  for (const childId of new Set(studentIds)) {
    await app.signals.publish({ channel: 'live', event: { kind: 'log', childId } });
  }
}

/** The alerts of new incidents: one per child with guardians, to those guardians, opening the child's day. */
export function incidentAlerts(
  entries: readonly LogEntry[],
  guardians: ReadonlyMap<number, readonly number[]>,
): Alert[] {
  return entries.flatMap((entry): Alert[] => {
    const userIds = guardians.get(entry.studentId) ?? [];
    if (entry.detail.kind !== 'incident' || userIds.length === 0) return [];
    return [
      {
        kind: 'incidents',
        userIds,
        title: { key: 'day-log.alert.incidentTitle', params: { child: entry.studentName } },
        body: { key: 'day-log.alert.incidentBody', params: { child: entry.studentName, time: entry.time } },
        path: childDayPath(entry.studentId),
      },
    ];
  });
}

async function alertIncident(app: FastifyInstance, entries: readonly LogEntry[]): Promise<void> {
  const guardians = await guardianIdsOf(
    app.db,
    entries.map((entry) => entry.studentId),
  );
  for (const alert of incidentAlerts(entries, guardians)) await sendAlert(app, alert);
}

/** Records the guardian's acknowledgement; answers false when another was first. */
export async function tellOfAcknowledgement(
  app: FastifyInstance,
  viewer: Writer,
  entry: LogEntry,
): Promise<boolean> {
  const done = await acknowledgeIncident(app.db, entry.id, viewer, nowIso());
  if (done) await announce(app, [entry.studentId]);
  return done;
}

/** The children a parent is a guardian of. */
export async function guardianChildren(db: Db, parentId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('guardian')
    .select('student_id')
    .where('parent_id', '=', parentId)
    .execute();
  return rows.map((row) => row.student_id);
}

/** The register's rows and the log's entries as one list in time order (at the same minute, the register first). */
export function dayTimeline(
  checkins: readonly CheckinRow[],
  entries: readonly LogEntry[],
  timeZone: string,
  moments: readonly PhotoMoment[] = [],
): TimelineItem[] {
  const register = checkins.map(
    (row): TimelineItem =>
      row.kind === 'in'
        ? { type: 'arrival', time: formatTime(row.at, timeZone), at: row.at, recordedBy: row.recordedBy }
        : {
            type: 'collection',
            time: formatTime(row.at, timeZone),
            at: row.at,
            collectedBy: row.collectedBy,
          },
  );
  const logged = entries.map((entry): TimelineItem => ({ type: 'log', time: entry.time, entry }));
  const photos = moments.map(
    (moment): TimelineItem => ({
      type: 'photo',
      time: formatTime(moment.postedAt, timeZone),
      at: moment.postedAt,
      moment,
    }),
  );
  // A stable sort keeps the register before the log, and the log before photos, at the same minute.
  return [...register, ...logged, ...photos].sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
}

/** The child's day: register, log and the photos the viewer may see, in time order. */
export async function childDay(
  app: FastifyInstance,
  viewer: Viewer,
  pupil: CarePupil,
  date: string,
): Promise<ChildDay> {
  const timeZone = await schoolTimeZone(app.db);
  const [checkins, entries, waiting, moments] = await Promise.all([
    checkinsOf(app.db, pupil.id, date),
    entriesOfChild(app.db, pupil.id, date),
    unacknowledgedIncidents(app.db, [pupil.id]),
    momentsOfChildDay(app.db, viewer, pupil.id, date, timeZone),
  ]);
  const items = dayTimeline(checkins, entries, timeZone, moments);
  const isGuardian = viewer.type === USER_TYPE.parent;
  return {
    date,
    studentId: pupil.id,
    studentName: pupil.name,
    items,
    isGuardian,
    unacknowledged: waiting.length,
  };
}

export async function classDayLog(
  app: FastifyInstance,
  found: VisibleClass,
  date: string,
): Promise<ClassDayLog> {
  return {
    date,
    classId: found.id,
    className: found.name,
    data: await entriesOfClass(app.db, found.id, date),
  };
}
