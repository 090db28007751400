import { describe, expect, it } from 'vitest';
import {
  ResultAnswerSchema,
  ResultSummaryAnswerSchema,
  StudentResultAnswerSchema,
  TeacherResultAnswerSchema,
} from '../../../shared/api/school.js';
import {
  ExamAnswerSchema,
  LessonExamsAnswerSchema,
  MarkEntryAnswerSchema,
  MarkHistoryAnswerSchema,
  ReleasedExamAnswerSchema,
} from '../../../shared/api/school-admin.js';
import { subjectMark } from '../../../shared/rules/mark-sheet.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { termFrom } from '../../test/school-days.js';
import { type Caller, callAs, withDemoSchool } from '../../test/school-fixtures.js';
import { schoolToday } from '../settings/settings.repository.js';
import { termSubjectMarks } from './marks.repository.js';

/**
 * Marks released, not leaked (docs/decisions/0087-released-marks.md). The demo's KG has, in one
 * subject taught by teacher@, a test marked three days ago and not released; every lesson also has
 * a released term test. The tests run in order: before the release, the release, a change after it.
 */
describe.each(TEST_ENGINES)('released marks on %s', (engine) => {
  const { t, f } = withDemoSchool(engine);

  const call = (
    caller: Caller | undefined,
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    callAs(t.app, f, caller, {
      method,
      url,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  /**
   * The unreleased test, the released test of the same lesson, their subject's name and student@'s
   * marks in both, as they were before these tests (read once: the tests release and change them).
   */
  let before: Awaited<ReturnType<typeof readLesson>> | undefined;
  async function lesson() {
    before ??= await readLesson();
    return before;
  }
  async function readLesson() {
    const today = await schoolToday(t.db);
    const unreleased = await t.db
      .selectFrom('exam')
      .selectAll()
      .where('class_id', '=', f.classes.KG)
      .where('exam_date', '<=', today)
      .where('released_at', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const released = await t.db
      .selectFrom('exam')
      .selectAll()
      .where('class_id', '=', f.classes.KG)
      .where('subject_id', '=', unreleased.subject_id)
      .where('id', '!=', unreleased.id)
      .where('exam_date', '<=', today)
      .executeTakeFirstOrThrow();
    const markIn = async (examId: number) =>
      (
        await t.db
          .selectFrom('mark')
          .select('marks')
          .where('exam_id', '=', examId)
          .where('student_id', '=', f.users.student)
          .executeTakeFirstOrThrow()
      ).marks;
    const subject = await t.db
      .selectFrom('subject')
      .select('name')
      .where('id', '=', unreleased.subject_id)
      .executeTakeFirstOrThrow();
    return {
      today,
      unreleased,
      released,
      subjectName: subject.name,
      newMark: await markIn(unreleased.id),
      oldMark: await markIn(released.id),
    };
  }

  const sheetRow = async (
    caller: Caller,
    route: 'student/result' | 'result-summary',
    subjectName: string,
  ) => {
    const res = await call(caller, 'GET', `/api/${route}/${f.users.student}`);
    expect(res.statusCode).toBe(200);
    const rows =
      route === 'student/result'
        ? StudentResultAnswerSchema.parse(res.json()).data
        : ResultSummaryAnswerSchema.parse(res.json()).data.rows;
    return rows.find((r) => r.subjectName === subjectName);
  };
  const resultRows = async (caller: Caller, url: string) => {
    const res = await call(caller, 'GET', url);
    expect(res.statusCode).toBe(200);
    return ResultAnswerSchema.parse(res.json()).data;
  };

  it('pupils and guardians do not see an unreleased exam’s marks in any route; staff see them, flagged', async () => {
    const { unreleased, released, subjectName, newMark, oldMark } = await lesson();
    expect(newMark).not.toBe(oldMark);
    for (const caller of ['student', 'parent'] as const) {
      for (const url of ['/api/result', `/api/result/assign_result/${f.users.student}`]) {
        const rows = await resultRows(caller, url);
        expect(rows.some((r) => r.examId === unreleased.id)).toBe(false);
        expect(rows.some((r) => r.examId === released.id)).toBe(true);
        expect(rows.every((r) => r.released)).toBe(true);
      }
      expect((await sheetRow(caller, 'student/result', subjectName))?.marks).toBe(oldMark);
      expect((await sheetRow(caller, 'result-summary', subjectName))?.marks).toBe(oldMark);
    }
    for (const caller of ['teacher', 'principal'] as const) {
      const rows = await resultRows(caller, `/api/result/assign_result/${f.users.student}`);
      expect(rows.find((r) => r.examId === unreleased.id)).toMatchObject({ released: false, marks: newMark });
      expect(rows.find((r) => r.examId === released.id)).toMatchObject({ released: true, marks: oldMark });
      expect((await resultRows(caller, '/api/result')).some((r) => r.examId === unreleased.id)).toBe(true);
      // teacher/result (staff only) divides by the same sheet: every exam, released or not.
      const list = TeacherResultAnswerSchema.parse(
        (await call(caller, 'GET', '/api/teacher/result')).json(),
      ).data;
      const summary = ResultSummaryAnswerSchema.parse(
        (await call(caller, 'GET', `/api/result-summary/${f.users.student}`)).json(),
      ).data;
      expect(list.find((r) => r.studentId === f.users.student)?.result).toBe(summary.division);
      // Staff's mark sheet: the subject's mark is the rounded mean of both tests.
      expect((await sheetRow(caller, 'result-summary', subjectName))?.marks).toBe(
        subjectMark([oldMark, newMark]),
      );
    }

    const exams = await call(
      'teacher',
      'GET',
      `/api/marks/exams?classId=${f.classes.KG}&subjectId=${unreleased.subject_id}`,
    );
    expect(exams.statusCode).toBe(200);
    const list = LessonExamsAnswerSchema.parse(exams.json()).data;
    expect(list.find((x) => x.id === unreleased.id)).toMatchObject({ released: false, releasedAt: null });
    expect(list.find((x) => x.id === released.id)?.released).toBe(true);
    expect(list.every((x) => x.termId !== null && x.termName !== null)).toBe(true);
    expect(
      (
        await call(
          'teacher2',
          'GET',
          `/api/marks/exams?classId=${f.classes.KG}&subjectId=${unreleased.subject_id}`,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          'student',
          'GET',
          `/api/marks/exams?classId=${f.classes.KG}&subjectId=${unreleased.subject_id}`,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('termSubjectMarks: each pupil’s subjects of a term by name, the mean of its exams, released only if asked', async () => {
    const { unreleased, subjectName, newMark, oldMark } = await lesson();
    const termId = unreleased.term_id as number;
    const releasedOnly = await termSubjectMarks(t.db, [f.users.student, f.users.student2], termId, {
      releasedOnly: true,
    });
    const all = await termSubjectMarks(t.db, [f.users.student], termId, { releasedOnly: false });
    const own = releasedOnly.get(f.users.student) ?? [];
    expect(own).toHaveLength(6);
    expect(own.map((s) => s.subjectName)).toEqual(
      [...own.map((s) => s.subjectName)].sort((a, b) => a.localeCompare(b)),
    );
    expect(own.find((s) => s.subjectName === subjectName)?.marks).toBe(oldMark);
    expect(all.get(f.users.student)?.find((s) => s.subjectName === subjectName)).toMatchObject({
      marks: subjectMark([oldMark, newMark]),
      changedAfterRelease: false,
    });
    expect(releasedOnly.get(f.users.student2)).toHaveLength(6);
    const other = await t.db
      .selectFrom('school_term')
      .select('id')
      .where('id', '!=', termId)
      .executeTakeFirstOrThrow();
    expect((await termSubjectMarks(t.db, [f.users.student], other.id, { releasedOnly: false })).size).toBe(0);
    expect(await resultRows('student', `/api/result?termId=${other.id}`)).toEqual([]);
    expect((await resultRows('student', `/api/result?termId=${termId}`)).length).toBe(6);
    expect((await call('student', 'GET', '/api/result?termId=x')).statusCode).toBe(400);
  });

  it('release: another teacher gets 404, pupils and parents 403, an unknown exam 404', async () => {
    const { unreleased } = await lesson();
    const url = `/api/exams/${unreleased.id}/release`;
    expect((await call('teacher2', 'POST', url)).statusCode).toBe(404);
    expect((await call('student', 'POST', url)).statusCode).toBe(403);
    expect((await call('parent', 'POST', url)).statusCode).toBe(403);
    expect((await call(undefined, 'POST', url)).statusCode).toBe(401);
    expect((await call('principal', 'POST', '/api/exams/999999/release')).statusCode).toBe(404);
    expect((await call('principal', 'POST', '/api/exams/abc/release')).statusCode).toBe(400);
    const still = await t.db
      .selectFrom('exam')
      .select('released_at')
      .where('id', '=', unreleased.id)
      .executeTakeFirstOrThrow();
    expect(still.released_at).toBeNull();
  });

  it('the lesson’s teacher releases; pupils and guardians then see the marks; releasing again changes nothing', async () => {
    const { unreleased, subjectName, newMark, oldMark } = await lesson();
    const res = await call('teacher', 'POST', `/api/exams/${unreleased.id}/release`);
    expect(res.statusCode).toBe(200);
    const { data } = ReleasedExamAnswerSchema.parse(res.json());
    expect(data).toMatchObject({ id: unreleased.id, released: true });
    expect(data.releasedAt).toEqual(expect.any(String));
    const again = ReleasedExamAnswerSchema.parse(
      (await call('principal', 'POST', `/api/exams/${unreleased.id}/release`)).json(),
    ).data;
    expect(again.releasedAt).toBe(data.releasedAt);

    for (const caller of ['student', 'parent'] as const) {
      const rows = await resultRows(caller, `/api/result/assign_result/${f.users.student}`);
      expect(rows.find((r) => r.examId === unreleased.id)).toMatchObject({
        marks: newMark,
        released: true,
        changedAfterRelease: false,
      });
      expect((await sheetRow(caller, 'student/result', subjectName))?.marks).toBe(
        subjectMark([oldMark, newMark]),
      );
    }
  });

  it('the principal releases any exam, one with no marks too', async () => {
    const today = await schoolToday(t.db);
    const upcoming = await t.db
      .selectFrom('exam')
      .select('id')
      .where('exam_date', '>', today)
      .where('class_id', '=', f.classes['Class 1'])
      .executeTakeFirstOrThrow();
    const res = await call('principal', 'POST', `/api/exams/${upcoming.id}/release`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.released).toBe(true);
  });

  it('a mark changed after release is flagged to everyone who sees it and kept in the audit', async () => {
    const { unreleased, subjectName, newMark } = await lesson();
    const changed = newMark === 60 ? 61 : 60;
    const put = await call('teacher', 'PUT', `/api/marks?examId=${unreleased.id}`, [
      { studentId: f.users.student, subjectId: unreleased.subject_id, marks: changed },
    ]);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ data: { saved: 1, changed: 1 } });

    const stored = await t.db
      .selectFrom('mark')
      .select(['marks', 'changed_after_release'])
      .where('exam_id', '=', unreleased.id)
      .where('student_id', '=', f.users.student)
      .executeTakeFirstOrThrow();
    expect(stored.marks).toBe(changed);
    expect(Number(stored.changed_after_release)).toBe(1);
    const audit = await t.db
      .selectFrom('mark_change')
      .selectAll()
      .where('exam_id', '=', unreleased.id)
      .where('student_id', '=', f.users.student)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ old_marks: newMark, new_marks: changed, changed_by: f.users.teacher });
    expect(Number(audit.after_release)).toBe(1);

    for (const caller of ['student', 'parent', 'teacher', 'principal'] as const) {
      const rows = await resultRows(caller, `/api/result/assign_result/${f.users.student}`);
      expect(rows.find((r) => r.examId === unreleased.id)?.changedAfterRelease, caller).toBe(true);
      expect(rows.filter((r) => r.changedAfterRelease)).toHaveLength(1);
      expect((await sheetRow(caller, 'student/result', subjectName))?.changedAfterRelease, caller).toBe(true);
      expect((await sheetRow(caller, 'result-summary', subjectName))?.changedAfterRelease, caller).toBe(true);
    }
    const entry = MarkEntryAnswerSchema.parse(
      (
        await call(
          'teacher',
          'GET',
          `/api/marks?classId=${f.classes.KG}&subjectId=${unreleased.subject_id}&examId=${unreleased.id}`,
        )
      ).json(),
    );
    expect(entry.exam?.id).toBe(unreleased.id);
    expect(entry.data.find((r) => r.studentId === f.users.student)).toMatchObject({
      marks: changed,
      changedAfterRelease: true,
    });
    expect(entry.data.filter((r) => r.changedAfterRelease)).toHaveLength(1);
    const history = MarkHistoryAnswerSchema.parse(
      (await call('principal', 'GET', `/api/marks/history/${f.users.student}`)).json(),
    ).data;
    expect(history[0]).toMatchObject({
      subjectName,
      oldMarks: newMark,
      newMarks: changed,
      afterRelease: true,
    });
    expect(history[0]?.examDate).toBe(unreleased.exam_date);
  });

  it('marks entry names an exam of the lesson only; an exam holding marks is not deleted', async () => {
    const { unreleased } = await lesson();
    const otherLesson = await t.db
      .selectFrom('exam')
      .select(['id', 'subject_id'])
      .where('class_id', '=', f.classes.KG)
      .where('subject_id', '!=', unreleased.subject_id)
      .executeTakeFirstOrThrow();
    const wrong = await call('teacher', 'PUT', `/api/marks?examId=${otherLesson.id}`, [
      { studentId: f.users.student, subjectId: unreleased.subject_id, marks: 50 },
    ]);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error.details).toEqual([expect.objectContaining({ field: '0.subjectId' })]);
    expect(
      (
        await call('teacher', 'PUT', '/api/marks?examId=999999', [
          { studentId: f.users.student, subjectId: unreleased.subject_id, marks: 50 },
        ])
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          'teacher',
          'GET',
          `/api/marks?classId=${f.classes.KG}&subjectId=${unreleased.subject_id}&examId=${otherLesson.id}`,
        )
      ).statusCode,
    ).toBe(404);
    expect((await call('teacher', 'PUT', '/api/marks?examId=x', [])).statusCode).toBe(400);
    const deleted = await call('principal', 'DELETE', `/api/admin/exams/${unreleased.id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().error).toMatchObject({
      code: 'IN_USE',
      message: 'This exam cannot be deleted while it holds marks.',
    });
  });

  it('an exam belongs to the term of its date; a day in no term is refused', async () => {
    const { today } = await lesson();
    // The term holding today, else the next: an exam goes neither in the past nor between terms.
    const term = await termFrom(t.db, today);
    const body = { classId: f.classes.KG, subjectId: f.subjects.English, time: '09:00 - 10:00' };
    const made = await call('principal', 'POST', '/api/exams', { ...body, date: term.last_day });
    expect(made.statusCode).toBe(201);
    expect(ExamAnswerSchema.parse(made.json()).data.termId).toBe(term.id);
    const dayAfter = new Date(Date.parse(`${term.last_day}T00:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    const inNoTerm = await t.db
      .selectFrom('school_term')
      .select('id')
      .where('first_day', '<=', dayAfter)
      .where('last_day', '>=', dayAfter)
      .executeTakeFirst();
    expect(inNoTerm).toBeUndefined();
    const refused = await call('principal', 'POST', '/api/exams', { ...body, date: dayAfter });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details).toEqual([
      { field: 'date', message: 'is in no term of a school year; add the term first' },
    ]);
    const count = await t.db.selectFrom('exam').select('id').where('exam_date', '=', dayAfter).execute();
    expect(count).toHaveLength(0);

    // A later term without fee plans: its exam keeps it from being deleted.
    const later = await termFrom(t.db, dayAfter);
    expect(
      (await call('principal', 'POST', '/api/exams', { ...body, date: later.first_day })).statusCode,
    ).toBe(201);
    const refusedDelete = await call('principal', 'DELETE', `/api/admin/school-terms/${later.id}`);
    expect(refusedDelete.statusCode).toBe(409);
    expect(refusedDelete.json().error.code).toBe('IN_USE');
  });
});
