import { describe, expect, it } from 'vitest';
import {
  ResultAnswerSchema,
  ResultSummaryAnswerSchema,
  StudentExamAnswerSchema,
  StudentResultAnswerSchema,
  TeacherExamAnswerSchema,
  TeacherResultAnswerSchema,
} from '../../../shared/api/school.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { markSheet, subjectMarks } from '../../../shared/rules/mark-sheet.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { type Caller, callAs, userWithSession, withDemoSchool } from '../../test/school-fixtures.js';
import { termSubjectMarks } from './marks.repository.js';
import { NO_MARKS_YET } from './marks.routes.js';

describe.each(TEST_ENGINES)('exams, marks and mark sheets on %s', (engine) => {
  const { t, f } = withDemoSchool(engine);

  const get = (url: string, caller?: Caller) => callAs(t.app, f, caller, { method: 'GET', url });

  /**
   * The pupil's marks in their current class, one per subject (the rounded mean of its exams'), subjects
   * in order, straight from the tables: released exams only unless `all`.
   */
  const marksOf = async (studentId: number, all = false) => {
    let query = t.db
      .selectFrom('mark as m')
      .innerJoin('exam as x', 'x.id', 'm.exam_id')
      .innerJoin('subject as s', 's.id', 'm.subject_id')
      .innerJoin('enrolment as e', (j) =>
        j.onRef('e.student_id', '=', 'm.student_id').onRef('e.class_id', '=', 'm.class_id'),
      )
      .select(['s.id as subjectId', 's.name as subjectName', 'm.marks'])
      .where('m.student_id', '=', studentId)
      .where('e.ended_on', 'is', null)
      .orderBy('s.id');
    if (!all) query = query.where('x.released_at', 'is not', null);
    const rows = await query.execute();
    return subjectMarks(rows.map((r) => ({ ...r, changedAfterRelease: false }))).map((r) => ({
      subjectName: r.subjectName,
      marks: r.marks,
    }));
  };
  /** A mark sheet's rows as the API gives them (nothing changed after release in the demo's). */
  const unchanged = <R extends object>(sheet: { rows: R[] }) => ({
    ...sheet,
    rows: sheet.rows.map((row) => ({ ...row, changedAfterRelease: false })),
  });
  /** The exams of the current school year (of `classId` when given), straight from the tables. */
  const examCount = async (classId?: number) => {
    let query = t.db
      .selectFrom('exam as x')
      .innerJoin('school_term as term', 'term.id', 'x.term_id')
      .innerJoin('school_year as y', 'y.id', 'term.year_id')
      .where('y.is_current', '=', 1);
    if (classId !== undefined) query = query.where('x.class_id', '=', classId);
    return Number((await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  };

  const taughtPairs = async (teacherId: number) =>
    new Set(
      (
        await t.db
          .selectFrom('class_assignment as ca')
          .innerJoin('school_class as c', 'c.id', 'ca.class_id')
          .innerJoin('subject as s', 's.id', 'ca.subject_id')
          .select(['c.name as className', 's.name as subjectName'])
          .where('ca.teacher_id', '=', teacherId)
          .execute()
      ).map((p) => `${p.className}/${p.subjectName}`),
    );

  /**
   * Adds last school year (the one before the current), with a term and an exam of `classId` in it:
   * a class keeps its exams from year to year while its pupils move on.
   */
  const examOfLastYear = async (classId: number) => {
    const current = await t.db
      .selectFrom('school_year')
      .select(['first_day'])
      .where('is_current', '=', 1)
      .executeTakeFirstOrThrow();
    const start = Number(current.first_day.slice(0, 4)) - 1;
    const now = new Date().toISOString();
    const year = await t.db
      .insertInto('school_year')
      .values({
        name: `${start}–${start + 1}`,
        name_key: `${start}-${start + 1}`,
        first_day: `${start}-09-01`,
        last_day: `${start + 1}-07-15`,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const term = await t.db
      .insertInto('school_term')
      .values({
        year_id: year.id,
        name: 'Autumn',
        name_key: 'autumn',
        first_day: `${start}-09-01`,
        last_day: `${start}-12-18`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const subject = await t.db.selectFrom('subject').select('id').orderBy('id').executeTakeFirstOrThrow();
    await t.db
      .insertInto('exam')
      .values({
        class_id: classId,
        subject_id: subject.id,
        exam_date: `${start}-10-05`,
        time: '09:00 - 10:00',
        created_at: now,
        term_id: term.id,
        released_at: now,
        released_by: null,
      })
      .execute();
    return `${start}-10-05`;
  };

  describe('GET student/exam', () => {
    it('a pupil: their class’s exams by date, the time with the date', async () => {
      const res = await get('/api/student/exam', 'student');
      expect(res.statusCode).toBe(200);
      const { data } = StudentExamAnswerSchema.parse(res.json());
      expect(data).toHaveLength(await examCount(f.classes.KG));
      expect(new Set(data.map((x) => x.ClassName))).toEqual(new Set(['KG']));
      expect(data.at(-1)?.ExamTime).toMatch(/^\d{4}-\d{2}-\d{2} 09:00 - 10:00$/);
      const times = data.map((x) => x.ExamTime);
      expect(times).toEqual([...times].sort());
    });

    it('the current school year’s exams only: last year’s exam of the class is left out', async () => {
      const before = StudentExamAnswerSchema.parse((await get('/api/student/exam', 'student')).json()).data;
      const lastYearsDay = await examOfLastYear(f.classes.KG);
      const allOfKG = await t.db
        .selectFrom('exam')
        .select('id')
        .where('class_id', '=', f.classes.KG)
        .execute();
      expect(allOfKG).toHaveLength(before.length + 1);
      for (const caller of ['student', 'principal'] as const) {
        const { data } = StudentExamAnswerSchema.parse((await get('/api/student/exam', caller)).json());
        expect(data.some((x) => x.ExamTime.startsWith(lastYearsDay))).toBe(false);
      }
      expect(StudentExamAnswerSchema.parse((await get('/api/student/exam', 'student')).json()).data).toEqual(
        before,
      );
    });

    it('the principal: every class’s exams; teachers (who use exam/{teacherid}) 403', async () => {
      const { data } = StudentExamAnswerSchema.parse((await get('/api/student/exam', 'principal')).json());
      expect(data).toHaveLength(await examCount());
      expect((await get('/api/student/exam', 'teacher')).statusCode).toBe(403);
      expect((await get('/api/student/exam', 'parent')).statusCode).toBe(403);
      expect((await get('/api/student/exam')).statusCode).toBe(401);
    });
  });

  describe('GET exam/{teacherid}', () => {
    it('a teacher’s own id: the exams of the subjects they teach in their classes', async () => {
      const res = await get(`/api/exam/${f.users.teacher2}`, 'teacher2');
      expect(res.statusCode).toBe(200);
      const { data } = TeacherExamAnswerSchema.parse(res.json());
      const pairs = await taughtPairs(f.users.teacher2);
      expect(new Set(data.map((x) => `${x.classes}/${x.subjectname}`))).toEqual(pairs);
      // The upcoming exam and the released term test of each lesson.
      expect(data).toHaveLength(pairs.size * 2);
      expect(data.map((x) => x.classes)).not.toContain('KG');
    });

    it('the principal may ask for any teacher; a teacher only for themself (404 otherwise)', async () => {
      const mine = (await get(`/api/exam/${f.users.teacher}`, 'teacher')).json();
      const principal = await get(`/api/exam/${f.users.teacher}`, 'principal');
      expect(principal.statusCode).toBe(200);
      expect(principal.json()).toEqual(mine);
      expect((await get(`/api/exam/${f.users.teacher}`, 'teacher2')).statusCode).toBe(404);
      expect((await get(`/api/exam/${f.users.student}`, 'principal')).statusCode).toBe(404);
      expect((await get('/api/exam/999999', 'principal')).statusCode).toBe(404);
    });

    it('pupils 403, bad ids 400 (the original’s literal `:teacherid` included)', async () => {
      expect((await get(`/api/exam/${f.users.teacher}`, 'student')).statusCode).toBe(403);
      expect((await get('/api/exam/:teacherid', 'teacher')).statusCode).toBe(400);
      expect((await get('/api/exam/-1', 'teacher')).statusCode).toBe(400);
    });
  });

  describe('GET result', () => {
    it('a pupil: their own marks only', async () => {
      const { data } = ResultAnswerSchema.parse((await get('/api/result', 'student')).json());
      expect(data).toHaveLength(6);
      expect(new Set(data.map((r) => r.name))).toEqual(new Set(['Aisha Rahman']));
      expect(data.map((r) => ({ subjectName: r.subjectName, marks: r.marks }))).toEqual(
        await marksOf(f.users.student),
      );
    });

    it('a teacher: the marks of the subjects they teach, in the classes they teach them', async () => {
      const { data } = ResultAnswerSchema.parse((await get('/api/result', 'teacher2')).json());
      const pairs = await taughtPairs(f.users.teacher2);
      expect(data.length).toBeGreaterThan(0);
      for (const row of data) expect(pairs.has(`${row.classes}/${row.subjectName}`)).toBe(true);
      expect(data.map((r) => r.name)).not.toContain('Aisha Rahman');
    });

    it('the principal: every mark', async () => {
      const { data } = ResultAnswerSchema.parse((await get('/api/result', 'principal')).json());
      const count = await t.db
        .selectFrom('mark')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(data).toHaveLength(Number(count.n));
      expect((await get('/api/result', 'director')).statusCode).toBe(403);
    });

    it('a parent: the marks of their two children, nobody else’s', async () => {
      const { data } = ResultAnswerSchema.parse((await get('/api/result', 'parent')).json());
      expect(data).toHaveLength(12);
      const names = await t.db.selectFrom('app_user').select('name').where('id', 'in', f.children).execute();
      expect(new Set(data.map((r) => r.name))).toEqual(new Set(names.map((n) => n.name)));
      expect(new Set(data.map((r) => r.classes))).toEqual(new Set(['KG', 'Class 2']));
    });
  });

  describe('the calls about one pupil', () => {
    const PER_PUPIL = ['/api/result/assign_result/', '/api/student/result/', '/api/result-summary/'];

    it('a pupil may see their own and gets 404 for another pupil', async () => {
      for (const base of PER_PUPIL) {
        expect((await get(`${base}${f.users.student}`, 'student')).statusCode, base).toBe(200);
        const other = await get(`${base}${f.users.student2}`, 'student');
        expect(other.statusCode, base).toBe(404);
        expect(other.json().error.code).toBe('NOT_FOUND');
      }
    });

    it('a teacher sees the pupils of the classes they teach, 404 for others', async () => {
      for (const base of PER_PUPIL) {
        expect((await get(`${base}${f.users.student}`, 'teacher')).statusCode, base).toBe(200);
        expect((await get(`${base}${f.users.student2}`, 'teacher2')).statusCode, base).toBe(200);
        expect((await get(`${base}${f.users.student}`, 'teacher2')).statusCode, base).toBe(404);
      }
    });

    it('the principal sees every pupil; a non-pupil or unknown id is 404, a bad id 400', async () => {
      for (const base of PER_PUPIL) {
        expect((await get(`${base}${f.users.student2}`, 'principal')).statusCode, base).toBe(200);
        expect((await get(`${base}${f.users.teacher}`, 'principal')).statusCode, base).toBe(404);
        expect((await get(`${base}999999`, 'principal')).statusCode, base).toBe(404);
        expect((await get(`${base}abc`, 'principal')).statusCode, base).toBe(400);
        expect((await get(`${base}${f.users.student}`, 'director')).statusCode, base).toBe(403);
        expect((await get(`${base}${f.users.student}`)).statusCode, base).toBe(401);
      }
    });

    it('a parent sees their children’s and gets 404 for another family’s child', async () => {
      for (const base of PER_PUPIL) {
        for (const child of f.children) {
          expect((await get(`${base}${child}`, 'parent')).statusCode, base).toBe(200);
        }
        const other = await get(`${base}${f.users.student2}`, 'parent');
        expect(other.statusCode, base).toBe(404);
        expect(other.json().error.code).toBe('NOT_FOUND');
      }
      const summary = await get(`/api/result-summary/${f.users.student}`, 'parent');
      expect(summary.json().data.studentName).toBe('Aisha Rahman');
    });

    it('result/assign_result/{id}: every mark of that pupil', async () => {
      const { data } = ResultAnswerSchema.parse(
        (await get(`/api/result/assign_result/${f.users.student2}`, 'teacher2')).json(),
      );
      expect(data).toHaveLength(6);
      expect(data.every((r) => r.name === 'Leo Fischer' && r.classes === 'Class 1')).toBe(true);
    });

    it('student/result/{id}: one row per subject with PASS or FAIL by the shared rule', async () => {
      const { data } = StudentResultAnswerSchema.parse(
        (await get(`/api/student/result/${f.users.student2}`, 'student2')).json(),
      );
      const expected = unchanged(markSheet(await marksOf(f.users.student2)));
      expect(data).toEqual(expected.rows.map((row) => ({ studentName: 'Leo Fischer', ...row })));
    });

    it('result-summary/{id}: total, percentage and division from markSheet', async () => {
      for (const [caller, id] of [
        ['student', f.users.student],
        ['student2', f.users.student2],
      ] as const) {
        const res = await get(`/api/result-summary/${id}`, caller);
        expect(res.statusCode).toBe(200);
        const { data } = ResultSummaryAnswerSchema.parse(res.json());
        const expected = unchanged(markSheet(await marksOf(id)));
        expect(data).toEqual({ studentName: expect.any(String), ...expected });
      }
      const { data } = ResultSummaryAnswerSchema.parse(
        (await get(`/api/result-summary/${f.users.student}`, 'student')).json(),
      );
      expect(data.studentName).toBe('Aisha Rahman');
      expect(data.division).toBe('First Division');
      expect(data.rows).toHaveLength(6);
    });

    it('the pass mark is the school’s setting', async () => {
      await t.db.updateTable('setting').set({ value: '95' }).where('key', '=', 'pass_mark').execute();
      try {
        const { data } = ResultSummaryAnswerSchema.parse(
          (await get(`/api/result-summary/${f.users.student}`, 'principal')).json(),
        );
        expect(data).toEqual({
          studentName: 'Aisha Rahman',
          ...unchanged(markSheet(await marksOf(f.users.student, true), 95)),
        });
        expect(data.division).toBe('Fail');
        // The list of divisions reads the same setting.
        const list = TeacherResultAnswerSchema.parse((await get('/api/teacher/result', 'principal')).json());
        const row = list.data.find((r) => r.studentId === f.users.student);
        expect(row?.result).toBe('Fail');
      } finally {
        await t.db.updateTable('setting').set({ value: '33' }).where('key', '=', 'pass_mark').execute();
      }
    });
  });

  describe('GET teacher/result', () => {
    it('one row per pupil of the teacher’s classes with the division of their mark sheet', async () => {
      const res = await get('/api/teacher/result', 'teacher2');
      expect(res.statusCode).toBe(200);
      const { data } = TeacherResultAnswerSchema.parse(res.json());
      const pupils = await t.db
        .selectFrom('enrolment')
        .select('student_id')
        .where('ended_on', 'is', null)
        .where(
          'class_id',
          'in',
          t.db.selectFrom('class_assignment').select('class_id').where('teacher_id', '=', f.users.teacher2),
        )
        .execute();
      expect(data.map((r) => r.studentId).sort((a, b) => a - b)).toEqual(
        pupils.map((p) => p.student_id).sort((a, b) => a - b),
      );
      expect(data.map((r) => r.studentId)).not.toContain(f.users.student);
      const leo = data.find((r) => r.studentId === f.users.student2);
      expect(leo).toEqual({
        className: 'Class 1',
        studentName: 'Leo Fischer',
        result: 'Second Division',
        studentId: f.users.student2,
      });
      for (const row of data.slice(0, 10)) {
        expect(row.result).toBe(markSheet(await marksOf(row.studentId)).division);
      }
    });

    it('the principal: every pupil in a class; the divisions of the demo all show up', async () => {
      const { data } = TeacherResultAnswerSchema.parse(
        (await get('/api/teacher/result', 'principal')).json(),
      );
      expect(data).toHaveLength(40);
      expect(new Set(data.map((r) => r.result))).toEqual(
        new Set(['First Division', 'Second Division', 'Third Division', 'Fail']),
      );
      expect((await get('/api/teacher/result', 'student')).statusCode).toBe(403);
      expect((await get('/api/teacher/result', 'parent')).statusCode).toBe(403);
    });

    it('with termId counts that term’s exams only; a term without marks leaves every pupil without', async () => {
      const terms = await t.db
        .selectFrom('school_term')
        .select('id')
        .where(
          'id',
          'in',
          t.db.selectFrom('exam').innerJoin('mark', 'mark.exam_id', 'exam.id').select('exam.term_id'),
        )
        .execute();
      const all = TeacherResultAnswerSchema.parse(
        (await get('/api/teacher/result', 'principal')).json(),
      ).data;
      for (const { id: termId } of terms) {
        const inTerm = TeacherResultAnswerSchema.parse(
          (await get(`/api/teacher/result?termId=${termId}`, 'principal')).json(),
        ).data;
        const sheets = await termSubjectMarks(
          t.db,
          inTerm.map((row) => row.studentId),
          termId,
          { releasedOnly: false },
        );
        expect(inTerm.map((row) => row.studentId)).toEqual(all.map((row) => row.studentId));
        for (const row of inTerm) {
          const subjects = sheets.get(row.studentId);
          expect(row.result).toBe(subjects ? markSheet(subjects).division : NO_MARKS_YET);
        }
      }
      const empty = await t.db
        .selectFrom('school_term')
        .select('id')
        .where(
          'id',
          'not in',
          terms.map((term) => term.id),
        )
        .executeTakeFirstOrThrow();
      const none = TeacherResultAnswerSchema.parse(
        (await get(`/api/teacher/result?termId=${empty.id}`, 'principal')).json(),
      ).data;
      expect(none).toHaveLength(all.length);
      expect(none.every((row) => row.result === NO_MARKS_YET)).toBe(true);
      expect((await get('/api/teacher/result?termId=x', 'principal')).statusCode).toBe(400);
    });

    it(`a pupil without marks yet shows "${NO_MARKS_YET}"; their summary is empty`, async () => {
      const newcomer = await userWithSession(t.db, USER_TYPE.student, 'Nia Newcomer');
      await t.db
        .insertInto('enrolment')
        .values({ student_id: newcomer.id, class_id: f.classes.KG, started_on: '2026-11-20', ended_on: null })
        .execute();
      const { data } = TeacherResultAnswerSchema.parse((await get('/api/teacher/result', 'teacher')).json());
      expect(data.find((r) => r.studentId === newcomer.id)?.result).toBe(NO_MARKS_YET);
      const summary = ResultSummaryAnswerSchema.parse(
        (await get(`/api/result-summary/${newcomer.id}`, 'teacher')).json(),
      );
      expect(summary.data).toMatchObject({ studentName: 'Nia Newcomer', rows: [], total: 0, percentage: 0 });
      await t.db.deleteFrom('enrolment').where('student_id', '=', newcomer.id).execute();
    });
  });
});
