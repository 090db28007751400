import { TIMETABLE_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { SCHOOL_DAYS, type SchoolDay, USER_TYPE } from '../../../shared/constants.js';
import { type AnyLocale, intlLocale, type Locale } from '../../../shared/i18n/locales.js';
import type { MessageKey } from '../../../shared/i18n/message-keys.js';
import { sortByName } from '../../../shared/i18n/name-order.js';
import type { Db } from '../../db/connect.js';
import { conflict } from '../../lib/errors.js';
import { translatorFor } from '../../lib/i18n.js';
import { currentPupilsOf } from '../pupils/pupils.repository.js';
import { assignmentVisible, classVisible, type Viewer } from '../school/school.policy.js';
import { isUniqueViolation } from '../users/users.repository.js';

/**
 * Classes, class assignments (who teaches which subject to which class in which time slot) and the
 * weekly timetable built from their days. Days are stored as 1 (Monday) to 6 (Saturday).
 */

export const dayName = (day: number): SchoolDay => SCHOOL_DAYS[day - 1] ?? 'Monday';
export const dayNumber = (day: SchoolDay): number => SCHOOL_DAYS.indexOf(day) + 1;
export const ALL_SCHOOL_DAYS: readonly number[] = SCHOOL_DAYS.map((_, index) => index + 1);

export interface AssignmentRow {
  id: number;
  teacher: string;
  className: string;
  subjectName: string;
  time: string;
}

function assignmentRows(db: Db) {
  return db
    .selectFrom('class_assignment as ca')
    .innerJoin('app_user as t', 't.id', 'ca.teacher_id')
    .innerJoin('school_class as c', 'c.id', 'ca.class_id')
    .innerJoin('subject as s', 's.id', 'ca.subject_id')
    .innerJoin('time_slot as ts', 'ts.id', 'ca.time_slot_id')
    .select([
      'ca.id',
      't.name as teacher',
      'c.name as className',
      's.name as subjectName',
      'ts.label as time',
    ]);
}

/** The assignments the viewer may see, by class and time of day. */
export function listAssignments(db: Db, viewer: Viewer): Promise<AssignmentRow[]> {
  return assignmentRows(db)
    .where(assignmentVisible(db, viewer, { teacher: 'ca.teacher_id', class: 'ca.class_id' }))
    .orderBy('c.id')
    .orderBy('ts.position')
    .orderBy('ca.id')
    .execute();
}

export function findAssignment(db: Db, id: number): Promise<AssignmentRow | undefined> {
  return assignmentRows(db).where('ca.id', '=', id).executeTakeFirst();
}

/** The classes the viewer may see (a pupil's own, a teacher's taught ones, all for the principal). */
export function listVisibleClasses(db: Db, viewer: Viewer): Promise<{ id: number; name: string }[]> {
  return db
    .selectFrom('school_class')
    .select(['school_class.id', 'school_class.name'])
    .where(classVisible(db, viewer, 'school_class.id'))
    .orderBy('school_class.id')
    .execute();
}

export interface TimetableSlot {
  day: number;
  time: string;
  subjectName: string;
  teacher: string;
}

/** A class's week: one row per day and time slot that has a lesson, Monday first, by time of day. */
export function classTimetable(db: Db, classId: number): Promise<TimetableSlot[]> {
  return db
    .selectFrom('assignment_day as ad')
    .innerJoin('class_assignment as ca', 'ca.id', 'ad.assignment_id')
    .innerJoin('subject as s', 's.id', 'ca.subject_id')
    .innerJoin('app_user as t', 't.id', 'ad.teacher_id')
    .innerJoin('time_slot as ts', 'ts.id', 'ad.time_slot_id')
    .select(['ad.day', 'ts.label as time', 's.name as subjectName', 't.name as teacher'])
    .where('ad.class_id', '=', classId)
    .orderBy('ad.day')
    .orderBy('ts.position')
    .execute();
}

export interface ClassPupil {
  id: number;
  name: string;
}

/** The class's current pupils, by name in `locale`. */
export async function classPupils(db: Db, classId: number, locale: AnyLocale): Promise<ClassPupil[]> {
  const pupils = await currentPupilsOf(db, classId).select(['u.id', 'u.name']).execute();
  return sortByName(pupils, locale, (pupil) => pupil.name);
}

export interface TaughtPupil extends ClassPupil {
  subjectName: string;
  time: string;
}

/**
 * The class's current pupils by name in `locale`, once per assignment the teacher has in that class
 * (a pupil's in the order of the day).
 */
export async function pupilsTaughtBy(
  db: Db,
  classId: number,
  teacherId: number,
  locale: AnyLocale,
): Promise<TaughtPupil[]> {
  const rows = await currentPupilsOf(db, classId)
    .innerJoin('class_assignment as ca', (join) =>
      join.onRef('ca.class_id', '=', 'e.class_id').on('ca.teacher_id', '=', teacherId),
    )
    .innerJoin('subject as s', 's.id', 'ca.subject_id')
    .innerJoin('time_slot as ts', 'ts.id', 'ca.time_slot_id')
    .select(['u.id', 'u.name', 's.name as subjectName', 'ts.label as time'])
    .orderBy('ts.position')
    .orderBy('ca.id')
    .execute();
  return sortByName(rows, locale, (row) => row.name);
}

// ---------------------------------------------------------------- creating an assignment

export interface NewAssignment {
  teacherId: number;
  classId: number;
  subjectId: number;
  timeSlotId: number;
  /** 1 (Monday) to 6 (Saturday), no repeats. */
  days: readonly number[];
}

/** Which of the ids name nothing usable: field -> message (empty when all are fine). */
export async function unknownAssignmentIds(
  db: Db,
  input: NewAssignment,
): Promise<{ field: string; message: string }[]> {
  const [teacher, schoolClass, subject, slot] = await Promise.all([
    db
      .selectFrom('app_user')
      .select('id')
      .where('id', '=', input.teacherId)
      .where('type', '=', USER_TYPE.teacher)
      .where('status', '=', 'active')
      .executeTakeFirst(),
    db.selectFrom('school_class').select('id').where('id', '=', input.classId).executeTakeFirst(),
    db.selectFrom('subject').select('id').where('id', '=', input.subjectId).executeTakeFirst(),
    db.selectFrom('time_slot').select('id').where('id', '=', input.timeSlotId).executeTakeFirst(),
  ]);
  const problems: { field: string; message: string }[] = [];
  // Catalog keys: the error handler says them in the request's language.
  if (!teacher) problems.push({ field: 'teacherid', message: 'timetable.error.noTeacher' });
  if (!schoolClass) problems.push({ field: 'classesid', message: 'timetable.error.noClass' });
  if (!subject) problems.push({ field: 'subjectid', message: 'timetable.error.noSubject' });
  if (!slot) problems.push({ field: 'timeid', message: 'timetable.error.noTimeSlot' });
  return problems;
}

export interface Clash {
  day: SchoolDay;
  /** `teacher`: the teacher is busy then; `class`: the class is; `both`: that very lesson exists. */
  busy: 'teacher' | 'class' | 'both';
  assignmentId: number;
  teacher: string;
  className: string;
  subjectName: string;
  time: string;
}

/** The lessons the new assignment would collide with: same slot and day, same teacher or class. */
export async function findClashes(db: Db, input: NewAssignment): Promise<Clash[]> {
  if (input.days.length === 0) return [];
  const rows = await db
    .selectFrom('assignment_day as ad')
    .innerJoin('class_assignment as ca', 'ca.id', 'ad.assignment_id')
    .innerJoin('app_user as t', 't.id', 'ad.teacher_id')
    .innerJoin('school_class as c', 'c.id', 'ad.class_id')
    .innerJoin('subject as s', 's.id', 'ca.subject_id')
    .innerJoin('time_slot as ts', 'ts.id', 'ad.time_slot_id')
    .select([
      'ad.day',
      'ad.assignment_id as assignmentId',
      'ad.teacher_id as teacherId',
      'ad.class_id as classId',
      't.name as teacher',
      'c.name as className',
      's.name as subjectName',
      'ts.label as time',
    ])
    .where('ad.time_slot_id', '=', input.timeSlotId)
    .where('ad.day', 'in', [...input.days])
    .where((eb) => eb.or([eb('ad.teacher_id', '=', input.teacherId), eb('ad.class_id', '=', input.classId)]))
    .orderBy('ad.day')
    .orderBy('ad.assignment_id')
    .execute();
  return rows.map(({ teacherId, classId, day, ...row }) => {
    const teacherBusy = teacherId === input.teacherId;
    const classBusy = classId === input.classId;
    return {
      ...row,
      day: dayName(day),
      busy: teacherBusy && classBusy ? 'both' : teacherBusy ? 'teacher' : 'class',
    };
  });
}

/**
 * One sentence per clashing lesson, naming who or what is busy and on which days, in `locale`: the
 * first sentence as its catalog key and values (the error handler says it), the others already said
 * (`others`), so that the whole reads in the request's language.
 */
export function describeClashes(
  clashes: readonly Clash[],
  locale: Locale,
): { key: MessageKey; values: Record<string, string> } {
  const { t } = translatorFor(locale);
  const byLesson = new Map<number, Clash[]>();
  for (const clash of clashes)
    byLesson.set(clash.assignmentId, [...(byLesson.get(clash.assignmentId) ?? []), clash]);
  const sentences = [...byLesson.values()].map((lessons) => {
    const first = lessons[0] as Clash;
    const key: MessageKey = first.busy === 'class' ? 'timetable.clash.class' : 'timetable.clash.teacher';
    const values = {
      teacher: first.teacher,
      subject: first.subjectName,
      className: first.className,
      time: first.time,
      days: listing(
        lessons.map((l) => t(`common.day.${l.day}`)),
        locale,
      ),
      others: '',
    };
    return { key, values };
  });
  const [first, ...rest] = sentences as [(typeof sentences)[number], ...typeof sentences];
  const others = rest.map(({ key, values }) => ` ${t(key, values)}`).join('');
  return { key: first.key, values: { ...first.values, others } };
}

/** Days as a list: English as it always read ("Monday, Tuesday and Friday"), others by Intl. */
function listing(items: readonly string[], locale: Locale): string {
  if (locale !== 'en') return new Intl.ListFormat(intlLocale(locale), { type: 'conjunction' }).format(items);
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

export const SCHEDULE_CLASH = TIMETABLE_ERROR_CODES.scheduleClash;

/**
 * Inserts the assignment and its days in one transaction and answers its id. The unique indexes of
 * assignment_day are the last word on clashes: a lesson that slipped in since the check makes this
 * a 409 SCHEDULE_CLASH, never a 500, and nothing is stored.
 */
export async function insertAssignment(db: Db, input: NewAssignment, createdAt: string): Promise<number> {
  try {
    return await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('class_assignment')
        .values({
          teacher_id: input.teacherId,
          class_id: input.classId,
          subject_id: input.subjectId,
          time_slot_id: input.timeSlotId,
          created_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('assignment_day')
        .values(
          input.days.map((day) => ({
            assignment_id: id,
            day,
            teacher_id: input.teacherId,
            class_id: input.classId,
            time_slot_id: input.timeSlotId,
          })),
        )
        .execute();
      return id;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const text = `${(error as { constraint?: string }).constraint ?? ''} ${(error as Error).message}`;
    const busy: MessageKey = /teacher/.test(text)
      ? 'timetable.error.teacherBusy'
      : /class/.test(text)
        ? 'timetable.error.classBusy'
        : 'timetable.error.teacherOrClassBusy';
    throw conflict(SCHEDULE_CLASH, busy);
  }
}

/** Deletes a class assignment with its days; false when there is none with that id. */
export async function deleteAssignment(db: Db, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('assignment_day').where('assignment_id', '=', id).execute();
    const result = await trx.deleteFrom('class_assignment').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}
