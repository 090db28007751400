import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StudentResultAnswerSchema } from '../../../shared/api/school.js';
import {
  MarkEntryAnswerSchema,
  MarkHistoryAnswerSchema,
  MarkSubjectsAnswerSchema,
} from '../../../shared/api/school-admin.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { type Caller, callAs, type SchoolFixture, schoolFixture } from '../../test/school-fixtures.js';

describe.each(TEST_ENGINES)('marks entry on %s', (engine) => {
  let t: TestApp;
  let f: SchoolFixture;
  /** A subject teacher@ teaches in KG (student@'s class), and one they do not. */
  let taught: number;
  let notTaught: number;

  beforeAll(async () => {
    t = await createTestApp(engine, { demo: true });
    f = await schoolFixture(t);
    const lessons = await t.db
      .selectFrom('class_assignment')
      .select('subject_id')
      .where('teacher_id', '=', f.users.teacher)
      .where('class_id', '=', f.classes.KG)
      .execute();
    const subjects = new Set(lessons.map((l) => l.subject_id));
    taught = lessons[0]?.subject_id ?? 0;
    notTaught = Object.values(f.subjects).find((id) => !subjects.has(id)) ?? 0;
    expect(taught).toBeGreaterThan(0);
    expect(notTaught).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const call = (caller: Caller, method: 'GET' | 'PUT', url: string, payload?: unknown) =>
    callAs(t.app, f, caller, {
      method,
      url,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  /** The pupil's mark in the subject's latest exam up to today (where marks go when no exam is named). */
  const markOf = async (studentId: number, subjectId: number) =>
    (
      await t.db
        .selectFrom('mark')
        .innerJoin('exam', 'exam.id', 'mark.exam_id')
        .select('marks')
        .where('student_id', '=', studentId)
        .where('mark.subject_id', '=', subjectId)
        .orderBy('exam.exam_date', 'desc')
        .orderBy('exam.id', 'desc')
        .executeTakeFirst()
    )?.marks;
  const historyCount = async (studentId: number) =>
    Number(
      (
        await t.db
          .selectFrom('mark_change')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('student_id', '=', studentId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('GET marks: the class’s current pupils with their marks, for its teacher and the principal', async () => {
    const url = `/api/marks?classId=${f.classes.KG}&subjectId=${taught}`;
    const res = await call('teacher', 'GET', url);
    expect(res.statusCode).toBe(200);
    const rows = MarkEntryAnswerSchema.parse(res.json()).data;
    const pupil = rows.find((r) => r.studentId === f.users.student);
    expect(pupil?.marks).toBe(await markOf(f.users.student, taught));
    expect(rows.some((r) => r.studentId === f.users.student2)).toBe(false);
    expect((await call('principal', 'GET', url)).statusCode).toBe(200);
  });

  it('GET marks: 404 for a class or subject the teacher does not teach, 403 for a pupil, 400 without ids', async () => {
    expect(
      (await call('teacher2', 'GET', `/api/marks?classId=${f.classes.KG}&subjectId=${taught}`)).statusCode,
    ).toBe(404);
    expect(
      (await call('teacher', 'GET', `/api/marks?classId=${f.classes.KG}&subjectId=${notTaught}`)).statusCode,
    ).toBe(404);
    expect(
      (await call('student', 'GET', `/api/marks?classId=${f.classes.KG}&subjectId=${taught}`)).statusCode,
    ).toBe(403);
    const bad = await call('teacher', 'GET', '/api/marks?classId=x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'classId' })]),
    );
  });

  it('GET marks/subjects: a teacher gets the subjects they teach in that class, the principal all', async () => {
    const names = async (caller: Caller, classId: number) => {
      const res = await call(caller, 'GET', `/api/marks/subjects?classId=${classId}`);
      expect(res.statusCode).toBe(200);
      return MarkSubjectsAnswerSchema.parse(res.json()).data.map((row) => row.id);
    };
    const teachesInKg = await t.db
      .selectFrom('class_assignment')
      .select('subject_id')
      .distinct()
      .where('teacher_id', '=', f.users.teacher)
      .where('class_id', '=', f.classes.KG)
      .execute();
    expect((await names('teacher', f.classes.KG)).sort()).toEqual(
      teachesInKg.map((r) => r.subject_id).sort(),
    );
    expect(await names('teacher', f.classes.KG)).not.toContain(notTaught);
    // teacher2@ teaches nothing in KG.
    expect(await names('teacher2', f.classes.KG)).toEqual([]);
    expect((await names('principal', f.classes.KG)).sort()).toEqual(Object.values(f.subjects).sort());
    expect((await call('student', 'GET', `/api/marks/subjects?classId=${f.classes.KG}`)).statusCode).toBe(
      403,
    );
    expect((await call('teacher', 'GET', '/api/marks/subjects?classId=0x1')).statusCode).toBe(400);
  });

  it('PUT marks: saves, history only on change; the pupil’s sheet waits for the exam’s release', async () => {
    const sheetBefore = (await call('student', 'GET', `/api/student/result/${f.users.student}`)).json();
    const before = await markOf(f.users.student, taught);
    const next = before === 77 ? 78 : 77;
    const historyBefore = await historyCount(f.users.student);
    const res = await call('teacher', 'PUT', '/api/marks', [
      { studentId: f.users.student, subjectId: taught, marks: next },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { saved: 1, changed: 1 } });
    expect(await markOf(f.users.student, taught)).toBe(next);
    expect(await historyCount(f.users.student)).toBe(historyBefore + 1);

    // The same value again: saved, no history.
    const again = await call('teacher', 'PUT', '/api/marks', [
      { studentId: f.users.student, subjectId: taught, marks: next },
    ]);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ data: { saved: 1, changed: 0 } });
    expect(await historyCount(f.users.student)).toBe(historyBefore + 1);

    const subjectName = (
      await t.db.selectFrom('subject').select('name').where('id', '=', taught).executeTakeFirstOrThrow()
    ).name;
    const list = await call('teacher', 'GET', `/api/marks?classId=${f.classes.KG}&subjectId=${taught}`);
    const entry = MarkEntryAnswerSchema.parse(list.json());
    expect(entry.data.find((r) => r.studentId === f.users.student)?.marks).toBe(next);
    // The demo's latest test of this lesson is not released: the pupil sees what they saw before.
    expect(entry.exam?.released).toBe(false);
    const sheet = await call('student', 'GET', `/api/student/result/${f.users.student}`);
    expect(StudentResultAnswerSchema.parse(sheet.json())).toEqual(sheetBefore);

    const history = await call('principal', 'GET', `/api/marks/history/${f.users.student}`);
    expect(history.statusCode).toBe(200);
    const first = MarkHistoryAnswerSchema.parse(history.json()).data[0];
    expect(first).toMatchObject({ subjectName, oldMarks: before ?? null, newMarks: next });
    expect(first?.changedBy).toBeTruthy();
  });

  it('PUT marks: a new mark is inserted with a history row from null', async () => {
    await t.db
      .deleteFrom('mark')
      .where('student_id', '=', f.users.student)
      .where('subject_id', '=', taught)
      .execute();
    const res = await call('principal', 'PUT', '/api/marks', [
      { studentId: f.users.student, subjectId: taught, marks: 55 },
    ]);
    expect(res.statusCode).toBe(200);
    expect(await markOf(f.users.student, taught)).toBe(55);
    const history = MarkHistoryAnswerSchema.parse(
      (await call('principal', 'GET', `/api/marks/history/${f.users.student}`)).json(),
    ).data;
    expect(history[0]).toMatchObject({ oldMarks: null, newMarks: 55 });
  });

  it('PUT marks: all or nothing — one row the teacher may not mark fails the batch with 404 naming it', async () => {
    const before = await markOf(f.users.student, taught);
    const beforeOther = await markOf(f.users.student2, taught);
    const res = await call('teacher', 'PUT', '/api/marks', [
      { studentId: f.users.student, subjectId: taught, marks: 11 },
      { studentId: f.users.student, subjectId: notTaught, marks: 12 },
      { studentId: 999_999, subjectId: taught, marks: 13 },
    ]);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toEqual([
      '1.studentId',
      '2.studentId',
    ]);
    expect(await markOf(f.users.student, taught)).toBe(before);
    // teacher2 does not teach KG: 404, nothing saved.
    const other = await call('teacher2', 'PUT', '/api/marks', [
      { studentId: f.users.student, subjectId: taught, marks: 11 },
    ]);
    expect(other.statusCode).toBe(404);
    expect(await markOf(f.users.student, taught)).toBe(before);
    expect(await markOf(f.users.student2, taught)).toBe(beforeOther);
  });

  it('PUT marks: 400 with field details for a bad body, 403 for a pupil', async () => {
    const res = await call('teacher', 'PUT', '/api/marks', [
      { studentId: f.users.student, subjectId: taught, marks: 101 },
      { studentId: f.users.student, subjectId: taught, marks: 5.5 },
    ]);
    expect(res.statusCode).toBe(400);
    const fields = res.json().error.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['0.marks', '1.marks']));
    const twice = await call('teacher', 'PUT', '/api/marks', [
      { studentId: f.users.student, subjectId: taught, marks: 1 },
      { studentId: f.users.student, subjectId: taught, marks: 2 },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(
      (
        await call('student', 'PUT', '/api/marks', [
          { studentId: f.users.student, subjectId: taught, marks: 1 },
        ])
      ).statusCode,
    ).toBe(403);
  });

  it('GET marks/history: principal only; 404 for an id that is not a pupil', async () => {
    expect((await call('teacher', 'GET', `/api/marks/history/${f.users.student}`)).statusCode).toBe(403);
    expect((await call('principal', 'GET', `/api/marks/history/${f.users.teacher}`)).statusCode).toBe(404);
  });
});
