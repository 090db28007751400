import type { InjectOptions } from 'fastify';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CalendarEntriesAnswerSchema,
  type CalendarEntry,
  CalendarEntryAnswerSchema,
  CalendarFeedsAnswerSchema,
  FeedAddressAnswerSchema,
} from '../../../shared/api/calendar.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { bearer, type Caller, withDemoSchool } from '../../test/school-fixtures.js';
import { closureOn } from './closures.js';

/**
 * The school calendar and its feeds (docs/decisions/0086-the-school-calendar.md) against the demo
 * school (time zone America/New_York): the demo parent's children are in KG and Class 2; Nursery is
 * no class of theirs. The tests write their entries in 2031, clear of the demo's own.
 */

const RANGE = 'from=2031-01-01&to=2031-12-31';

interface FeedEvent {
  uid: string;
  sequence: number;
  status: string | null;
  summary: string;
  start: ICAL.Time;
  end: ICAL.Time;
  startTzid: string | null;
}

/** A feed read back with ical.js: its VTIMEZONE's zone and its events by UID. */
function readFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zones = calendar.getAllSubcomponents('vtimezone').map((z) => String(z.getFirstPropertyValue('tzid')));
  const events = new Map<string, FeedEvent>();
  for (const component of calendar.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(component);
    events.set(event.uid, {
      uid: event.uid,
      sequence: event.sequence,
      status: (component.getFirstPropertyValue('status') as string | null) ?? null,
      summary: event.summary,
      start: event.startDate,
      end: event.endDate,
      startTzid: (component.getFirstProperty('dtstart')?.getParameter('tzid') as string | undefined) ?? null,
    });
  }
  return { zones, events };
}

