import { sql } from 'kysely';
import type { CreateExamBody } from '../../../shared/api/school-admin.js';
import { USER_TYPE } from '../../../shared/constants.js';
import type { Db } from '../../db/connect.js';
import { conflict, invalid, notFound } from '../../lib/errors.js';
import { isUniqueViolation } from '../users/users.repository.js';
import { nameKeyOf } from './name-key.js';

/**
 * The principal's set-up of the school (issue #7): classes, subjects and time slots (names unique
 * without regard to case; no delete while anything refers to them), enrolments (one class at a
 * time, history kept), class assignments and exams.
 */

type LookupTable = 'school_class' | 'subject' | 'time_slot';
const NAME_COLUMN = { school_class: 'name', subject: 'name', time_slot: 'label' } as const;
const WHAT = { school_class: 'class', subject: 'subject', time_slot: 'time slot' } as const;

/**
 * Runs a write of a name; a unique violation (the same name written at the same moment by another
 * request) becomes the same 409 as the check before it.
 */
async function namedWrite<T>(table: LookupTable, name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(table, name);
    throw error;
  }
}

const nameTaken = (table: LookupTable, name: string) =>
  conflict('NAME_TAKEN', `There is already a ${WHAT[table]} called “${name}”.`, [
    { field: NAME_COLUMN[table], message: 'already taken' },
  ]);

/** 409 `NAME_TAKEN` when another row of the table has that name, whatever its case. */
async function assertNameFree(db: Db, table: LookupTable, name: string, exceptId?: number): Promise<void> {
  let query = db.selectFrom(table).select('id').where('name_key', '=', nameKeyOf(name));
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst()) {
    throw nameTaken(table, name);
  }
}

export async function createClass(db: Db, name: string) {
  return namedWrite('school_class', name, () =>
    db.transaction().execute(async (trx) => {
      await assertNameFree(trx, 'school_class', name);
      return trx
        .insertInto('school_class')
        .values({ name, name_key: nameKeyOf(name) })
        .returning(['id', 'name'])
        .executeTakeFirstOrThrow();
    }),
  );
}

export async function renameClass(db: Db, id: number, name: string) {
  return namedWrite('school_class', name, () =>
    db.transaction().execute(async (trx) => {
      await assertNameFree(trx, 'school_class', name, id);
      return trx
        .updateTable('school_class')
        .set({ name, name_key: nameKeyOf(name) })
        .where('id', '=', id)
        .returning(['id', 'name'])
        .executeTakeFirst();
    }),
  );
}

export async function createSubject(db: Db, name: string) {
  return namedWrite('subject', name, () =>
    db.transaction().execute(async (trx) => {
      await assertNameFree(trx, 'subject', name);
      return trx
        .insertInto('subject')
        .values({ name, name_key: nameKeyOf(name) })
        .returning(['id', 'name'])
        .executeTakeFirstOrThrow();
    }),
  );
}

export async function renameSubject(db: Db, id: number, name: string) {
  return namedWrite('subject', name, () =>
    db.transaction().execute(async (trx) => {
      await assertNameFree(trx, 'subject', name, id);
      return trx
        .updateTable('subject')
        .set({ name, name_key: nameKeyOf(name) })
        .where('id', '=', id)
        .returning(['id', 'name'])
        .executeTakeFirst();
    }),
  );
}

export async function createTimeSlot(db: Db, label: string, position: number | undefined) {
  return namedWrite('time_slot', label, () =>
    db.transaction().execute(async (trx) => {
      await assertNameFree(trx, 'time_slot', label);
      const last = await trx
        .selectFrom('time_slot')
        .select((eb) => eb.fn.max('position').as('max'))
        .executeTakeFirst();
      return trx
        .insertInto('time_slot')
        .values({ label, name_key: nameKeyOf(label), position: position ?? Number(last?.max ?? -1) + 1 })
        .returning(['id', 'label', 'position'])
        .executeTakeFirstOrThrow();
    }),
  );
}

export async function updateTimeSlot(db: Db, id: number, label: string, position: number | undefined) {
  return namedWrite('time_slot', label, () =>
    db.transaction().execute(async (trx) => {
      await assertNameFree(trx, 'time_slot', label, id);
      return trx
        .updateTable('time_slot')
        .set({ label, name_key: nameKeyOf(label), ...(position !== undefined && { position }) })
        .where('id', '=', id)
        .returning(['id', 'label', 'position'])
        .executeTakeFirst();
    }),
  );
}

/** The tables whose rows keep a class, subject or time slot in use, with how to say so. */
const USES: Record<LookupTable, { table: string; column: string; what: string }[]> = {
  school_class: [
    { table: 'enrolment', column: 'class_id', what: 'enrolments' },
    { table: 'class_assignment', column: 'class_id', what: 'timetable assignments' },
    { table: 'exam', column: 'class_id', what: 'exams' },
    { table: 'mark', column: 'class_id', what: 'marks' },
    { table: 'attendance', column: 'class_id', what: 'attendance records' },
  ],
  subject: [
    { table: 'class_assignment', column: 'subject_id', what: 'timetable assignments' },
    { table: 'exam', column: 'subject_id', what: 'exams' },
    { table: 'mark', column: 'subject_id', what: 'marks' },
  ],
  time_slot: [{ table: 'class_assignment', column: 'time_slot_id', what: 'timetable assignments' }],
};

