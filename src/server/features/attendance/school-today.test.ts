import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClassDayAnswerSchema } from '../../../shared/api/attendance.js';
import { DashboardTodayAnswerSchema } from '../../../shared/api/dashboard.js';
import { AttendanceOverviewAnswerSchema } from '../../../shared/api/school.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { callAs, withDemoSchool } from '../../test/school-fixtures.js';

/**
 * "Today" of the attendance is the school's day (its settings' time zone), not the server's UTC date:
 * at 23:30 UTC on Monday a school in Auckland is already at Tuesday lunchtime, takes Tuesday's
 * register, and its dashboard counts it. The clock is a fake one, set per test.
 */
describe.each(TEST_ENGINES)('the school’s today, not UTC’s (%s)', (engine) => {
  const { t, f } = withDemoSchool(engine);

  // Monday 23 November 2026, 23:30 UTC: Tuesday 24 November, 12:30 in Auckland (UTC+13 in summer).
  const LATE_MONDAY_UTC = new Date('2026-11-23T23:30:00Z');
  const UTC_DAY = '2026-11-23';
  const AUCKLAND_DAY = '2026-11-24';

  const atLateMondayIn = async (timeZone: string) => {
    await t.db.updateTable('school_settings').set({ time_zone: timeZone }).where('id', '=', 1).execute();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(LATE_MONDAY_UTC);
  };
  afterEach(() => {
    vi.useRealTimers();
  });

  const kgPupil = async (): Promise<number> => {
    const row = await t.db
      .selectFrom('enrolment')
      .select('student_id')
      .where('class_id', '=', f.classes.KG)
      .where('ended_on', 'is', null)
      .orderBy('student_id')
      .executeTakeFirstOrThrow();
    return row.student_id;
  };

  it('a school already on the next day saves that day’s attendance, and its dashboard counts it', async () => {
    await atLateMondayIn('Pacific/Auckland');
    const pupil = await kgPupil();
    const before = DashboardTodayAnswerSchema.parse(
      (await callAs(t.app, f, 'principal', { method: 'GET', url: '/api/dashboard/today' })).json(),
    );
    expect(before.date).toBe(AUCKLAND_DAY);
    const kgBefore = before.classes.find((c) => c.classId === f.classes.KG);

    const saved = await callAs(t.app, f, 'principal', {
      method: 'POST',
      url: '/api/studentattenance',
      payload: [{ att_date: AUCKLAND_DAY, userid: pupil, att_status: 1, discription: '' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const after = DashboardTodayAnswerSchema.parse(
      (await callAs(t.app, f, 'principal', { method: 'GET', url: '/api/dashboard/today' })).json(),
    );
    const kgAfter = after.classes.find((c) => c.classId === f.classes.KG);
    expect(kgAfter?.marked).toBe((kgBefore?.marked ?? 0) + 1);
    // The overview and the class's day default to the school's day too.
    const overview = AttendanceOverviewAnswerSchema.parse(
      (await callAs(t.app, f, 'principal', { method: 'GET', url: '/api/attendance/overview' })).json(),
    );
    expect(overview.date).toBe(AUCKLAND_DAY);
    const day = await callAs(t.app, f, 'principal', {
      method: 'GET',
      url: `/api/studentattendace/${f.classes.KG}`,
    });
    const row = ClassDayAnswerSchema.parse(day.json()).data.find((r) => r.id === pupil);
    expect(row?.att_status).toBe(1);
  });

  it('a school still on the UTC day may not save the next one', async () => {
    await atLateMondayIn('America/New_York');
    const pupil = await kgPupil();
    const refused = await callAs(t.app, f, 'principal', {
      method: 'POST',
      url: '/api/studentattenance',
      payload: [{ att_date: AUCKLAND_DAY, userid: pupil, att_status: 1, discription: '' }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details).toEqual([
      { field: '0.att_date', message: 'must not be after today (2026-11-23)' },
    ]);
    const accepted = await callAs(t.app, f, 'principal', {
      method: 'POST',
      url: '/api/studentattenance',
      payload: [{ att_date: UTC_DAY, userid: pupil, att_status: 1, discription: '' }],
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});