describe.each(TEST_ENGINES)('the school calendar on %s', (engine) => {
  const { t, f } = withDemoSchool(engine);
  let nursery: number;

  beforeAll(async () => {
    nursery = f.classes.Nursery;
  });

  const as = (who: Caller | undefined, options: InjectOptions) =>
    t.app.inject({
      ...options,
      headers: { ...options.headers, ...(who ? bearer(f.tokens[who]) : {}) },
    });
  const create = async (payload: object) => {
    const res = await as('principal', { method: 'POST', url: '/api/admin/calendar', payload });
    expect(res.statusCode, res.body).toBe(201);
    return CalendarEntryAnswerSchema.parse(res.json()).data;
  };
  const list = async (who: Caller, url = `/api/calendar?${RANGE}`) => {
    const res = await as(who, { method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return CalendarEntriesAnswerSchema.parse(res.json()).data.map((entry) => entry.title);
  };
  const path = (address: string) => new URL(address).pathname;

  let holiday: CalendarEntry;
  let sportsDay: CalendarEntry;
  let nurseryTraining: CalendarEntry;
  let staffMeeting: CalendarEntry;
  let kgTrip: CalendarEntry;

  it('lets the principal add closures and events, with a UID and sequence 0', async () => {
    holiday = await create({
      kind: 'closure',
      title: 'Spring holiday 2031',
      startDate: '2031-04-07',
      endDate: '2031-04-11',
      audience: 'everyone',
    });
    expect(holiday).toMatchObject({ sequence: 0, allDay: true, cancelled: false, endDate: '2031-04-11' });
    expect(holiday.uid).toMatch(/@schoolyard$/);
    nurseryTraining = await create({
      kind: 'closure',
      title: 'Nursery training day 2031',
      startDate: '2031-05-02',
      audience: 'classes',
      classIds: [nursery],
    });
    expect(nurseryTraining.classes).toEqual([{ id: nursery, name: 'Nursery' }]);
    sportsDay = await create({
      kind: 'event',
      title: 'Sports day 2031',
      startDate: '2031-06-13',
      startTime: '09:30',
      endTime: '15:00',
      place: 'The big field',
      audience: 'everyone',
      familiesInvited: true,
      public: true,
    });
    expect(sportsDay).toMatchObject({
      allDay: false,
      startTime: '09:30',
      familiesInvited: true,
      public: true,
    });
    staffMeeting = await create({
      kind: 'event',
      title: 'Staff meeting 2031',
      startDate: '2031-06-16',
      startTime: '16:00',
      endTime: '17:00',
      audience: 'staff',
    });
    kgTrip = await create({
      kind: 'event',
      title: 'KG trip to the farm 2031',
      startDate: '2031-06-20',
      audience: 'classes',
      classIds: [f.classes.KG],
      familiesInvited: true,
    });
  });

  it('refuses bad entries with a 400 and saves nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('calendar_entry')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const base = { kind: 'event', title: 'Bad', startDate: '2031-01-10', audience: 'everyone' };
    for (const payload of [
      { ...base, endDate: '2031-01-09' },
      { ...base, startTime: '10:00' },
      { ...base, startTime: '10:00', endTime: '09:00' },
      { ...base, kind: 'closure', startTime: '10:00', endTime: '11:00' },
      { ...base, kind: 'closure', audience: 'staff' },
      { ...base, audience: 'classes' },
      { ...base, classIds: [nursery] },
      { ...base, audience: 'classes', classIds: [nursery, nursery] },
      { ...base, audience: 'classes', classIds: [999_999] },
      { ...base, audience: 'staff', familiesInvited: true },
      { ...base, audience: 'classes', classIds: [nursery], public: true },
      { ...base, startDate: '2031-02-30' },
      { ...base, title: '   ' },
      { ...base, endDate: '2032-06-01' },
    ]) {
      const res = await as('principal', { method: 'POST', url: '/api/admin/calendar', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    for (const who of ['teacher', 'parent', 'student'] as const) {
      const res = await as(who, { method: 'POST', url: '/api/admin/calendar', payload: base });
      expect(res.statusCode).toBe(403);
    }
    expect(await count()).toBe(before);
  });

  it('lists what concerns each reader', async () => {
    const all = [
      'Spring holiday 2031',
      'Nursery training day 2031',
      'Sports day 2031',
      'Staff meeting 2031',
      'KG trip to the farm 2031',
    ];
    expect(await list('principal')).toEqual(all);
    expect(await list('teacher2')).toEqual(all);
    // The parent's children are in KG and Class 2: not the Nursery's closure, not staff's meeting.
    expect(await list('parent')).toEqual([
      'Spring holiday 2031',
      'Sports day 2031',
      'KG trip to the farm 2031',
    ]);
    expect(await list('student')).toEqual([
      'Spring holiday 2031',
      'Sports day 2031',
      'KG trip to the farm 2031',
    ]);
    // A range keeps entries touching it: the holiday's last days.
    expect(await list('parent', '/api/calendar?from=2031-04-10&to=2031-04-30')).toEqual([
      'Spring holiday 2031',
    ]);
    const bad = await as('parent', { method: 'GET', url: '/api/calendar?from=2031-04-10&to=2031-04-01' });
    expect(bad.statusCode).toBe(400);
  });

  it('answers a class’s calendar to those who may see the class, 404 to others', async () => {
    expect(await list('parent', `/api/calendar/classes/${f.classes.KG}?${RANGE}`)).toEqual([
      'Spring holiday 2031',
      'Sports day 2031',
      'KG trip to the farm 2031',
    ]);
    expect(await list('teacher2', `/api/calendar/classes/${nursery}?${RANGE}`)).toEqual([
      'Spring holiday 2031',
      'Nursery training day 2031',
      'Sports day 2031',
    ]);
    for (const who of ['parent', 'student'] as const) {
      const res = await as(who, { method: 'GET', url: `/api/calendar/classes/${nursery}?${RANGE}` });
      expect(res.statusCode).toBe(404);
    }
    expect(
      (await as('student', { method: 'GET', url: `/api/calendar/classes/${f.classes['Class 2']}?${RANGE}` }))
        .statusCode,
    ).toBe(404);
  });

  it('tells whether a class is closed on a day', async () => {
    expect(await closureOn(t.db, nursery, '2031-05-02')).toBe(true);
    expect(await closureOn(t.db, f.classes.KG, '2031-05-02')).toBe(false);
    expect(await closureOn(t.db, f.classes.KG, '2031-04-07')).toBe(true);
    expect(await closureOn(t.db, f.classes.KG, '2031-04-11')).toBe(true);
    expect(await closureOn(t.db, f.classes.KG, '2031-04-12')).toBe(false);
    // An event is no closure.
    expect(await closureOn(t.db, f.classes.KG, '2031-06-20')).toBe(false);
  });

  it('writes the public feed: public events and whole-school closures, in the school’s zone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/calendar/school.ics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const feed = readFeed(res.body);
    expect(feed.zones).toEqual(['America/New_York']);
    expect(feed.events.has(holiday.uid)).toBe(true);
    expect(feed.events.has(sportsDay.uid)).toBe(true);
    for (const hidden of [nurseryTraining, staffMeeting, kgTrip])
      expect(feed.events.has(hidden.uid)).toBe(false);
    const closure = feed.events.get(holiday.uid);
    expect(closure?.start.isDate).toBe(true);
    expect(closure?.start.toString()).toBe('2031-04-07');
    // DTEND of whole days is the day after the last.
    expect(closure?.end.toString()).toBe('2031-04-12');
    const sports = feed.events.get(sportsDay.uid);
    expect(sports?.start.isDate).toBe(false);
    expect(sports?.startTzid).toBe('America/New_York');
    expect(sports?.start.toString()).toBe('2031-06-13T09:30:00');
    // 09:30 in New York in June is 13:30 UTC (the VTIMEZONE is read by ical.js).
    expect(sports?.start.toJSDate().toISOString()).toBe('2031-06-13T13:30:00.000Z');
    expect(sports?.sequence).toBe(0);
  });

  it('keeps the UID and raises SEQUENCE on a change; says CANCELLED for a cancelled entry', async () => {
    const res = await as('principal', {
      method: 'PUT',
      url: `/api/admin/calendar/${sportsDay.id}`,
      payload: {
        kind: 'event',
        title: 'Sports day 2031 (moved)',
        startDate: '2031-06-14',
        startTime: '10:00',
        endTime: '15:00',
        audience: 'everyone',
        familiesInvited: true,
        public: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const changed = CalendarEntryAnswerSchema.parse(res.json()).data;
    expect(changed).toMatchObject({ uid: sportsDay.uid, sequence: 1, startDate: '2031-06-14' });

    const cancelled = await as('principal', {
      method: 'POST',
      url: `/api/admin/calendar/${holiday.id}/cancellation`,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(CalendarEntryAnswerSchema.parse(cancelled.json()).data).toMatchObject({
      cancelled: true,
      sequence: 1,
    });
    // Again: nothing changes.
    const again = await as('principal', {
      method: 'POST',
      url: `/api/admin/calendar/${holiday.id}/cancellation`,
    });
    expect(CalendarEntryAnswerSchema.parse(again.json()).data.sequence).toBe(1);
    // A cancelled entry is not changed.
    const refused = await as('principal', {
      method: 'PUT',
      url: `/api/admin/calendar/${holiday.id}`,
      payload: { kind: 'closure', title: 'Back on', startDate: '2031-04-07', audience: 'everyone' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('ENTRY_CANCELLED');
    // It stays listed, as cancelled, and closes nothing.
    expect(await list('parent')).toContain('Spring holiday 2031');
    expect(await closureOn(t.db, f.classes.KG, '2031-04-08')).toBe(false);

    const feed = readFeed((await t.app.inject({ method: 'GET', url: '/api/calendar/school.ics' })).body);
    expect(feed.events.get(sportsDay.uid)).toMatchObject({ sequence: 1, summary: 'Sports day 2031 (moved)' });
    expect(feed.events.get(holiday.uid)).toMatchObject({ sequence: 1, status: 'CANCELLED' });
    expect(
      (await as('principal', { method: 'POST', url: '/api/admin/calendar/999999/cancellation' })).statusCode,
    ).toBe(404);
  });

  it('gives a family a secret feed of their children’s classes, which renewing ends', async () => {
    const made = await as('parent', { method: 'POST', url: '/api/calendar/feed' });
    expect(made.statusCode).toBe(201);
    const address = FeedAddressAnswerSchema.parse(made.json()).data;
    expect(address.webcal).toMatch(/^webcal:\/\/.+\.ics$/);
    expect(address.https.replace(/^https?:/, 'webcal:')).toBe(address.webcal);
    const secret = /feeds\/([^/]+)\.ics$/.exec(address.https)?.[1] ?? '';
    // Only the hash is kept.
    const stored = await t.db.selectFrom('calendar_feed').select('secret_hash').execute();
    expect(stored.some((row) => row.secret_hash === secret)).toBe(false);

    const res = await t.app.inject({ method: 'GET', url: path(address.https) });
    expect(res.statusCode).toBe(200);
    const feed = readFeed(res.body);
    expect(feed.zones).toEqual(['America/New_York']);
    expect(feed.events.has(kgTrip.uid)).toBe(true);
    expect(feed.events.get(kgTrip.uid)?.start.isDate).toBe(true);
    expect(feed.events.has(sportsDay.uid)).toBe(true);
    expect(feed.events.get(holiday.uid)?.status).toBe('CANCELLED');
    expect(feed.events.has(nurseryTraining.uid)).toBe(false);
    expect(feed.events.has(staffMeeting.uid)).toBe(false);

    const listed = CalendarFeedsAnswerSchema.parse(
      (await as('parent', { method: 'GET', url: '/api/calendar/feeds' })).json(),
    );
    expect(listed.data.own).not.toBeNull();
    expect(listed.data.school.webcal).toMatch(/^webcal:.*\/api\/calendar\/school\.ics$/);

    const renewed = FeedAddressAnswerSchema.parse(
      (await as('parent', { method: 'POST', url: '/api/calendar/feed' })).json(),
    ).data;
    expect(renewed.https).not.toBe(address.https);
    expect((await t.app.inject({ method: 'GET', url: path(address.https) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: path(renewed.https) })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/calendar/feeds/${'A'.repeat(43)}.ics` })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar/feeds/short.ics' })).statusCode).toBe(
      400,
    );
  });

  it('gives a class’s feed to those who see the class only', async () => {
    expect(
      (await as('parent', { method: 'POST', url: `/api/calendar/classes/${nursery}/feed` })).statusCode,
    ).toBe(404);
    const made = await as('teacher', { method: 'POST', url: `/api/calendar/classes/${nursery}/feed` });
    expect(made.statusCode).toBe(201);
    const { https } = FeedAddressAnswerSchema.parse(made.json()).data;
    const feed = readFeed((await t.app.inject({ method: 'GET', url: path(https) })).body);
    expect(feed.events.get(nurseryTraining.uid)?.start.toString()).toBe('2031-05-02');
    expect(feed.events.has(kgTrip.uid)).toBe(false);
    expect(feed.events.has(staffMeeting.uid)).toBe(false);
  });

  // docs/decisions/0092-kept-calendar-feeds.md: a feed is kept made, by the versions the database's
  // triggers raise; each change below must reach the next fetch.
  it('gives a kept feed again until an entry or a child’s class changes', async () => {
    const { https } = FeedAddressAnswerSchema.parse(
      (await as('parent', { method: 'POST', url: '/api/calendar/feed' })).json(),
    ).data;
    const fetchFeed = async () => {
      const res = await t.app.inject({ method: 'GET', url: path(https) });
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    const picnic = await create({
      kind: 'event',
      title: 'Nursery picnic 2031',
      startDate: '2031-07-01',
      audience: 'classes',
      classIds: [nursery],
    });
    const before = await fetchFeed();
    expect(await fetchFeed()).toBe(before);
    expect(readFeed(before).events.has(picnic.uid)).toBe(false);

    // The entry's classes change: KG is the parent's child's class.
    const moved = await as('principal', {
      method: 'PUT',
      url: `/api/admin/calendar/${picnic.id}`,
      payload: {
        kind: 'event',
        title: 'Nursery and KG picnic 2031',
        startDate: '2031-07-01',
        audience: 'classes',
        classIds: [nursery, f.classes.KG],
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(readFeed(await fetchFeed()).events.get(picnic.uid)).toMatchObject({
      sequence: 1,
      summary: 'Nursery and KG picnic 2031',
    });

    // The child moves from KG to Nursery: the feed follows the child, not the address.
    const [child] = f.children;
    expect(readFeed(await fetchFeed()).events.has(nurseryTraining.uid)).toBe(false);
    await t.db
      .updateTable('enrolment')
      .set({ class_id: nursery })
      .where('student_id', '=', child)
      .where('ended_on', 'is', null)
      .execute();
    try {
      expect(readFeed(await fetchFeed()).events.has(nurseryTraining.uid)).toBe(true);
    } finally {
      await t.db
        .updateTable('enrolment')
        .set({ class_id: f.classes.KG })
        .where('student_id', '=', child)
        .where('ended_on', 'is', null)
        .execute();
    }
    expect(readFeed(await fetchFeed()).events.has(nurseryTraining.uid)).toBe(false);
  });
});
