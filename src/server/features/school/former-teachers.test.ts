import { describe, expect, it } from 'vitest';
import { PupilYearsAnswerSchema } from '../../../shared/api/rollover.js';
import { ResultAnswerSchema, ResultSummaryAnswerSchema } from '../../../shared/api/school.js';
import { SchoolYearAnswerSchema } from '../../../shared/api/school-years.js';
import { nowIso } from '../../lib/time.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { bearer, type Caller, callAs, userWithSession, withDemoSchool } from '../../test/school-fixtures.js';
import { findPupilOfRecords } from './school.policy.js';

/**
 * A teacher keeps reading what they taught (docs/decisions/0095-past-sight.md). On the demo school
 * (2026–2027 current): a teacher of KG only, KG's report cards of the first term published, then the
 * rollover into 2027–2028 moves student@ from KG to Class 1. The KG teacher still reads her marks,
 * years and report card of KG's time; not her Class 1 marks, not her register, and nothing of a
 * pupil they never taught.
 */

describe.each(TEST_ENGINES)('a former teacher on %s', (engine) => {
  const { t, f } = withDemoSchool(engine);
  let former = { id: 0, token: '' };
  let firstTermId = 0;
  let newTermId = 0;

  const call = (caller: Caller, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    callAs(t.app, f, caller, {
      method,
      url: `/api${url}`,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const asFormer = (method: 'GET' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: bearer(former.token),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  it('rolls the school over after KG’s cards of the first term are published', async () => {
    former = await userWithSession(t.db, 'Teacher', 'Fran Former');
    await t.db
      .insertInto('class_assignment')
      .values({
        teacher_id: former.id,
        class_id: f.classes.KG,
        subject_id: f.subjects.English,
        time_slot_id: f.slots[0] ?? 0,
        created_at: nowIso(),
      })
      .execute();
    const first = await t.db
      .selectFrom('school_term as t')
      .innerJoin('school_year as y', 'y.id', 't.year_id')
      .select('t.id')
      .where('y.is_current', '=', 1)
      .orderBy('t.first_day')
      .executeTakeFirstOrThrow();
    firstTermId = first.id;
    const published = await call(
      'principal',
      'POST',
      `/report-cards/classes/${f.classes.KG}/terms/${firstTermId}/publish`,
    );
    expect(published.statusCode, published.body).toBe(200);

    const year = await call('principal', 'POST', '/admin/school-years', {
      name: '2027–2028',
      firstDay: '2027-09-01',
      lastDay: '2028-07-31',
    });
    expect(year.statusCode, year.body).toBe(201);
    const yearId = SchoolYearAnswerSchema.parse(year.json()).data.id;
    const term = await call('principal', 'POST', `/admin/school-years/${yearId}/terms`, {
      name: 'Autumn 2027',
      firstDay: '2027-09-01',
      lastDay: '2027-12-17',
    });
    expect(term.statusCode, term.body).toBe(201);
    newTermId = (term.json() as { data: { id: number } }).data.id;
    const run = await call('principal', 'POST', '/admin/rollover', { toYearId: yearId });
    expect(run.statusCode, run.body).toBe(201);

    // A mark of the new class, in the new year: not the former teacher's.
    const exam = await t.db
      .insertInto('exam')
      .values({
        class_id: f.classes['Class 1'],
        subject_id: f.subjects.English,
        exam_date: '2027-09-20',
        time: '09:00 - 10:00',
        created_at: nowIso(),
        term_id: newTermId,
        released_at: nowIso(),
        released_by: f.users.principal,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('mark')
      .values({
        student_id: f.users.student,
        class_id: f.classes['Class 1'],
        subject_id: f.subjects.English,
        exam_id: exam.id,
        marks: 77,
        changed_after_release: 0,
        updated_by: f.users.principal,
        updated_at: nowIso(),
      })
      .execute();
  });

  it('reads the years they taught the pupil in, and only those', async () => {
    const all = PupilYearsAnswerSchema.parse(
      (await call('principal', 'GET', `/pupils/${f.users.student}/years`)).json(),
    );
    expect(all.data.map((year) => year.name)).toContain('2027–2028');
    const res = await asFormer('GET', `/pupils/${f.users.student}/years`);
    expect(res.statusCode, res.body).toBe(200);
    const years = PupilYearsAnswerSchema.parse(res.json()).data;
    expect(years.map((year) => year.name)).toEqual(['2026–2027']);
    expect(years[0]?.classes).toEqual(['KG']);
  });

  it('within a year, reads only the terms they taught the pupil in (a pupil who changed class mid-year)', async () => {
    // A pupil in KG for the first term of 2026–2027, then in Class 1, where a released mark is given.
    // The year rolled over from: the one holding the first term.
    const lastYear = await t.db
      .selectFrom('school_term as term')
      .innerJoin('school_year as y', 'y.id', 'term.year_id')
      .select(['y.id', 'y.name', 'y.last_day'])
      .where('term.id', '=', firstTermId)
      .executeTakeFirstOrThrow();
    const terms = await t.db
      .selectFrom('school_term')
      .select(['id', 'first_day', 'last_day'])
      .where('year_id', '=', lastYear.id)
      .orderBy('first_day')
      .execute();
    const [autumn, spring] = terms;
    if (!autumn || !spring) throw new Error('The demo year has three terms.');
    const mover = await userWithSession(t.db, 'Student', 'Mo Mover');
    await t.db
      .insertInto('enrolment')
      .values([
        {
          student_id: mover.id,
          class_id: f.classes.KG,
          started_on: autumn.first_day,
          ended_on: autumn.last_day,
        },
        {
          student_id: mover.id,
          class_id: f.classes['Class 1'],
          started_on: spring.first_day,
          ended_on: '2027-07-31',
        },
      ])
      .execute();
    const exam = await t.db
      .insertInto('exam')
      .values({
        class_id: f.classes['Class 1'],
        subject_id: f.subjects.English,
        exam_date: spring.first_day,
        time: '09:00 - 10:00',
        created_at: nowIso(),
        term_id: spring.id,
        released_at: nowIso(),
        released_by: f.users.principal,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('mark')
      .values({
        student_id: mover.id,
        class_id: f.classes['Class 1'],
        subject_id: f.subjects.English,
        exam_id: exam.id,
        marks: 64,
        changed_after_release: 0,
        updated_by: f.users.principal,
        updated_at: nowIso(),
      })
      .execute();

    const whole = PupilYearsAnswerSchema.parse(
      (await call('principal', 'GET', `/pupils/${mover.id}/years`)).json(),
    ).data.find((year) => year.name === lastYear.name);
    expect(whole?.terms.find((term) => term.termId === spring.id)?.marks?.subjects).toEqual([
      { subjectName: 'English', marks: 64 },
    ]);
    const res = await asFormer('GET', `/pupils/${mover.id}/years`);
    expect(res.statusCode, res.body).toBe(200);
    const years = PupilYearsAnswerSchema.parse(res.json()).data;
    expect(years.map((year) => year.name)).toEqual([lastYear.name]);
    expect(years[0]?.terms.map((term) => term.termId)).toEqual([autumn.id]);
  });

  it('reads the marks and mark sheet of KG’s time, not those of the new class', async () => {
    const rows = await asFormer('GET', `/result/assign_result/${f.users.student}`);
    expect(rows.statusCode, rows.body).toBe(200);
    const marks = ResultAnswerSchema.parse(rows.json()).data;
    expect(marks.length).toBeGreaterThan(0);
    expect(new Set(marks.map((row) => row.classes))).toEqual(new Set(['KG']));
    expect(marks.some((row) => row.marks === 77)).toBe(false);
    // The principal sees the new class's mark too: it is there, just not the former teacher's.
    const everything = ResultAnswerSchema.parse(
      (await call('principal', 'GET', `/result/assign_result/${f.users.student}`)).json(),
    ).data;
    expect(everything.some((row) => row.classes === 'Class 1' && row.marks === 77)).toBe(true);

    const sheet = await asFormer('GET', `/result-summary/${f.users.student}?termId=${firstTermId}`);
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(ResultSummaryAnswerSchema.parse(sheet.json()).data.rows.length).toBeGreaterThan(0);
    expect((await asFormer('GET', `/student/result/${f.users.student}`)).statusCode).toBe(200);
    for (const url of [
      `/result-summary/${f.users.student}?termId=${newTermId}`,
      `/result/assign_result/${f.users.student}?termId=${newTermId}`,
      `/result-summary/${f.users.student}?termId=999999`,
    ])
      expect((await asFormer('GET', url)).statusCode, url).toBe(404);
  });

  it('reads the report card of a term they taught the pupil in, and writes nothing on it', async () => {
    const card = await asFormer('GET', `/report-cards/pupils/${f.users.student}/terms/${firstTermId}`);
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json().data.content.className).toBe('KG');
    const pdf = await asFormer(
      'GET',
      `/report-cards/pupils/${f.users.student}/terms/${firstTermId}/card.pdf`,
    );
    expect(pdf.statusCode).toBe(200);
    expect(
      (await asFormer('GET', `/report-cards/pupils/${f.users.student}/terms/${newTermId}`)).statusCode,
    ).toBe(404);
    const comment = await asFormer(
      'PUT',
      `/report-cards/classes/${f.classes.KG}/terms/${firstTermId}/comments`,
      {
        subjectComments: [
          { studentId: f.users.student, subjectId: f.subjects.English, comment: 'Still here?' },
        ],
      },
    );
    expect(comment.statusCode).toBe(404);
  });

  it('gets the 404 of today for the pupil’s other records, and for a pupil never taught', async () => {
    for (const url of [
      `/attendance/student/${f.users.student}`,
      `/pupils/${f.users.student2}/years`,
      `/result/assign_result/${f.users.student2}`,
      `/result-summary/${f.users.student2}`,
      `/report-cards/pupils/${f.users.student2}/terms/${firstTermId}`,
    ])
      expect((await asFormer('GET', url)).statusCode, url).toBe(404);
  });

  it('the policy: a former teacher sees the pupil by their spells, a current one whole', async () => {
    const formerView = await findPupilOfRecords(t.db, { id: former.id, type: 'Teacher' }, f.users.student);
    expect(formerView).toMatchObject({ classId: null, className: null });
    expect(formerView?.taught).toEqual([
      { classId: f.classes.KG, firstDay: expect.any(String), lastDay: '2027-07-31' },
    ]);
    const current = await findPupilOfRecords(
      t.db,
      { id: f.users.teacher2, type: 'Teacher' },
      f.users.student,
    );
    expect(current).toMatchObject({ className: 'Class 1', taught: null });
    expect(
      await findPupilOfRecords(t.db, { id: former.id, type: 'Teacher' }, f.users.student2),
    ).toBeUndefined();
    expect(
      await findPupilOfRecords(t.db, { id: f.users.student2, type: 'Student' }, f.users.student),
    ).toBeUndefined();
  });
});
