import { describe, expect, it } from 'vitest';
import { type DashboardToday, DashboardTodayAnswerSchema } from '../../../shared/api/dashboard.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { addDaysIso } from '../../../shared/school-time.js';
import { nowIso } from '../../lib/time.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { type Caller, callAs, userWithSession, withDemoSchool } from '../../test/school-fixtures.js';
import { insertTestInvoice } from '../../test/test-invoice.js';
import { insertExam } from '../exams/exams.repository.js';
import { nextAddress } from '../users/test-helpers.js';

/**
 * GET /api/dashboard/today against the demo school with data of our own added: check-ins, an
 * absence, an overdue invoice, a registration waiting, an enquiry, exams in and after the week.
 * Every figure is checked against the screen it links to (the same call that screen makes), and
 * by how much it moved when the data was added.
 */
describe.each(TEST_ENGINES)('the dashboard’s today (%s)', (engine) => {
  const { t, f } = withDemoSchool(engine);

  const today = async (caller: Caller): Promise<DashboardToday> => {
    const res = await callAs(t.app, f, caller, { method: 'GET', url: '/api/dashboard/today' });
    expect(res.statusCode, res.body).toBe(200);
    return DashboardTodayAnswerSchema.parse(res.json());
  };
  const get = async (caller: Caller, url: string) => {
    const res = await callAs(t.app, f, caller, { method: 'GET', url });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };

  /** A new pupil of KG, with a current enrolment. */
  const newPupil = async (name: string) => {
    const pupil = await userWithSession(t.db, USER_TYPE.student, name);
    await t.db
      .insertInto('enrolment')
      .values({ student_id: pupil.id, class_id: f.classes.KG, started_on: '2026-09-01', ended_on: null })
      .execute();
    return pupil.id;
  };

  it('the principal: every class, what waits, the money overdue, the week’s exams; each moves with the data', async () => {
    const before = await today('principal');
    const kgBefore = before.classes.find((c) => c.classId === f.classes.KG);
    expect(kgBefore).toBeDefined();

    // Three new KG pupils: one checked in at the door, one marked Absent, one marked Present on the
    // register without a check-in (present by the register, not arrived at the door).
    const [arriving, missing, marked] = [
      await newPupil('Ada Arrives'),
      await newPupil('Max Missing'),
      await newPupil('Mia Marked'),
    ];
    const checkin = await callAs(t.app, f, 'principal', {
      method: 'POST',
      url: `/api/pupils/${arriving}/checkins`,
      payload: { kind: 'in' },
    });
    expect(checkin.statusCode, checkin.body).toBe(201);
    const absence = await callAs(t.app, f, 'principal', {
      method: 'POST',
      url: '/api/studentattenance',
      payload: [
        { att_date: before.date, userid: missing, att_status: 2, discription: 'Ill' },
        { att_date: before.date, userid: marked, att_status: 1, discription: '' },
      ],
    });
    expect(absence.statusCode, absence.body).toBe(200);
    // Money past its due date, a registration waiting and an enquiry.
    await insertTestInvoice(t.db, {
      studentId: missing,
      items: [{ name: 'Tuition', amount: 7_000 }],
      dueDate: '2026-01-15',
    });
    const pending = await userWithSession(t.db, USER_TYPE.teacher, 'Pat Pending');
    await t.db.updateTable('app_user').set({ status: 'pending' }).where('id', '=', pending.id).execute();
    const enquiry = await t.app.inject({
      method: 'POST',
      url: '/api/enquiries',
      remoteAddress: nextAddress(),
      payload: { name: 'Vera Visitor', email: 'vera@example.org', subject: 'Places', message: 'Any left?' },
    });
    expect(enquiry.statusCode).toBe(201);
    const comment = await t.app.inject({
      method: 'POST',
      url: '/api/blog-comments',
      remoteAddress: nextAddress(),
      payload: { postId: null, name: 'Vera Visitor', email: 'vera@example.org', message: 'Lovely day.' },
    });
    expect(comment.statusCode, comment.body).toBe(201);
    // An exam in two days is this week's; one in ten days is not.
    const subject = Object.values(f.subjects)[0] as number;
    const now = nowIso();
    await insertExam(
      t.db,
      { classId: f.classes.KG, subjectId: subject, date: addDaysIso(before.date, 2), time: '09:00 - 10:00' },
      now,
    );
    await insertExam(
      t.db,
      { classId: f.classes.KG, subjectId: subject, date: addDaysIso(before.date, 10), time: '09:00 - 10:00' },
      now,
    );

    const after = await today('principal');
    expect(after.date).toBe(before.date);
    const kg = after.classes.find((c) => c.classId === f.classes.KG);
    expect(kg).toEqual({
      classId: f.classes.KG,
      className: 'KG',
      pupils: (kgBefore?.pupils ?? 0) + 3,
      arrived: (kgBefore?.arrived ?? 0) + 1,
      present: (kgBefore?.present ?? 0) + 1,
      absent: (kgBefore?.absent ?? 0) + 1,
      marked: (kgBefore?.marked ?? 0) + 2,
      closedFor: null,
    });
    expect(after.approvals).toBe((before.approvals ?? 0) + 1);
    expect(after.inbox).toBe((before.inbox ?? 0) + 1);
    expect(after.blogComments).toBe((before.blogComments ?? 0) + 1);
    const usdBefore = before.overdue?.byCurrency.find((line) => line.currency === 'USD')?.outstanding ?? 0;
    expect(after.overdue?.invoices).toBe((before.overdue?.invoices ?? 0) + 1);
    expect(after.overdue?.byCurrency.find((line) => line.currency === 'USD')?.outstanding).toBe(
      usdBefore + 7_000,
    );
    expect(after.events).toContainEqual({
      kind: 'exam',
      date: addDaysIso(before.date, 2),
      time: '09:00 - 10:00',
      className: 'KG',
      subjectName: expect.any(String),
    });
    expect(after.events.every((e) => e.date >= after.date && e.date <= addDaysIso(after.date, 6))).toBe(true);
    expect(after.events.map((e) => e.date)).toEqual([...after.events.map((e) => e.date)].sort());

    // The same figures as the screens they link to.
    const classes = (await get('principal', '/api/classes')).result as { id: number }[];
    expect(after.classes.map((c) => c.classId).sort((a, b) => a - b)).toEqual(
      classes.map((c) => c.id).sort((a, b) => a - b),
    );
    const register = (await get('principal', `/api/classes/${f.classes.KG}/register?date=${after.date}`))
      .data as {
      studentId: number;
      checkedInAt: string | null;
    }[];
    expect(kg?.pupils).toBe(register.length);
    expect(kg?.arrived).toBe(register.filter((row) => row.checkedInAt !== null).length);
    const overview = (await get('principal', `/api/attendance/overview?date=${after.date}`)).data as {
      classId: number;
      present: number;
      absent: number;
    }[];
    expect(kg?.present).toBe(overview.find((row) => row.classId === f.classes.KG)?.present);
    expect(kg?.absent).toBe(overview.find((row) => row.classId === f.classes.KG)?.absent);
    expect(after.approvals).toBe((await get('principal', '/api/users?status=pending')).data.length);
    expect(after.inbox).toBe((await get('principal', '/api/admin/inbox?handled=false')).meta.unhandled);
    expect(after.blogComments).toBe(
      (await get('principal', '/api/admin/blog-comments?status=pending')).pending,
    );
    const outbox = await get('principal', '/api/admin/outbox');
    expect(after.outbox).toEqual({ waiting: outbox.counts.waiting, failed: outbox.counts.failed });
    const overdue = (await get('principal', '/api/admin/fees/overdue')).data as unknown[];
    expect(after.overdue?.invoices).toBe(overdue.length);
  });

  it('a teacher: only the classes they teach, their exams, and none of the office’s figures', async () => {
    const mine = await t.db
      .selectFrom('class_assignment')
      .select('class_id')
      .distinct()
      .where('teacher_id', '=', f.users.teacher2)
      .execute();
    const answer = await today('teacher2');
    expect(answer.classes.map((c) => c.classId).sort((a, b) => a - b)).toEqual(
      mine.map((row) => row.class_id).sort((a, b) => a - b),
    );
    expect(answer.classes.some((c) => c.classId === f.notTaughtByTeacher2)).toBe(false);
    expect(answer).toMatchObject({
      approvals: null,
      inbox: null,
      blogComments: null,
      outbox: null,
      overdue: null,
    });
  });
});

