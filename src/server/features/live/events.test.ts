import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../../shared/api/live.js';
import { SESSION_COOKIE } from '../../../shared/constants.js';
import { PgSignals } from '../../lib/signals.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { bearer, type Caller, type SchoolFixture, schoolFixture } from '../../test/school-fixtures.js';
import { createSession } from '../auth/session.js';
import { EVENT_STREAM_TIMING } from './events.routes.js';

interface Stream {
  events: LiveEvent[];
  text: () => string;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  /** Resolves once an event matching `match` arrived. */
  waitFor(match: (event: LiveEvent) => boolean): Promise<void>;
  /** Resolves once the stream's text so far satisfies `check`. */
  waitForText(check: (text: string) => boolean): Promise<void>;
  close(): void;
}

/** Opens the event stream as a browser's EventSource would, and reads it as it comes. */
async function openStream(base: string, headers: Record<string, string>): Promise<Stream> {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/events`, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: abort.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  expect(res.headers.get('cache-control')).toBe('no-store');
  const events: LiveEvent[] = [];
  let text = '';
  const waiters: { check: () => boolean; resolve: () => void }[] = [];
  const settle = () => {
    for (const waiter of [...waiters]) {
      if (!waiter.check()) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  const waitUntil = (check: () => boolean) =>
    check() ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ check, resolve }));
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const ended = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        text += decoder.decode(value, { stream: true });
        // Every complete `event: live` block, in order.
        const live = [...text.matchAll(/event: live\ndata: (.*)\n\n/g)].map((m) =>
          JSON.parse(m[1] as string),
        );
        events.push(...live.slice(events.length));
        settle();
      }
    } catch {
      // Aborted by the test.
    }
  })();
  return {
    events,
    text: () => text,
    ended,
    waitFor: (match) => waitUntil(() => events.some(match)),
    waitForText: (check) => waitUntil(() => check(text)),
    close: () => abort.abort(),
  };
}

describe.each(TEST_ENGINES)('the event stream on %s', (engine) => {
  let t: TestApp;
  let f: SchoolFixture;
  let base: string;
  const open: Stream[] = [];
  /** A pupil who is no child of the demo parent, in a class teacher@ does not teach. */
  let stranger: number;
  /** The children (and null) each teacher hears of in the first test, by the classes they teach. */
  const heardBy: Partial<Record<Caller, (number | null)[]>> = {};

  beforeAll(async () => {
    t = await createTestApp(engine, { demo: true });
    f = await schoolFixture(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const enrolled = await t.db
      .selectFrom('enrolment')
      .select(['student_id', 'class_id'])
      .where('ended_on', 'is', null)
      .execute();
    const strangerRow = enrolled.find((row) => !f.children.includes(row.student_id));
    if (!strangerRow) throw new Error('the demo needs a pupil outside the demo family');
    stranger = strangerRow.student_id;
    const teaches = async (teacher: Caller, pupil: number) => {
      const classId = enrolled.find((row) => row.student_id === pupil)?.class_id;
      const row = await t.db
        .selectFrom('class_assignment')
        .select('class_id')
        .where('teacher_id', '=', f.users[teacher])
        .where('class_id', '=', classId ?? -1)
        .executeTakeFirst();
      return row !== undefined;
    };
    for (const teacher of ['teacher', 'teacher2'] as const) {
      const heard: (number | null)[] = [];
      for (const pupil of [f.children[0], stranger]) if (await teaches(teacher, pupil)) heard.push(pupil);
      heardBy[teacher] = [...heard, null];
    }
    // teacher@ teaches the child's class (KG), teacher2@ does not.
    expect(heardBy.teacher?.[0]).toBe(f.children[0]);
    expect(heardBy.teacher2).not.toContain(f.children[0]);
  });
  afterEach(() => {
    for (const stream of open.splice(0)) stream.close();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const streamAs = async (caller: Caller) => {
    const stream = await openStream(base, bearer(f.tokens[caller]));
    open.push(stream);
    return stream;
  };
  const publish = (event: LiveEvent) => t.app.signals.publish({ channel: 'live', event });
  const everyone: LiveEvent = { kind: 'notice', childId: null };

  it('tells each user of the children whose day they may read, and everyone of what concerns no child', async () => {
    const [parent, teacher, teacher2, principal, student2] = await Promise.all(
      (['parent', 'teacher', 'teacher2', 'principal', 'student2'] as const).map(streamAs),
    );
    const child = f.children[0];
    await publish({ kind: 'log', childId: child });
    await publish({ kind: 'message', childId: stranger });
    await publish(everyone);
    const all = [parent, teacher, teacher2, principal, student2];
    await Promise.all(all.map((stream) => stream?.waitFor((event) => event.childId === null)));
    const childIds = (stream: Stream | undefined) => stream?.events.map((event) => event.childId);
    expect(childIds(parent)).toEqual([child, null]);
    expect(childIds(teacher)).toEqual(heardBy.teacher);
    expect(childIds(teacher2)).toEqual(heardBy.teacher2);
    expect(childIds(principal)).toEqual([child, stranger, null]);
    // A pupil hears of no child's day.
    expect(childIds(student2)).toEqual([null]);
    expect(parent?.events[0]).toEqual({ kind: 'log', childId: child });
  });

  it('takes the session from the app’s cookie, as an EventSource sends it', async () => {
    const stream = await openStream(base, { cookie: `${SESSION_COOKIE}=${f.tokens.parent}` });
    open.push(stream);
    await publish({ kind: 'photo', childId: f.children[1] });
    await stream.waitFor((event) => event.childId === f.children[1]);
  });

  it('refuses without a session (401), a type without a school area (403), and a request not for a stream (400)', async () => {
    expect((await fetch(`${base}/api/events`, { headers: { accept: 'text/event-stream' } })).status).toBe(
      401,
    );
    const director = await fetch(`${base}/api/events`, {
      headers: { accept: 'text/event-stream', ...bearer(f.tokens.director) },
    });
    expect(director.status).toBe(403);
    const plain = await t.app.inject({ url: '/api/events', headers: bearer(f.tokens.parent) });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().error.code).toBe('BAD_REQUEST');
  });

  it('ends the stream once the session has ended, and hears of a child newly in the family', async () => {
    const before = { ...EVENT_STREAM_TIMING };
    EVENT_STREAM_TIMING.refreshMs = 50;
    try {
      const token = await createSession(t.db, f.users.parent);
      const stream = await openStream(base, bearer(token));
      open.push(stream);
      await t.db
        .insertInto('guardian')
        .values({
          parent_id: f.users.parent,
          student_id: stranger,
          relationship: 'guardian',
          created_at: new Date().toISOString(),
        })
        .execute();
      // Published until the refreshed audience lets it through: the refresh runs on its timer.
      const heard = stream.waitFor((event) => event.childId === stranger);
      const again = setInterval(() => void publish({ kind: 'log', childId: stranger }), 20);
      await heard;
      clearInterval(again);
      await t.db
        .deleteFrom('guardian')
        .where('parent_id', '=', f.users.parent)
        .where('student_id', '=', stranger)
        .execute();
      const out = await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(token) });
      expect(out.statusCode).toBe(204);
      await stream.ended;
    } finally {
      Object.assign(EVENT_STREAM_TIMING, before);
    }
  });

  it('sends a heartbeat while nothing happens', async () => {
    const before = { ...EVENT_STREAM_TIMING };
    EVENT_STREAM_TIMING.heartbeatMs = 20;
    try {
      const stream = await streamAs('principal');
      await stream.waitForText((text) => text.includes(': alive\n\n'));
    } finally {
      Object.assign(EVENT_STREAM_TIMING, before);
    }
  });

  it('ends every stream when the server drains, so the drain need not wait', async () => {
    const streams = await Promise.all((['parent', 'principal'] as const).map(streamAs));
    const started = performance.now();
    await t.app.drainAndClose();
    await Promise.all(streams.map((stream) => stream.ended));
    expect(performance.now() - started).toBeLessThan(t.appConfig.shutdown.timeout);
  });
});

describe.each(TEST_ENGINES.filter((engine) => engine === 'postgres'))(
  'the event stream after a lost LISTEN connection on %s',
  (engine) => {
    let t: TestApp;
    let f: SchoolFixture;
    let base: string;
    beforeAll(async () => {
      t = await createTestApp(engine, { demo: true });
      f = await schoolFixture(t);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await t?.dispose();
    });

    it('tells the browser to ask again for everything, then goes on with the events', async () => {
      const signals = t.app.signals;
      if (!(signals instanceof PgSignals)) throw new Error('expected LISTEN/NOTIFY signals');
      const stream = await openStream(base, bearer(f.tokens.parent));
      await signals.dropConnectionForTest();
      await stream.waitForText((text) => text.includes('event: resync\ndata: {}\n\n'));
      await t.app.signals.publish({ channel: 'live', event: { kind: 'log', childId: f.children[0] } });
      await stream.waitFor((event) => event.childId === f.children[0]);
      stream.close();
    });
  },
);
