import type { LogEntry } from '../../../shared/api/day-log.js';
import { USER_TYPE } from '../../../shared/constants.js';
import type { Db } from '../../db/connect.js';
import { findCareAccess } from '../care/care.policy.js';
import {
  findVisibleClass,
  recordablePupils,
  type Viewer,
  type VisibleClass,
} from '../school/school.policy.js';
import { findLogEntry } from './day-log.repository.js';

/**
 * Who may write and read the daily log (docs/decisions/0078-the-daily-log.md): the teachers of a
 * child's current class and the principal write; the child's guardians, the teachers of the child's
 * current class and the principal read (care.policy.ts findCareAccess); everyone else, and an unknown
 * id, gets the same 404.
 */

/**
 * The children of `studentIds` with their current class, when the viewer may log every one of them;
 * undefined when there is one they may not (the whole request is then a 404).
 */
export async function writablePupils(
  db: Db,
  viewer: Viewer,
  studentIds: readonly number[],
): Promise<Map<number, number> | undefined> {
  const pupils = await recordablePupils(db, viewer, studentIds);
  return studentIds.every((id) => pupils.has(id)) ? pupils : undefined;
}

/** A class whose log the viewer keeps: a teacher's own classes, any for the principal. */
export async function loggableClass(
  db: Db,
  viewer: Viewer,
  classId: number,
): Promise<VisibleClass | undefined> {
  if (viewer.type !== USER_TYPE.teacher && viewer.type !== USER_TYPE.principal) return undefined;
  return findVisibleClass(db, viewer, classId);
}

/** An incident the viewer may acknowledge: one of a child they are a guardian of. */
export async function acknowledgeableIncident(
  db: Db,
  viewer: Viewer,
  entryId: number,
): Promise<LogEntry | undefined> {
  if (viewer.type !== USER_TYPE.parent) return undefined;
  const entry = await findLogEntry(db, entryId);
  if (entry?.detail.kind !== 'incident') return undefined;
  return (await findCareAccess(db, viewer, entry.studentId)) ? entry : undefined;
}