describe.each(TEST_ENGINES)('who gets the dashboard’s today (%s)', (engine) => {
  const { t, f } = withDemoSchool(engine);

  // The policy matrix: staff through the guard, the money figure only where the money rule allows.
  const MATRIX: Record<'principal' | 'teacher' | 'parent' | 'student' | 'director', number> = {
    principal: 200,
    teacher: 200,
    parent: 403,
    student: 403,
    director: 403,
  };
  it.each(Object.entries(MATRIX))('%s: %i', async (caller, status) => {
    const res = await callAs(t.app, f, caller as Caller, { method: 'GET', url: '/api/dashboard/today' });
    expect(res.statusCode).toBe(status);
    expect(res.headers['cache-control']).toContain('no-store');
    if (status !== 200) return;
    const body = DashboardTodayAnswerSchema.parse(res.json());
    const office = caller === 'principal';
    expect(body.overdue !== null).toBe(office);
    expect(body.approvals !== null).toBe(office);
    expect(body.inbox !== null).toBe(office);
    expect(body.outbox !== null).toBe(office);
    expect(body.blogComments !== null).toBe(office);
  });

  it('without a session: 401', async () => {
    const res = await callAs(t.app, f, undefined, { method: 'GET', url: '/api/dashboard/today' });
    expect(res.statusCode).toBe(401);
  });
});
