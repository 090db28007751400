import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ChildDayAnswerSchema,
  ClassDayLogAnswerSchema,
  LOG_MESSAGES,
  LogEntriesAnswerSchema,
  LogEntryAnswerSchema,
  UnacknowledgedAnswerSchema,
} from '../../../shared/api/day-log.js';
import type { LiveEvent } from '../../../shared/api/live.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { ANSWER_KEYS } from '../../lib/answer-versions.js';
import { untilAppHeard } from '../../test/answers-heard.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { bearer, type Caller, userWithSession, withDemoSchool } from '../../test/school-fixtures.js';
import { recordChildConsents } from '../consents/consents.repository.js';
import { insertMoment } from '../photo-moments/photo-moments.repository.js';
import { guardianIdsOf } from './day-log.repository.js';
import { incidentAlerts } from './day-log.service.js';

/**
 * The daily log's calls (docs/decisions/0078-the-daily-log.md) against the demo school: teacher@
 * teaches KG (student@ Aisha Rahman and her classmates), teacher2@ does not; the demo parent is
 * Aisha's guardian (and her brother's, in Class 2); `stranger` is a Parent of no child here.
 * Aisha's care details name a "Salbutamol inhaler".
 */

type Who = Caller | 'stranger';

describe.each(TEST_ENGINES)('the daily log on %s', (engine) => {
  const { t, f } = withDemoSchool(engine);
  let stranger: { id: number; token: string };
  /** Three current KG pupils, Aisha first. */
  let kg: [number, number, number];
  const events: LiveEvent[] = [];

  beforeAll(async () => {
    stranger = await userWithSession(t.db, USER_TYPE.parent, 'Pat Stranger');
    const rows = await t.db
      .selectFrom('enrolment')
      .select('student_id')
      .where('class_id', '=', f.classes.KG)
      .where('ended_on', 'is', null)
      .where('student_id', '<>', f.users.student)
      .orderBy('student_id')
      .limit(2)
      .execute();
    const [second, third] = rows.map((row) => row.student_id);
    if (second === undefined || third === undefined) throw new Error('KG needs three pupils');
    kg = [f.users.student, second, third];
    t.app.signals.subscribe((signal) => {
      if (signal.channel === 'live') events.push(signal.event);
    });
  });

  const as = (who: Who | undefined, options: InjectOptions) => {
    const token = who === 'stranger' ? stranger.token : who ? f.tokens[who] : undefined;
    return t.app.inject({ ...options, headers: { ...options.headers, ...(token ? bearer(token) : {}) } });
  };
  const log = (who: Who, payload: unknown) =>
    as(who, { method: 'POST', url: '/api/log-entries', payload: payload as object });
  const day = (who: Who, id: number) => as(who, { method: 'GET', url: `/api/pupils/${id}/day` });
  const acknowledge = (who: Who, id: number) =>
    as(who, { method: 'POST', url: `/api/log-entries/${id}/acknowledgement` });
  const entryCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('log_entry')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const lunch = { kind: 'meal', what: 'Lunch', amount: 'all' };

  it('logs one entry for several children at once and tells their open screens', async () => {
    events.length = 0;
    const res = await log('teacher', { studentIds: kg, time: '12:15', detail: lunch });
    expect(res.statusCode).toBe(201);
    const { data } = LogEntriesAnswerSchema.parse(res.json());
    expect(data.map((entry) => entry.studentId).sort()).toEqual([...kg].sort());
    for (const entry of data) {
      expect(entry).toMatchObject({ time: '12:15', detail: lunch, acknowledged: null });
      expect(entry.recordedBy).not.toBe('');
    }
    // On PostgreSQL a process hears its own signals through LISTEN, after the write's answer.
    await vi.waitFor(() =>
      expect(
        events
          .filter((e) => e.kind === 'log')
          .map((e) => e.childId)
          .sort(),
      ).toEqual([...kg].sort()),
    );
  });

  it('saves nothing when one child may not be logged by the writer (404 for the whole request)', async () => {
    const before = await entryCount();
    // teacher2@ does not teach KG.
    expect((await log('teacher2', { studentIds: kg, detail: lunch })).statusCode).toBe(404);
    // teacher2@ teaches a class of this pupil, not KG.
    const theirs = await t.db
      .selectFrom('enrolment')
      .select('student_id')
      .where('ended_on', 'is', null)
      .where('class_id', 'in', (eb) =>
        eb.selectFrom('class_assignment').select('class_id').where('teacher_id', '=', f.users.teacher2),
      )
      .executeTakeFirstOrThrow();
    expect((await log('teacher2', { studentIds: [theirs.student_id], detail: lunch })).statusCode).toBe(201);
    const mixed = await log('teacher2', { studentIds: [theirs.student_id, kg[1]], detail: lunch });
    expect(mixed.statusCode).toBe(404);
    expect(await entryCount()).toBe(before + 1);
    // The principal logs any pupil.
    expect((await log('principal', { studentIds: [kg[1], f.children[1]], detail: lunch })).statusCode).toBe(
      201,
    );
    expect(await entryCount()).toBe(before + 3);
  });

  it('refuses writers who are not staff, and bad bodies, with nothing saved', async () => {
    const before = await entryCount();
    for (const who of ['parent', 'student', 'stranger'] as const)
      expect((await log(who, { studentIds: [kg[0]], detail: lunch })).statusCode).toBe(403);
    expect((await as(undefined, { method: 'POST', url: '/api/log-entries', payload: {} })).statusCode).toBe(
      401,
    );
    const bad = [
      { studentIds: [], detail: lunch },
      { studentIds: [kg[0], kg[0]], detail: lunch },
      { studentIds: [kg[0]], time: '25:00', detail: lunch },
      { studentIds: [kg[0]], detail: { kind: 'meal', what: 'Lunch', amount: 'lots' } },
      { studentIds: [kg[0]], detail: { kind: 'dance' } },
      { studentIds: [kg[0]], detail: { kind: 'nap', from: '13:00', to: '12:00' } },
      { studentIds: [kg[0]], detail: { kind: 'incident', what: ' ' } },
    ];
    for (const body of bad) {
      const res = await log('teacher', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect(await entryCount()).toBe(before);
  });

  it('records medication only against the care details, or with a reason', async () => {
    const before = await entryCount();
    const named = await log('teacher', {
      studentIds: [kg[0]],
      detail: { kind: 'medication', name: '  salbutamol   INHALER', dose: 'Two puffs' },
    });
    expect(named.statusCode).toBe(201);
    const [given] = LogEntriesAnswerSchema.parse(named.json()).data;
    // Who gave it: the writer, when the body does not say.
    expect(given?.detail).toMatchObject({ kind: 'medication', givenBy: given?.recordedBy, reason: '' });

    const unnamed = await log('teacher', {
      studentIds: [kg[0]],
      detail: { kind: 'medication', name: 'Paracetamol', dose: '5 ml' },
    });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().error.details).toEqual([
      { field: 'detail.reason', message: LOG_MESSAGES.medicationNotInCare },
    ]);
    // In the writer's language, like every sentence of the shared schemas.
    await t.db.updateTable('app_user').set({ language: 'fr' }).where('id', '=', f.users.teacher).execute();
    const french = await log('teacher', {
      studentIds: [kg[0]],
      detail: { kind: 'medication', name: 'Paracetamol', dose: '5 ml' },
    });
    await t.db.updateTable('app_user').set({ language: null }).where('id', '=', f.users.teacher).execute();
    expect(french.statusCode).toBe(400);
    expect(french.json().error.message).toContain('fiche de soins');
    // Named for Aisha but not for her classmate: the whole request is refused.
    const mixed = await log('teacher', {
      studentIds: [kg[0], kg[1]],
      detail: { kind: 'medication', name: 'Salbutamol inhaler', dose: 'Two puffs' },
    });
    expect(mixed.statusCode).toBe(400);
    expect(await entryCount()).toBe(before + 1);

    const withReason = await log('teacher', {
      studentIds: [kg[1]],
      detail: {
        kind: 'medication',
        name: 'Paracetamol',
        dose: '5 ml',
        givenBy: 'Nurse Joy',
        reason: 'Fever; the mother agreed by phone at 10:05',
      },
    });
    expect(withReason.statusCode).toBe(201);
    expect(LogEntriesAnswerSchema.parse(withReason.json()).data[0]?.detail).toMatchObject({
      givenBy: 'Nurse Joy',
    });
  });

  it('lets a guardian acknowledge an incident exactly once, and shows staff who did and when', async () => {
    const res = await log('teacher', {
      studentIds: [kg[0]],
      time: '10:30',
      detail: { kind: 'incident', what: 'Fell off the slide', firstAid: 'Cold pack', witnessedBy: 'Ms Ada' },
    });
    expect(res.statusCode).toBe(201);
    const [incident] = LogEntriesAnswerSchema.parse(res.json()).data;
    if (!incident) throw new Error('no incident');
    // The alert that goes to the child's guardians (the demo parent), in their language by its keys.
    expect(incidentAlerts([incident], await guardianIdsOf(t.db, [kg[0]]))).toEqual([
      {
        kind: 'incidents',
        userIds: [f.users.parent],
        title: { key: 'day-log.alert.incidentTitle', params: { child: incident.studentName } },
        body: { key: 'day-log.alert.incidentBody', params: { child: incident.studentName, time: '10:30' } },
        path: `/dashboard/children/${kg[0]}/day`,
      },
    ]);
    expect(incidentAlerts([incident], new Map())).toEqual([]);

    const waiting = UnacknowledgedAnswerSchema.parse(
      (await as('parent', { method: 'GET', url: '/api/family/incidents/unacknowledged' })).json(),
    );
    expect(waiting.data.map((entry) => entry.id)).toContain(incident.id);
    expect(waiting.count).toBe(waiting.data.length);
    const strangerWaits = UnacknowledgedAnswerSchema.parse(
      (await as('stranger', { method: 'GET', url: '/api/family/incidents/unacknowledged' })).json(),
    );
    expect(strangerWaits.count).toBe(0);
    const parentsDay = ChildDayAnswerSchema.parse((await day('parent', kg[0])).json()).data;
    expect(parentsDay.unacknowledged).toBeGreaterThan(0);

    // Not a guardian of the child: 404; staff: the route is for parents (403).
    expect((await acknowledge('stranger', incident.id)).statusCode).toBe(404);
    expect((await acknowledge('teacher', incident.id)).statusCode).toBe(403);
    expect((await acknowledge('principal', incident.id)).statusCode).toBe(403);
    // An entry that is no incident cannot be acknowledged.
    const [meal] = LogEntriesAnswerSchema.parse(
      (await log('teacher', { studentIds: [kg[0]], detail: lunch })).json(),
    ).data;
    expect((await acknowledge('parent', meal?.id ?? 0)).statusCode).toBe(404);
    expect((await acknowledge('parent', 999_999)).statusCode).toBe(404);

    // The meal's event may still be on its way on PostgreSQL: a marker published after it arrives
    // after it (notifications come in commit order), and only then is the list cleared.
    await t.app.signals.publish({ channel: 'live', event: { kind: 'notice', childId: null } });
    await vi.waitFor(() => expect(events).toContainEqual({ kind: 'notice', childId: null }));
    events.length = 0;
    const first = await acknowledge('parent', incident.id);
    expect(first.statusCode).toBe(200);
    const acknowledged = LogEntryAnswerSchema.parse(first.json()).data.acknowledged;
    const parentName = (
      await t.db
        .selectFrom('app_user')
        .select('name')
        .where('id', '=', f.users.parent)
        .executeTakeFirstOrThrow()
    ).name;
    expect(acknowledged?.by).toBe(parentName);
    await vi.waitFor(() => expect(events).toEqual([{ kind: 'log', childId: kg[0] }]));

    const again = await acknowledge('parent', incident.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_ACKNOWLEDGED');

    const classLog = ClassDayLogAnswerSchema.parse(
      (await as('teacher', { method: 'GET', url: `/api/classes/${f.classes.KG}/day-log` })).json(),
    );
    expect(classLog.data.find((entry) => entry.id === incident.id)?.acknowledged).toEqual(acknowledged);
    const after = UnacknowledgedAnswerSchema.parse(
      (await as('parent', { method: 'GET', url: '/api/family/incidents/unacknowledged' })).json(),
    );
    expect(after.data.map((entry) => entry.id)).not.toContain(incident.id);
  });

  it('shows the child’s day, register and log in time order, to the guardians, class teachers and principal only', async () => {
    const arrival = await as('teacher', {
      method: 'POST',
      url: `/api/pupils/${kg[2]}/checkins`,
      payload: { kind: 'in' },
    });
    expect([201, 409]).toContain(arrival.statusCode);
    await log('teacher', { studentIds: [kg[2]], time: '00:00', detail: { kind: 'mood', mood: 'happy' } });
    await log('teacher', {
      studentIds: [kg[2]],
      time: '23:59',
      detail: { kind: 'note', text: 'A good day' },
    });
    const res = await day('teacher', kg[2]);
    expect(res.statusCode).toBe(200);
    const { data } = ChildDayAnswerSchema.parse(res.json());
    const times = data.items.map((item) => item.time);
    expect(times).toEqual([...times].sort());
    expect(data.items[0]).toMatchObject({ type: 'log', entry: { detail: { kind: 'mood', mood: 'happy' } } });
    expect(data.items.at(-1)).toMatchObject({ type: 'log', entry: { detail: { kind: 'note' } } });
    expect(data.items.some((item) => item.type === 'arrival')).toBe(true);
    expect(data.isGuardian).toBe(false);

    expect((await day('principal', kg[2])).statusCode).toBe(200);
    const own = ChildDayAnswerSchema.parse((await day('parent', kg[0])).json()).data;
    expect(own.isGuardian).toBe(true);
    expect(own.items.some((item) => item.type === 'log' && item.entry.detail.kind === 'meal')).toBe(true);
    for (const who of ['stranger', 'teacher2', 'student2'] as const)
      expect((await day(who, kg[0])).statusCode).toBe(404);
    // The demo parent is no guardian of Aisha's classmates.
    expect((await day('parent', kg[2])).statusCode).toBe(404);
    expect((await as(undefined, { method: 'GET', url: `/api/pupils/${kg[0]}/day` })).statusCode).toBe(401);
    expect(
      (await as('parent', { method: 'GET', url: `/api/pupils/${kg[0]}/day?date=2026-02-30` })).statusCode,
    ).toBe(400);
    const earlier = ChildDayAnswerSchema.parse(
      (await as('parent', { method: 'GET', url: `/api/pupils/${kg[0]}/day?date=2020-01-06` })).json(),
    ).data;
    expect(earlier).toMatchObject({ date: '2020-01-06', items: [] });
  });

  it('shows the day’s photo moments of the child as its consents allow, read at each request', async () => {
    const setConsent = (studentId: number, kind: 'ownFamily' | 'otherFamilies', on: boolean) =>
      t.db
        .transaction()
        .execute((trx) =>
          recordChildConsents(trx, {
            studentId,
            wanted: { [kind]: on },
            by: { id: null, name: null },
            how: 'paper',
            at: new Date().toISOString(),
          }),
        )
        // Written around the app, as another server process would: the kept days learn of it by
        // notification on PostgreSQL.
        .then(() => untilAppHeard(t.app, [ANSWER_KEYS.school]));
    await setConsent(kg[0], 'ownFamily', true);
    await setConsent(kg[1], 'otherFamilies', false);
    const post = (caption: string, children: number[]) =>
      insertMoment(t.db, {
        caption,
        postedBy: { id: f.users.teacher, name: 'The KG teacher' },
        postedAt: new Date().toISOString(),
        children,
        photos: [{ name: `day-log-test-${caption.length}`, widths: [400], width: 400, height: 300 }],
      }).then(() => untilAppHeard(t.app, children.map(ANSWER_KEYS.child)));
    await post('Painting', [kg[0]]);
    // A classmate whose photos no other family may see is in this one.
    await post('Sand pit together', [kg[0], kg[1]]);
    const captions = async (who: Who) =>
      ChildDayAnswerSchema.parse((await day(who, kg[0])).json()).data.items.flatMap((item) =>
        item.type === 'photo' ? [item.moment.caption] : [],
      );

    expect(await captions('parent')).toContain('Painting');
    expect(await captions('parent')).not.toContain('Sand pit together');
    expect(await captions('teacher')).toEqual(expect.arrayContaining(['Painting', 'Sand pit together']));
    expect(await captions('principal')).toEqual(expect.arrayContaining(['Painting', 'Sand pit together']));

    await setConsent(kg[0], 'ownFamily', false);
    const withdrawn = await captions('parent');
    expect(withdrawn).not.toContain('Painting');
    expect(withdrawn).not.toContain('Sand pit together');
    await setConsent(kg[0], 'ownFamily', true);
  });

  it('gives a class’s log of a day to its teachers and the principal only', async () => {
    const url = `/api/classes/${f.classes.KG}/day-log`;
    const res = await as('teacher', { method: 'GET', url });
    expect(res.statusCode).toBe(200);
    const log = ClassDayLogAnswerSchema.parse(res.json());
    expect(log.className).toBe('KG');
    expect([...new Set(log.data.map((entry) => entry.studentId))]).toEqual(expect.arrayContaining(kg));
    expect((await as('principal', { method: 'GET', url })).statusCode).toBe(200);
    expect((await as('teacher2', { method: 'GET', url })).statusCode).toBe(404);
    expect((await as('teacher', { method: 'GET', url: '/api/classes/999999/day-log' })).statusCode).toBe(404);
    for (const who of ['parent', 'student'] as const)
      expect((await as(who, { method: 'GET', url })).statusCode).toBe(403);
  });
});
