import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClassDayAnswerSchema, OwnClassAnswerSchema } from '../../../shared/api/attendance.js';
import {
  AttendanceHistoryAnswerSchema,
  AttendanceOverviewAnswerSchema,
  ClassAttendanceAnswerSchema,
  ClassAttendanceReportAnswerSchema,
  SavedCountAnswerSchema,
} from '../../../shared/api/school.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { todayInZone } from '../../../shared/school-time.js';
import { demoSettings } from '../../demo/settings.js';
import { isoDate } from '../../lib/time.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TEST_ENGINES } from '../../test/databases.js';
import {
  bearer,
  type Caller,
  callAs,
  type SchoolFixture,
  schoolFixture,
  userWithSession,
} from '../../test/school-fixtures.js';

/** The demo school is seeded as of 2026-11-20: attendance covers the 30 school days before it. */
const DEMO_DAY = '2026-11-19';
// The school's today: the demo school's zone, as the server reads it (settings.repository.ts schoolToday).
const today = () => todayInZone(demoSettings().timeZone);
const dayAfter = (day: string, days = 1) =>
  isoDate(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));

describe.each(TEST_ENGINES)('attendance on %s', (engine) => {
  let t: TestApp;
  let f: SchoolFixture;
  let kgPupils: number[];

  beforeAll(async () => {
    t = await createTestApp(engine, { demo: true });
    f = await schoolFixture(t);
    kgPupils = (
      await t.db
        .selectFrom('enrolment')
        .select('student_id')
        .where('class_id', '=', f.classes.KG)
        .where('ended_on', 'is', null)
        .execute()
    ).map((r) => r.student_id);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const get = (url: string, caller?: Caller) => callAs(t.app, f, caller, { method: 'GET', url });
  const save = (payload: unknown, caller?: Caller) =>
    callAs(t.app, f, caller, { method: 'POST', url: '/api/studentattenance', payload: payload as object });

  const recordsOf = (studentId: number, date: string) =>
    t.db
      .selectFrom('attendance')
      .selectAll()
      .where('student_id', '=', studentId)
      .where('att_date', '=', date)
      .execute();

  describe('GET studentattendace/{classId}', () => {
    it('every current pupil of the class with what was saved on that date', async () => {
      const res = await get(`/api/studentattendace/${f.classes.KG}?date=${DEMO_DAY}`, 'teacher');
      expect(res.statusCode).toBe(200);
      const { data } = ClassAttendanceAnswerSchema.parse(res.json());
      expect(data.map((r) => r.id).sort((a, b) => a - b)).toEqual([...kgPupils].sort((a, b) => a - b));
      const aisha = data.find((r) => r.id === f.users.student);
      const [stored] = await recordsOf(f.users.student, DEMO_DAY);
      expect(aisha).toEqual({
        id: f.users.student,
        name: 'Aisha Rahman',
        att_status: stored?.status,
        discription: stored?.description,
      });
      expect(data.every((r) => r.att_status !== null)).toBe(true);
    });

    it('a date without records: att_status null and an empty description; no date means today', async () => {
      const { data } = ClassAttendanceAnswerSchema.parse(
        (await get(`/api/studentattendace/${f.classes.KG}?date=2026-11-20`, 'principal')).json(),
      );
      expect(data).toHaveLength(kgPupils.length);
      expect(data.every((r) => r.att_status === null && r.discription === '')).toBe(true);
      const todays = await get(`/api/studentattendace/${f.classes['Class 1']}`, 'teacher2');
      expect(todays.statusCode).toBe(200);
      expect(ClassAttendanceAnswerSchema.parse(todays.json()).data.every((r) => r.att_status === null)).toBe(
        true,
      );
    });

    it('another teacher’s class and unknown classes are 404, pupils 403, bad dates and ids 400', async () => {
      expect((await get(`/api/studentattendace/${f.notTaughtByTeacher2}`, 'teacher2')).statusCode).toBe(404);
      expect((await get('/api/studentattendace/999999', 'principal')).statusCode).toBe(404);
      expect((await get(`/api/studentattendace/${f.classes.KG}`, 'student')).statusCode).toBe(403);
      expect((await get(`/api/studentattendace/${f.classes.KG}`, 'parent')).statusCode).toBe(403);
      expect((await get(`/api/studentattendace/${f.classes.KG}`)).statusCode).toBe(401);
      for (const date of ['2026-02-30', '19-11-2026', 'yesterday', '']) {
        const res = await get(`/api/studentattendace/${f.classes.KG}?date=${date}`, 'teacher');
        expect(res.statusCode, date).toBe(400);
        expect(res.json().error.details[0].field).toBe('date');
      }
      expect((await get('/api/studentattendace/KG', 'teacher')).statusCode).toBe(400);
    });
  });

  describe('POST studentattenance', () => {
    const row = (userid: number, overrides: Record<string, unknown> = {}) => ({
      att_date: today(),
      userid,
      att_status: 1,
      discription: '',
      ...overrides,
    });

    it('a teacher saves their class’s day; the class screen shows it; class and recorder are set', async () => {
      const batch = kgPupils.map((id, index) =>
        row(id, index === 0 ? { att_status: 2, discription: 'Fever' } : { att_status: 1 }),
      );
      const res = await save(batch, 'teacher');
      expect(res.statusCode).toBe(200);
      expect(SavedCountAnswerSchema.parse(res.json())).toEqual({ data: { saved: kgPupils.length } });
      const { data } = ClassAttendanceAnswerSchema.parse(
        (await get(`/api/studentattendace/${f.classes.KG}?date=${today()}`, 'teacher')).json(),
      );
      const first = data.find((r) => r.id === kgPupils[0]);
      expect(first).toMatchObject({ att_status: 2, discription: 'Fever' });
      expect(data.filter((r) => r.att_status === 1)).toHaveLength(kgPupils.length - 1);
      const [stored] = await recordsOf(kgPupils[0] as number, today());
      expect(stored).toMatchObject({ class_id: f.classes.KG, recorded_by: f.users.teacher, status: 2 });
    });

    it('saving again for the same pupil and date updates the one record', async () => {
      const first = await save(
        [row(f.users.student2, { att_status: 3, discription: 'Dentist' })],
        'teacher2',
      );
      expect(first.statusCode).toBe(200);
      const second = await save(
        [row(f.users.student2, { att_status: 1, discription: 'Came after all' })],
        'principal',
      );
      expect(second.json()).toEqual({ data: { saved: 1 } });
      const records = await recordsOf(f.users.student2, today());
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({
        status: 1,
        description: 'Came after all',
        recorded_by: f.users.principal,
        class_id: f.classes['Class 1'],
      });
      // A demo day recorded by the class teacher: corrected, still one record.
      await save(
        [row(f.users.student2, { att_date: DEMO_DAY, att_status: 3, discription: 'Family trip' })],
        'teacher',
      );
      const corrected = await recordsOf(f.users.student2, DEMO_DAY);
      expect(corrected).toHaveLength(1);
      expect(corrected[0]).toMatchObject({
        status: 3,
        description: 'Family trip',
        recorded_by: f.users.teacher,
      });
    });

    it('all or nothing: one pupil the teacher does not teach in a batch saves none (404)', async () => {
      const date = dayAfter(DEMO_DAY, -40);
      const res = await save(
        [row(f.users.student2, { att_date: date }), row(f.users.student, { att_date: date })],
        'teacher2',
      );
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({
        code: 'NOT_FOUND',
        details: [{ field: '1.userid', message: expect.any(String) }],
      });
      expect(await recordsOf(f.users.student2, date)).toHaveLength(0);
      expect(await recordsOf(f.users.student, date)).toHaveLength(0);
    });

    it('ids that are not pupils in a class: 404, nothing saved; the principal may record any pupil', async () => {
      const date = dayAfter(DEMO_DAY, -41);
      for (const userid of [999_999, f.users.teacher, f.users.parent]) {
        const res = await save(
          [row(f.users.student, { att_date: date }), row(userid, { att_date: date })],
          'principal',
        );
        expect(res.statusCode, String(userid)).toBe(404);
      }
      expect(await recordsOf(f.users.student, date)).toHaveLength(0);
      const ok = await save(
        [row(f.users.student, { att_date: date }), row(f.users.student2, { att_date: date })],
        'principal',
      );
      expect(ok.json()).toEqual({ data: { saved: 2 } });
    });

    it('a date after today: 400 naming the row, nothing saved', async () => {
      const tomorrow = dayAfter(today());
      const res = await save(
        [row(f.users.student), row(kgPupils[1] as number, { att_date: tomorrow })],
        'teacher',
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([
        { field: '1.att_date', message: expect.stringContaining('today') },
      ]);
      const res2 = await save([row(f.users.student, { att_date: '2099-01-01' })], 'teacher');
      expect(res2.statusCode).toBe(400);
    });

    it('the same pupil twice for one date: 400', async () => {
      const res = await save([row(f.users.student), row(f.users.student, { att_status: 2 })], 'teacher');
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details[0].field).toBe('1.userid');
    });

    it.each([
      ['an empty array', []],
      ['an object instead of an array', { att_date: '2026-11-19', userid: 1, att_status: 1 }],
      ['status 4', [{ att_date: DEMO_DAY, userid: 1, att_status: 4, discription: '' }]],
      ['status 0', [{ att_date: DEMO_DAY, userid: 1, att_status: 0 }]],
      ['status as text', [{ att_date: DEMO_DAY, userid: 1, att_status: 'Present' }]],
      ['no date', [{ userid: 1, att_status: 1 }]],
      ['an impossible date', [{ att_date: '2026-02-29', userid: 1, att_status: 1 }]],
      ['a text userid', [{ att_date: DEMO_DAY, userid: 'me', att_status: 1 }]],
      ['a userid too large', [{ att_date: DEMO_DAY, userid: 2 ** 31, att_status: 1 }]],
      [
        'a long description',
        [{ att_date: DEMO_DAY, userid: 1, att_status: 2, discription: 'x'.repeat(501) }],
      ],
      [
        '501 rows',
        Array.from({ length: 501 }, (_, i) => ({ att_date: DEMO_DAY, userid: i + 1, att_status: 1 })),
      ],
    ])('a bad body (%s): 400', async (_name, payload) => {
      const res = await save(payload, 'teacher');
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    });

    it('status 4 in one row names that row', async () => {
      const res = await save([row(f.users.student), row(f.users.student, { att_status: 4 })], 'teacher');
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details[0].field).toBe('1.att_status');
    });

    it('pupils and parents 403, no token 401; nothing saved', async () => {
      const date = dayAfter(DEMO_DAY, -42);
      for (const caller of ['student', 'parent'] as const) {
        expect((await save([row(f.users.student, { att_date: date })], caller)).statusCode).toBe(403);
      }
      expect((await save([row(f.users.student, { att_date: date })])).statusCode).toBe(401);
      expect(await recordsOf(f.users.student, date)).toHaveLength(0);
    });
  });

  describe('GET attendance/student/{id}', () => {
    it('the pupil’s history, newest first, with totals and the share present', async () => {
      const res = await get(`/api/attendance/student/${f.users.student}`, 'student');
      expect(res.statusCode).toBe(200);
      const { data, summary } = AttendanceHistoryAnswerSchema.parse(res.json());
      const stored = await t.db
        .selectFrom('attendance')
        .select(['att_date', 'status'])
        .where('student_id', '=', f.users.student)
        .execute();
      expect(data).toHaveLength(stored.length);
      const dates = data.map((r) => r.date);
      expect(dates).toEqual([...dates].sort().reverse());
      const count = (code: number) => stored.filter((r) => r.status === code).length;
      expect(summary).toEqual({
        present: count(1),
        absent: count(2),
        leave: count(3),
        percentPresent: Math.round((count(1) * 10_000) / stored.length) / 100,
      });
      expect(summary.present + summary.absent + summary.leave).toBe(stored.length);
    });

    it('others’ pupils are 404; the principal sees everyone; non-pupils 404', async () => {
      expect((await get(`/api/attendance/student/${f.users.student2}`, 'student')).statusCode).toBe(404);
      expect((await get(`/api/attendance/student/${f.users.student}`, 'teacher2')).statusCode).toBe(404);
      expect((await get(`/api/attendance/student/${f.users.student}`, 'teacher')).statusCode).toBe(200);
      expect((await get(`/api/attendance/student/${f.users.student2}`, 'principal')).statusCode).toBe(200);
      expect((await get(`/api/attendance/student/${f.users.teacher}`, 'principal')).statusCode).toBe(404);
      expect((await get('/api/attendance/student/999999', 'principal')).statusCode).toBe(404);
      expect((await get('/api/attendance/student/abc', 'principal')).statusCode).toBe(400);
      expect((await get(`/api/attendance/student/${f.users.student}`, 'director')).statusCode).toBe(403);
    });

    it('a parent: their children’s history; another family’s child is a 404', async () => {
      for (const child of f.children) {
        const res = await get(`/api/attendance/student/${child}`, 'parent');
        expect(res.statusCode).toBe(200);
        expect(AttendanceHistoryAnswerSchema.parse(res.json()).data.length).toBeGreaterThan(0);
      }
      const other = await get(`/api/attendance/student/${f.users.student2}`, 'parent');
      expect(other.statusCode).toBe(404);
      expect(other.json().error.code).toBe('NOT_FOUND');
    });

    it('a pupil with nothing recorded: empty, 0 %', async () => {
      const newcomer = await userWithSession(t.db, USER_TYPE.student, 'Nia Newcomer');
      const { data, summary } = AttendanceHistoryAnswerSchema.parse(
        (await get(`/api/attendance/student/${newcomer.id}`, 'principal')).json(),
      );
      expect(data).toEqual([]);
      expect(summary).toEqual({ present: 0, absent: 0, leave: 0, percentPresent: 0 });
    });
  });

  describe('GET attendance/overview', () => {
    it('every class on a date with its counts, for the principal', async () => {
      const res = await get(`/api/attendance/overview?date=${dayAfter(DEMO_DAY, -1)}`, 'principal');
      expect(res.statusCode).toBe(200);
      const answer = AttendanceOverviewAnswerSchema.parse(res.json());
      expect(answer.date).toBe(dayAfter(DEMO_DAY, -1));
      expect(answer.data.map((c) => c.className)).toEqual(['Nursery', 'KG', 'Class 1', 'Class 2']);
      const kg = answer.data.find((c) => c.classId === f.classes.KG);
      expect(kg?.pupils).toBe(kgPupils.length);
      for (const c of answer.data) {
        expect(c.present + c.absent + c.leave + c.unmarked).toBe(c.pupils);
        expect(c.unmarked).toBe(0);
      }
      expect(answer.data.reduce((sum, c) => sum + c.pupils, 0)).toBe(40);
      expect(answer.data.reduce((sum, c) => sum + c.present, 0)).toBeGreaterThan(30);
    });

    it("counts each class's records of the day for its current pupils; a class without pupils is all zeros", async () => {
      const day = dayAfter(DEMO_DAY, -2);
      const records = await t.db
        .selectFrom('attendance as a')
        .innerJoin('enrolment as e', 'e.student_id', 'a.student_id')
        .select(['e.class_id', 'a.status'])
        .where('e.ended_on', 'is', null)
        .where('a.att_date', '=', day)
        .execute();
      const empty = await t.db
        .insertInto('school_class')
        .values({ name: 'Overview Empty Class', name_key: 'overview empty class' })
        .returning('id')
        .executeTakeFirstOrThrow();
      try {
        const answer = AttendanceOverviewAnswerSchema.parse(
          (await get(`/api/attendance/overview?date=${day}`, 'principal')).json(),
        );
        for (const c of answer.data) {
          const mine = records.filter((r) => r.class_id === c.classId);
          expect([c.present, c.absent, c.leave]).toEqual(
            [1, 2, 3].map((code) => mine.filter((r) => r.status === code).length),
          );
        }
        expect(answer.data.at(-1)).toEqual({
          classId: empty.id,
          className: 'Overview Empty Class',
          pupils: 0,
          present: 0,
          absent: 0,
          leave: 0,
          unmarked: 0,
        });
      } finally {
        await t.db.deleteFrom('school_class').where('id', '=', empty.id).execute();
      }
    });

    it('defaults to today; a day without records is all unmarked', async () => {
      const answer = AttendanceOverviewAnswerSchema.parse(
        (await get('/api/attendance/overview', 'principal')).json(),
      );
      expect(answer.date).toBe(today());
      const sunday = AttendanceOverviewAnswerSchema.parse(
        (await get('/api/attendance/overview?date=2026-11-15', 'principal')).json(),
      );
      expect(sunday.data.every((c) => c.unmarked === c.pupils && c.present === 0)).toBe(true);
    });

    it('the principal only; bad dates 400', async () => {
      for (const caller of ['teacher', 'student', 'parent'] as const) {
        expect((await get('/api/attendance/overview', caller)).statusCode).toBe(403);
      }
      expect((await get('/api/attendance/overview')).statusCode).toBe(401);
      expect((await get('/api/attendance/overview?date=2026-13-01', 'principal')).statusCode).toBe(400);
    });
  });

  describe('GET attendance/class/{classId}', () => {
    const from = '2026-10-01';
    const to = DEMO_DAY;

    it('the class’s current pupils with their totals in the range, and the days recorded', async () => {
      const res = await get(
        `/api/attendance/class/${f.classes['Class 2']}?from=${from}&to=${to}`,
        'teacher2',
      );
      expect(res.statusCode).toBe(200);
      const report = ClassAttendanceReportAnswerSchema.parse(res.json());
      const days = await t.db
        .selectFrom('attendance')
        .select('att_date')
        .distinct()
        .where('class_id', '=', f.classes['Class 2'])
        .where('att_date', '>=', from)
        .where('att_date', '<=', to)
        .execute();
      expect(report).toMatchObject({ from, to, days: days.length });
      expect(report.days).toBeGreaterThan(0);
      const first = report.data[0];
      if (!first) throw new Error('no pupils');
      const stored = await t.db
        .selectFrom('attendance')
        .select('status')
        .where('student_id', '=', first.studentId)
        .where('att_date', '>=', from)
        .where('att_date', '<=', to)
        .execute();
      const count = (code: number) => stored.filter((r) => r.status === code).length;
      expect(first).toMatchObject({ present: count(1), absent: count(2), leave: count(3) });
      expect(first.percentPresent).toBe(Math.round((count(1) * 10_000) / stored.length) / 100);
    });

    it('a class without current pupils: no rows, and still the days recorded for it', async () => {
      const empty = await t.db
        .insertInto('school_class')
        .values({ name: 'Leavers 2026', name_key: 'leavers 2026' })
        .returning('id')
        .executeTakeFirstOrThrow();
      // A record of a pupil who has since left the class.
      await t.db
        .insertInto('attendance')
        .values({
          student_id: f.users.student2,
          class_id: empty.id,
          att_date: '2026-10-05',
          status: 1,
          description: '',
          updated_at: '2026-10-05T08:00:00.000Z',
        })
        .execute();
      try {
        const res = await get(`/api/attendance/class/${empty.id}?from=${from}&to=${to}`, 'principal');
        expect(res.statusCode).toBe(200);
        expect(ClassAttendanceReportAnswerSchema.parse(res.json())).toMatchObject({ days: 1, data: [] });
      } finally {
        await t.db.deleteFrom('attendance').where('class_id', '=', empty.id).execute();
        await t.db.deleteFrom('school_class').where('id', '=', empty.id).execute();
      }
    });

    it('a range of at most 366 days, from not after to', async () => {
      const ok = await get(
        `/api/attendance/class/${f.classes.KG}?from=2025-11-20&to=2026-11-20`,
        'principal',
      );
      expect(ok.statusCode).toBe(200);
      for (const query of [
        'from=2025-11-19&to=2026-11-20',
        'from=2026-11-19&to=2026-11-01',
        'from=2026-11-01',
        'to=2026-11-01',
        'from=2026-11-01&to=2026-11-31',
      ]) {
        const res = await get(`/api/attendance/class/${f.classes.KG}?${query}`, 'principal');
        expect(res.statusCode, query).toBe(400);
      }
    });

    it('teachers of the class and the principal; others 404 or 403', async () => {
      const url = (id: number) => `/api/attendance/class/${id}?from=${from}&to=${to}`;
      expect((await get(url(f.notTaughtByTeacher2), 'teacher2')).statusCode).toBe(404);
      expect((await get(url(999_999), 'principal')).statusCode).toBe(404);
      expect((await get(url(f.classes.KG), 'student')).statusCode).toBe(403);
      expect((await get(url(f.classes.KG), 'parent')).statusCode).toBe(403);
      expect((await get(url(f.classes.KG))).statusCode).toBe(401);
    });
  });

  describe('the register and the class’s day (decision 0047)', () => {
    it('the class’s day says when each pupil was checked in on Today that day, null for the others', async () => {
      const res = await callAs(t.app, f, 'teacher', {
        method: 'POST',
        url: `/api/pupils/${f.users.student}/checkins`,
        payload: { kind: 'in' },
      });
      expect(res.statusCode).toBe(201);
      const checkin = await t.db
        .selectFrom('checkin')
        .select(['at', 'day'])
        .where('student_id', '=', f.users.student)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      // Checked out and in again later: the first arrival is the one shown.
      await callAs(t.app, f, 'teacher', {
        method: 'POST',
        url: `/api/pupils/${f.users.student}/checkins`,
        payload: { kind: 'out', collectedBy: 'Kofi Rahman' },
      });

      const { data } = ClassDayAnswerSchema.parse(
        (await get(`/api/studentattendace/${f.classes.KG}?date=${checkin.day}`, 'teacher')).json(),
      );
      expect(data.find((r) => r.id === f.users.student)?.checkedInAt).toBe(checkin.at);
      expect(data.filter((r) => r.checkedInAt !== null)).toHaveLength(1);

      const dayBefore = ClassDayAnswerSchema.parse(
        (
          await get(`/api/studentattendace/${f.classes.KG}?date=${dayAfter(checkin.day, -1)}`, 'teacher')
        ).json(),
      );
      expect(dayBefore.data.every((r) => r.checkedInAt === null)).toBe(true);
    });
  });

  describe('GET attendance/own-class', () => {
    const ownClassOf = async (headers: Record<string, string>) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/attendance/own-class', headers });
      expect(res.statusCode).toBe(200);
      return OwnClassAnswerSchema.parse(res.json()).data.classId;
    };

    it('a teacher: the class they give most lessons a week to; none yet: null; the principal: null', async () => {
      const teacher = await userWithSession(t.db, USER_TYPE.teacher, 'Tess Twoclasses');
      expect(await ownClassOf(bearer(teacher.token))).toBeNull();

      // A slot of their own, so their lessons clash with no one's.
      const slot = await t.db
        .insertInto('time_slot')
        .values({ label: '17:00 - 17:45', name_key: '17:00 - 17:45', position: 99 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const [subject] = await t.db.selectFrom('subject').select('id').orderBy('id').limit(1).execute();
      const teach = async (classId: number, days: number[]) => {
        const { id } = await t.db
          .insertInto('class_assignment')
          .values({
            teacher_id: teacher.id,
            class_id: classId,
            subject_id: subject?.id ?? 0,
            time_slot_id: slot.id,
            created_at: '2026-11-01T08:00:00.000Z',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await t.db
          .insertInto('assignment_day')
          .values(
            days.map((day) => ({
              assignment_id: id,
              day,
              teacher_id: teacher.id,
              class_id: classId,
              time_slot_id: slot.id,
            })),
          )
          .execute();
      };
      const [low, high] = [f.classes.Nursery, f.classes['Class 2']].sort((a, b) => a - b) as [number, number];
      await teach(low, [1]);
      await teach(high, [2, 3, 4]);
      expect(await ownClassOf(bearer(teacher.token))).toBe(high);

      expect(await ownClassOf(bearer(f.tokens.principal))).toBeNull();
      // The demo teachers teach several classes: theirs is one of them.
      const demo = await ownClassOf(bearer(f.tokens.teacher2));
      expect([f.classes.Nursery, f.classes['Class 1'], f.classes['Class 2']]).toContain(demo);
    });

    it('pupils and parents 403, no token 401', async () => {
      expect((await get('/api/attendance/own-class', 'student')).statusCode).toBe(403);
      expect((await get('/api/attendance/own-class', 'parent')).statusCode).toBe(403);
      expect((await get('/api/attendance/own-class')).statusCode).toBe(401);
    });
  });
});
