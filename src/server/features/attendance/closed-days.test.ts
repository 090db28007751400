import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClassDayAnswerSchema } from '../../../shared/api/attendance.js';
import { DashboardTodayAnswerSchema } from '../../../shared/api/dashboard.js';
import {
  AttendanceHistoryAnswerSchema,
  ClassAttendanceReportAnswerSchema,
} from '../../../shared/api/school.js';
import { dateInZone } from '../../../shared/school-time.js';
import { demoSettings } from '../../demo/settings.js';
import { nowIso } from '../../lib/time.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { type Caller, callAs, type SchoolFixture, schoolFixture } from '../../test/school-fixtures.js';
import { closedDays } from '../calendar/closures.js';
import { queueAbsenceAlerts } from './absence-alerts.js';

/**
 * Closed days (docs/decisions/0088-closed-days.md): a closure of the calendar takes the register,
 * the absence alerts and the attendance rates off that day, for the classes it closes only; a
 * cancelled closure closes nothing.
 */

/** A day of the demo's seeded attendance (seeded up to the school's yesterday, as of 2026-11-20). */
const DEMO_DAY = '2026-11-19';
const schoolToday = () => dateInZone(new Date(), demoSettings().timeZone);

describe.each(TEST_ENGINES)('closed days on %s', (engine) => {
  let t: TestApp;
  let f: SchoolFixture;

  beforeAll(async () => {
    t = await createTestApp(engine, { demo: true });
    f = await schoolFixture(t);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const as = (caller: Caller, options: Parameters<typeof callAs>[3]) => callAs(t.app, f, caller, options);
  const close = async (title: string, day: string, classIds: number[] = []) => {
    const res = await as('principal', {
      method: 'POST',
      url: '/api/admin/calendar',
      payload: {
        kind: 'closure',
        title,
        startDate: day,
        audience: classIds.length === 0 ? 'everyone' : 'classes',
        classIds,
      },
    });
    expect(res.statusCode).toBe(201);
    return res.json().data.id as number;
  };
  const cancel = async (id: number) =>
    expect(
      (await as('principal', { method: 'POST', url: `/api/admin/calendar/${id}/cancellation` })).statusCode,
    ).toBe(200);
  const mark = (caller: Caller, studentId: number, date: string, status: 1 | 2 | 3 = 2) =>
    as(caller, {
      method: 'POST',
      url: '/api/studentattenance',
      payload: [{ att_date: date, userid: studentId, att_status: status, discription: '' }],
    });
  const recordOf = (studentId: number, date: string) =>
    t.db
      .selectFrom('attendance')
      .select('status')
      .where('student_id', '=', studentId)
      .where('att_date', '=', date)
      .executeTakeFirst();
  const alertsQueued = async () =>
    Number(
      (
        await t.db
          .selectFrom('mail_outbox')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('kind', '=', 'absence-alert')
          .executeTakeFirstOrThrow()
      ).n,
    );
  const report = async (classId: number, from: string, to: string) => {
    const res = await as('principal', {
      method: 'GET',
      url: `/api/attendance/class/${classId}?from=${from}&to=${to}`,
    });
    expect(res.statusCode).toBe(200);
    return ClassAttendanceReportAnswerSchema.parse(res.json());
  };
  const history = async (studentId: number) => {
    const res = await as('principal', { method: 'GET', url: `/api/attendance/student/${studentId}` });
    expect(res.statusCode).toBe(200);
    return AttendanceHistoryAnswerSchema.parse(res.json());
  };
  const classDay = async (classId: number, date: string) => {
    const res = await as('principal', {
      method: 'GET',
      url: `/api/studentattendace/${classId}?date=${date}`,
    });
    expect(res.statusCode).toBe(200);
    return ClassDayAnswerSchema.parse(res.json());
  };

  it('refuses the register of a closed class (409, nothing saved, no alert); other classes take theirs', async () => {
    const today = schoolToday();
    const [aisha, brother] = f.children;
    const id = await close('KG closed: boiler repair', today, [f.classes.KG]);
    try {
      const before = await recordOf(aisha, today);
      const alerts = await alertsQueued();
      const refused = await mark('teacher', aisha, today);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('CLASS_CLOSED');
      expect(refused.json().error.message).toContain('KG closed: boiler repair');
      expect(refused.json().error.details).toEqual([
        { field: '0.att_date', message: `the class is closed on ${today}: KG closed: boiler repair` },
      ]);
      expect(await recordOf(aisha, today)).toEqual(before);
      expect(await alertsQueued()).toBe(alerts);

      // A batch with one closed class's pupil is refused whole.
      const mixed = await as('principal', {
        method: 'POST',
        url: '/api/studentattenance',
        payload: [
          { att_date: today, userid: brother, att_status: 1, discription: '' },
          { att_date: today, userid: aisha, att_status: 1, discription: '' },
        ],
      });
      expect(mixed.statusCode).toBe(409);
      expect(mixed.json().error.details.map((d: { field: string }) => d.field)).toEqual(['1.att_date']);

      // Class 2 is open: its register is taken.
      expect((await mark('principal', brother, today, 1)).statusCode).toBe(200);
      expect((await recordOf(brother, today))?.status).toBe(1);

      const kg = await classDay(f.classes.KG, today);
      expect(kg.closed).toEqual({ reason: 'KG closed: boiler repair' });
      // The staff's home says so rather than "attendance not taken".
      const home = DashboardTodayAnswerSchema.parse(
        (await as('principal', { method: 'GET', url: '/api/dashboard/today' })).json(),
      );
      const closedFor = (classId: number) => home.classes.find((c) => c.classId === classId)?.closedFor;
      expect(closedFor(f.classes.KG)).toBe('KG closed: boiler repair');
      expect(closedFor(f.classes['Class 2'])).toBeNull();
      expect((await classDay(f.classes['Class 2'], today)).closed).toBeNull();
    } finally {
      await cancel(id);
    }
    // A cancelled closure closes nothing.
    expect((await classDay(f.classes.KG, today)).closed).toBeNull();
    expect((await mark('teacher', aisha, today, 1)).statusCode).toBe(200);
  });

  it('a whole-school closure closes every class', async () => {
    const today = schoolToday();
    const [aisha, brother] = f.children;
    const id = await close('Snow day', today);
    try {
      for (const [caller, pupil] of [
        ['teacher', aisha],
        ['principal', brother],
      ] as const) {
        const res = await mark(caller, pupil, today, 1);
        expect(res.statusCode).toBe(409);
      }
      expect((await classDay(f.classes['Class 2'], today)).closed).toEqual({ reason: 'Snow day' });
    } finally {
      await cancel(id);
    }
  });

  it('sends no absence alert for a closed day, whoever saves the records', async () => {
    const today = schoolToday();
    const [aisha] = f.children;
    const id = await close('KG closed: water cut', today, [f.classes.KG]);
    try {
      const queued = await queueAbsenceAlerts(
        t.db,
        t.app.config.mail,
        [{ studentId: aisha, classId: f.classes.KG, date: today, status: 2, description: '' }],
        nowIso(),
      );
      expect(queued).toBe(0);
    } finally {
      await cancel(id);
    }
  });

  it('leaves closed days out of the class report and the pupil’s rate; a cancelled closure gives them back', async () => {
    const [aisha] = f.children;
    const kgBefore = await report(f.classes.KG, DEMO_DAY, DEMO_DAY);
    const class2Before = await report(f.classes['Class 2'], DEMO_DAY, DEMO_DAY);
    const historyBefore = await history(aisha);
    expect(kgBefore.days).toBe(1);
    const dayOf = historyBefore.data.find((d) => d.date === DEMO_DAY);
    expect(dayOf?.closed).toBe(false);

    // Entered after the register was taken: the records stay, the figures leave the day out.
    const id = await close('KG closed: flooded classroom', DEMO_DAY, [f.classes.KG]);
    const kg = await report(f.classes.KG, DEMO_DAY, DEMO_DAY);
    expect(kg.days).toBe(0);
    expect(kg.data.every((p) => p.present + p.absent + p.leave === 0 && p.percentPresent === 0)).toBe(true);
    expect(await report(f.classes['Class 2'], DEMO_DAY, DEMO_DAY)).toEqual(class2Before);

    const after = await history(aisha);
    expect(after.data).toHaveLength(historyBefore.data.length);
    expect(after.data.find((d) => d.date === DEMO_DAY)?.closed).toBe(true);
    const counted = historyBefore.data.filter((d) => d.date !== DEMO_DAY);
    const present = counted.filter((d) => d.status === 1).length;
    expect(after.summary.present).toBe(present);
    expect(after.summary.present + after.summary.absent + after.summary.leave).toBe(counted.length);
    expect(after.summary.percentPresent).toBe(Math.round((present * 10_000) / counted.length) / 100);

    await cancel(id);
    expect(await report(f.classes.KG, DEMO_DAY, DEMO_DAY)).toEqual(kgBefore);
    expect(await history(aisha)).toEqual(historyBefore);
  });

  it('gives each listed day its term', async () => {
    const term = await t.db
      .selectFrom('school_term')
      .select(['id', 'name'])
      .where('first_day', '<=', DEMO_DAY)
      .where('last_day', '>=', DEMO_DAY)
      .executeTakeFirstOrThrow();
    expect((await classDay(f.classes.KG, DEMO_DAY)).term).toEqual(term);
    const day = (await history(f.children[0])).data.find((d) => d.date === DEMO_DAY);
    expect(day?.term).toBe(term.name);
    expect((await classDay(f.classes.KG, '2026-12-25')).term).toBeNull();
  });

  it('reads the closed days of many classes over a range at once', async () => {
    const nursery = f.classes.Nursery;
    const ids = [
      await close('Nursery trip week', '2031-03-03', [nursery]),
      await close('Spring holiday', '2031-04-07'),
      await close('Cancelled closure', '2031-03-04', [f.classes.KG]),
    ];
    await t.db
      .updateTable('calendar_entry')
      .set({ end_day: '2031-03-07' })
      .where('id', '=', ids[0] as number)
      .execute();
    await cancel(ids[2] as number);
    const closed = await closedDays(t.db, [nursery, f.classes.KG], '2031-03-05', '2031-04-07');
    expect(closed.any).toBe(true);
    expect(closed.reasonOf(nursery, '2031-03-04')).toBeUndefined(); // before the range
    expect(closed.reasonOf(nursery, '2031-03-05')).toBe('Nursery trip week');
    expect(closed.reasonOf(nursery, '2031-03-07')).toBe('Nursery trip week');
    expect(closed.reasonOf(nursery, '2031-03-08')).toBeUndefined();
    expect(closed.reasonOf(f.classes.KG, '2031-03-05')).toBeUndefined();
    expect(closed.reasonOf(f.classes.KG, '2031-04-07')).toBe('Spring holiday');
    expect((await closedDays(t.db, [f.classes.KG], '2031-03-01', '2031-03-31')).any).toBe(false);
    expect((await closedDays(t.db, [], '2031-03-01', '2031-04-30')).any).toBe(false);
    for (const id of ids.slice(0, 2)) await cancel(id);
  });
});
