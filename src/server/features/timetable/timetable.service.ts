import { COMMON_ERROR_CODES } from '../../../shared/api/error-codes.js';
import type { SchoolDay } from '../../../shared/constants.js';
import type { Locale } from '../../../shared/i18n/locales.js';
import type { MessageKey } from '../../../shared/i18n/message-keys.js';
import type { Db } from '../../db/connect.js';
import { conflict, HttpError, invalid } from '../../lib/errors.js';
import { translatorFor } from '../../lib/i18n.js';
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
  /** The request's language, which the clashes are described in. */
  locale: Locale,
): Promise<AssignmentRow> {
  const input: NewAssignment = {
    ...lesson,
    days: lesson.days ? lesson.days.map(dayNumber).sort((a, b) => a - b) : ALL_SCHOOL_DAYS,
  };
  const unknown = await unknownAssignmentIds(db, input);
  const first = unknown[0];
  if (first) {
    // "teacherid: No active teacher has this id", the reason in the request's language.
    const reason = translatorFor(locale).t(first.message as MessageKey);
    throw invalid('errors.request.summary', unknown).withValues({ field: first.field, reason, more: 0 });
  }
  const clashes = await findClashes(db, input);
  if (clashes.length > 0) {
    const { key, values } = describeClashes(clashes, locale);
    throw conflict(SCHEDULE_CLASH, key, clashes).withValues(values);
  }
  const id = await insertAssignment(db, input, now);
  const row = await findAssignment(db, id);
  if (!row) throw new HttpError(404, COMMON_ERROR_CODES.notFound, 'timetable.error.newAssignmentNotFound');
  return row;
}