/**
 * Deletes a class, subject or time slot: false when there is none with that id, 409 `IN_USE`
 * (naming what still refers to it) while anything does.
 */
export async function deleteLookup(db: Db, table: LookupTable, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
    if (!row) return false;
    const inUse: string[] = [];
    for (const use of USES[table]) {
      const found = await sql<{
        one: number;
      }>`select 1 as one from ${sql.table(use.table)} where ${sql.ref(use.column)} = ${id} limit 1`.execute(
        trx,
      );
      if (found.rows.length > 0) inUse.push(use.what);
    }
    if (inUse.length > 0) {
      throw conflict(
        'IN_USE',
        `This ${WHAT[table]} cannot be deleted while it has ${inUse.join(', ')}. Remove or move those first.`,
        inUse.map((what) => ({ field: 'id', message: `still has ${what}` })),
      );
    }
    await trx.deleteFrom(table).where('id', '=', id).execute();
    return true;
  });
}

export interface Enrolment {
  studentId: number;
  classId: number;
  startedOn: string;
}

/**
 * `POST enrolments`: the pupil must be an active Student (404 for no such pupil, 400 for one not
 * active) and the class must exist (404). A pupil is in one class at a time: a move ends the open
 * enrolment today and opens the new one in the same transaction, so the history stays; enrolling
 * into the current class changes nothing.
 */
export async function enrol(db: Db, studentId: number, classId: number, today: string): Promise<Enrolment> {
  try {
    return await enrolNow(db, studentId, classId, today);
  } catch (error) {
    // Another enrolment of the pupil at the same moment (the one-open-enrolment index refused ours).
    if (isUniqueViolation(error))
      throw conflict(
        'ENROLMENT_CHANGED',
        'The pupil was enrolled elsewhere at the same moment. Please try again.',
      );
    throw error;
  }
}

async function enrolNow(db: Db, studentId: number, classId: number, today: string): Promise<Enrolment> {
  return db.transaction().execute(async (trx) => {
    const pupil = await trx
      .selectFrom('app_user')
      .select(['id', 'status'])
      .where('id', '=', studentId)
      .where('type', '=', USER_TYPE.student)
      .executeTakeFirst();
    if (!pupil) throw notFound('That pupil');
    if (pupil.status !== 'active') {
      throw invalid('Only an active pupil can be enrolled; approve the account first.', [
        { field: 'studentId', message: `the account is ${pupil.status}` },
      ]);
    }
    const schoolClass = await trx
      .selectFrom('school_class')
      .select('id')
      .where('id', '=', classId)
      .executeTakeFirst();
    if (!schoolClass) throw notFound('That class');
    const open = await trx
      .selectFrom('enrolment')
      .select(['id', 'class_id', 'started_on'])
      .where('student_id', '=', studentId)
      .where('ended_on', 'is', null)
      .executeTakeFirst();
    if (open?.class_id === classId) return { studentId, classId, startedOn: open.started_on };
    if (open) await trx.updateTable('enrolment').set({ ended_on: today }).where('id', '=', open.id).execute();
    await trx
      .insertInto('enrolment')
      .values({ student_id: studentId, class_id: classId, started_on: today, ended_on: null })
      .execute();
    return { studentId, classId, startedOn: today };
  });
}

/** Deletes a class assignment with its days; false when there is none with that id. */
export async function deleteAssignment(db: Db, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('assignment_day').where('assignment_id', '=', id).execute();
    const result = await trx.deleteFrom('class_assignment').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}

/** `POST exams`: class and subject must exist (404), the date may not be before `today` (400). */
export async function createExam(db: Db, body: CreateExamBody, today: string, now: string) {
  if (body.date < today) {
    throw invalid(`date: must not be before today (${today})`, [
      { field: 'date', message: `must not be before today (${today})` },
    ]);
  }
  const schoolClass = await db
    .selectFrom('school_class')
    .select('id')
    .where('id', '=', body.classId)
    .executeTakeFirst();
  if (!schoolClass) throw notFound('That class');
  const subject = await db
    .selectFrom('subject')
    .select('id')
    .where('id', '=', body.subjectId)
    .executeTakeFirst();
  if (!subject) throw notFound('That subject');
  const row = await db
    .insertInto('exam')
    .values({
      class_id: body.classId,
      subject_id: body.subjectId,
      exam_date: body.date,
      time: body.time,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, classId: body.classId, subjectId: body.subjectId, date: body.date, time: body.time };
}

export async function deleteExam(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('exam').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Pupils (users of type Student) with their current class, by name, for the enrol screen. */
export async function listPupils(db: Db, query: { status?: string; classId?: number; unenrolled?: boolean }) {
  let q = db
    .selectFrom('app_user as u')
    .leftJoin('enrolment as e', (join) =>
      join.onRef('e.student_id', '=', 'u.id').on('e.ended_on', 'is', null),
    )
    .leftJoin('school_class as c', 'c.id', 'e.class_id')
    .select(['u.id', 'u.name', 'u.email', 'u.status', 'e.class_id as classId', 'c.name as className'])
    .where('u.type', '=', USER_TYPE.student);
  if (query.status) q = q.where('u.status', '=', query.status);
  if (query.classId !== undefined) q = q.where('e.class_id', '=', query.classId);
  if (query.unenrolled === true) q = q.where('e.id', 'is', null);
  if (query.unenrolled === false) q = q.where('e.id', 'is not', null);
  return q.orderBy('u.name').orderBy('u.id').execute();
}
