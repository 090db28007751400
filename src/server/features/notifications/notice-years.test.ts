import { describe, expect, it } from 'vitest';
import { NotificationListAnswerSchema } from '../../../shared/api/school-admin.js';
import { SchoolYearAnswerSchema } from '../../../shared/api/school-years.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { type Caller, callAs, withDemoSchool } from '../../test/school-fixtures.js';

/**
 * Notices belong to a year and reach the class as it was (docs/decisions/0095-past-sight.md). On the
 * demo school (2026–2027 current): KG gets a notice, then the rollover into 2027–2028 moves KG up to
 * Class 1 and Nursery up to KG. The pupil who moved up still reads the KG notice under 2026–2027; the
 * pupil who joined KG afterwards never sees it; the current year's list holds neither.
 */

describe.each(TEST_ENGINES)('notices by school year on %s', (engine) => {
  const { t, f } = withDemoSchool(engine);
  let oldYearId = 0;
  let newYearId = 0;
  let noticeId = 0;
  /** A Nursery pupil: in KG from the new year, after the notice. */
  let joiner = 0;

  const call = (caller: Caller, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    callAs(t.app, f, caller, {
      method,
      url: `/api${url}`,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const list = async (caller: Caller, query = '') => {
    const res = await call(caller, 'GET', `/notification${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return NotificationListAnswerSchema.parse(res.json());
  };
  /** A session for a pupil who is not a demo log-in. */
  const listAs = async (userId: number, query = '') => {
    const { createSession } = await import('../auth/session.js');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/notification${query}`,
      headers: { authorization: `Bearer ${await createSession(t.db, userId)}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return NotificationListAnswerSchema.parse(res.json());
  };

  it('a notice is of the current year, and the list says which year it shows', async () => {
    const sent = await call('teacher', 'POST', '/notification', {
      classId: f.classes.KG,
      notification: 'KG: bring a leaf on Friday.',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    noticeId = sent.json().data.id;
    const stored = await t.db
      .selectFrom('notification as n')
      .innerJoin('school_year as y', 'y.id', 'n.year_id')
      .select(['y.id', 'y.name', 'y.is_current', 'n.sent_on'])
      .where('n.id', '=', noticeId)
      .executeTakeFirstOrThrow();
    expect(Number(stored.is_current)).toBe(1);
    expect(stored.sent_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    oldYearId = stored.id;

    const answer = await list('student');
    expect(answer.year).toEqual({ id: oldYearId, name: '2026–2027', current: true });
    expect(answer.years).toEqual([{ id: oldYearId, name: '2026–2027', current: true }]);
    expect(answer.data.some((row) => row.id === noticeId && row.unread)).toBe(true);
    const nursery = await t.db
      .selectFrom('enrolment')
      .select('student_id')
      .where('class_id', '=', f.classes.Nursery)
      .where('ended_on', 'is', null)
      .executeTakeFirstOrThrow();
    joiner = nursery.student_id;
    expect((await listAs(joiner)).data.some((row) => row.id === noticeId)).toBe(false);
  });

  it('after the rollover: the pupil who moved up reads it under last year, the one who joined never', async () => {
    const year = await call('principal', 'POST', '/admin/school-years', {
      name: '2027–2028',
      firstDay: '2027-09-01',
      lastDay: '2028-07-31',
    });
    expect(year.statusCode, year.body).toBe(201);
    newYearId = SchoolYearAnswerSchema.parse(year.json()).data.id;
    const run = await call('principal', 'POST', '/admin/rollover', { toYearId: newYearId });
    expect(run.statusCode, run.body).toBe(201);

    // The current year is the new one: last year's notices are not in it, nor in its unread count.
    const current = await list('student');
    expect(current.year).toMatchObject({ id: newYearId, current: true });
    expect(current.data).toEqual([]);
    expect(current.years.map((y) => y.name)).toEqual(['2027–2028', '2026–2027']);

    const past = await list('student', `?yearId=${oldYearId}`);
    expect(past.year).toEqual({ id: oldYearId, name: '2026–2027', current: false });
    expect(past.data.find((row) => row.id === noticeId)).toMatchObject({ name: 'All of KG', unread: true });
    // The parent (student@'s guardian) too; the pupil who joined KG afterwards, in no year.
    expect((await list('parent', `?yearId=${oldYearId}`)).data.some((row) => row.id === noticeId)).toBe(true);
    const joined = await listAs(joiner, `?yearId=${oldYearId}`);
    expect(joined.data.some((row) => row.id === noticeId)).toBe(false);
    expect((await listAs(joiner)).data.some((row) => row.id === noticeId)).toBe(false);
    // A notice the pupil cannot see cannot be marked read either.
    const { createSession } = await import('../auth/session.js');
    const mark = await t.app.inject({
      method: 'POST',
      url: `/api/notification/${noticeId}/read`,
      headers: { authorization: `Bearer ${await createSession(t.db, joiner)}` },
    });
    expect(mark.statusCode).toBe(404);
    expect((await call('student', 'POST', `/notification/${noticeId}/read`)).statusCode).toBe(204);
  });

  it('a notice sent now is of the new year and reaches the class as it is today', async () => {
    const sent = await call('teacher', 'POST', '/notification', {
      classId: f.classes.KG,
      notification: 'KG: the library visit is on Thursday.',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const id = sent.json().data.id;
    // Today the pupil is still in KG (until the old year's last day): it reaches her, in the current year.
    expect((await list('student')).data.map((row) => row.id)).toContain(id);
    expect((await listAs(joiner)).data.map((row) => row.id)).not.toContain(id);
    // The teacher and the principal see it too, in the current year.
    expect((await list('teacher')).data.map((row) => row.id)).toContain(id);
    expect((await list('principal', `?yearId=${oldYearId}`)).data.map((row) => row.id)).not.toContain(id);
  });

  it('refuses a year that is not one: 404 for an unknown id, 400 for a word', async () => {
    expect((await call('student', 'GET', '/notification?yearId=999999')).statusCode).toBe(404);
    expect((await call('student', 'GET', '/notification?yearId=last')).statusCode).toBe(400);
  });
});
