import { describe, expect, it } from 'vitest';
import { COMING_UP_DAYS, COMING_UP_LIMIT, ComingUpAnswerSchema } from '../../../shared/api/dashboard.js';
import { addDaysIso } from '../../../shared/school-time.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { type Caller, callAs, withDemoSchool } from '../../test/school-fixtures.js';

/**
 * GET /api/dashboard/coming-up (docs/decisions/0088-closed-days.md): each account type gets the
 * calendar's closures and events ahead that concern them, cancelled ones left out.
 */
describe.each(TEST_ENGINES)('the dashboard’s coming up (%s)', (engine) => {
  const { t, f } = withDemoSchool(engine);

  const comingUp = async (caller: Caller) => {
    const res = await callAs(t.app, f, caller, { method: 'GET', url: '/api/dashboard/coming-up' });
    expect(res.statusCode, res.body).toBe(200);
    return ComingUpAnswerSchema.parse(res.json());
  };
  const add = async (entry: Record<string, unknown>) => {
    const res = await callAs(t.app, f, 'principal', {
      method: 'POST',
      url: '/api/admin/calendar',
      payload: { kind: 'event', audience: 'everyone', ...entry },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };

  it('gives each account type the entries ahead that concern it, by start, none cancelled or past', async () => {
    const { date } = await comingUp('principal');
    const day = (n: number) => addDaysIso(date, n);
    await add({ title: 'CU assembly', startDate: day(1), startTime: '09:00', endTime: '10:00' });
    await add({ title: 'CU staff meeting', startDate: day(2), audience: 'staff' });
    await add({ title: 'CU KG trip', startDate: day(3), audience: 'classes', classIds: [f.classes.KG] });
    await add({
      title: 'CU Nursery closed',
      kind: 'closure',
      startDate: day(4),
      audience: 'classes',
      classIds: [f.classes.Nursery],
    });
    // On now: began yesterday, goes on till tomorrow.
    await add({ title: 'CU book week', startDate: day(-1), endDate: day(1) });
    await add({ title: 'CU yesterday', startDate: day(-1) });
    await add({ title: 'CU too far', startDate: day(COMING_UP_DAYS) });
    const cancelled = await add({ title: 'CU cancelled', startDate: day(2) });
    expect(
      (
        await callAs(t.app, f, 'principal', {
          method: 'POST',
          url: `/api/admin/calendar/${cancelled}/cancellation`,
        })
      ).statusCode,
    ).toBe(200);

    const ours = async (caller: Caller) =>
      (await comingUp(caller)).data.map((entry) => entry.title).filter((title) => title.startsWith('CU '));
    expect(await ours('principal')).toEqual([
      'CU book week',
      'CU assembly',
      'CU staff meeting',
      'CU KG trip',
      'CU Nursery closed',
    ]);
    // A teacher: for everyone, for staff, and their own classes' (teacher2@ teaches no KG).
    for (const teacher of ['teacher', 'teacher2'] as const) {
      const taught = new Set(
        (
          await t.db
            .selectFrom('class_assignment')
            .select('class_id')
            .where('teacher_id', '=', f.users[teacher])
            .execute()
        ).map((row) => row.class_id),
      );
      expect(await ours(teacher)).toEqual([
        'CU book week',
        'CU assembly',
        'CU staff meeting',
        ...(taught.has(f.classes.KG) ? ['CU KG trip'] : []),
        ...(taught.has(f.classes.Nursery) ? ['CU Nursery closed'] : []),
      ]);
    }
    expect(await ours('teacher2')).not.toContain('CU KG trip');
    // The parent of a KG pupil and a Class 2 pupil; the KG pupil.
    expect(await ours('parent')).toEqual(['CU book week', 'CU assembly', 'CU KG trip']);
    expect(await ours('student')).toEqual(['CU book week', 'CU assembly', 'CU KG trip']);

    const trip = (await comingUp('parent')).data.find((entry) => entry.title === 'CU KG trip');
    expect(trip).toMatchObject({
      kind: 'event',
      startDate: day(3),
      endDate: day(3),
      allDay: true,
      audience: 'classes',
      classes: [{ id: f.classes.KG, name: 'KG' }],
    });
  });

  it('holds at most a panel’s worth', async () => {
    const { date } = await comingUp('principal');
    for (let n = 0; n <= COMING_UP_LIMIT; n += 1)
      await add({ title: `CU many ${n}`, startDate: addDaysIso(date, 5) });
    expect((await comingUp('principal')).data).toHaveLength(COMING_UP_LIMIT);
  });

  it('refuses an account without a dashboard', async () => {
    const res = await callAs(t.app, f, 'director', { method: 'GET', url: '/api/dashboard/coming-up' });
    expect(res.statusCode).toBe(403);
  });
});
