import type { SchoolDay } from '../../../shared/constants.js';
import type { Db } from '../../db/connect.js';
import { conflict, invalid, notFound } from '../../lib/errors.js';
import {
  ALL_SCHOOL_DAYS,
  type AssignmentRow,
  dayNumber,
  describeClashes,
  findAssignment,
  findClashes,
  insertAssignment,
  type NewAssignment,
  SCHEDULE_CLASH,
  unknownAssignmentIds,
} from './timetable.repository.js';

/**
 * `POST studentclass`: the lesson runs on `days` (Monday to Saturday when left out). 400 names an
 * unknown teacher, class, subject or time slot; 409 SCHEDULE_CLASH when the teacher or the class
 * already has a lesson at that time on one of those days. All or nothing.
 */
export async function createAssignment(
  db: Db,
  lesson: Omit<NewAssignment, 'days'> & { days?: readonly SchoolDay[] | undefined },
  now: string,
): Promise<AssignmentRow> {
  const input: NewAssignment = {
    ...lesson,
    days: lesson.days ? lesson.days.map(dayNumber).sort((a, b) => a - b) : ALL_SCHOOL_DAYS,
  };
  const unknown = await unknownAssignmentIds(db, input);
  const first = unknown[0];
  if (first) throw invalid(`${first.field}: ${first.message}`, unknown);
  const clashes = await findClashes(db, input);
  if (clashes.length > 0) throw conflict(SCHEDULE_CLASH, describeClashes(clashes), clashes);
  const id = await insertAssignment(db, input, now);
  const row = await findAssignment(db, id);
  if (!row) throw notFound('The new class assignment');
  return row;
}
