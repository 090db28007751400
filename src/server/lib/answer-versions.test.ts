import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConversationAnswerSchema } from '../../shared/api/conversations.js';
import { ChildDayAnswerSchema, ClassDayLogAnswerSchema } from '../../shared/api/day-log.js';
import { buildApp } from '../app.js';
import { connectDatabase, type Db } from '../db/connect.js';
import { recordChildConsents } from '../features/consents/consents.repository.js';
import { insertMoment } from '../features/photo-moments/photo-moments.repository.js';
import { TEST_ENGINES } from '../test/databases.js';
import { type Caller, callAs, withDemoSchool } from '../test/school-fixtures.js';
import { ANSWER_KEYS, AnswersKeptByVersion, AnswerVersions, readAnswerVersions } from './answer-versions.js';
import { PgSignals } from './signals.js';

/**
 * Kept answers of the child's day (docs/decisions/0084-kept-answers-of-the-day.md): the triggers
 * raise the keys of what each write touched, and a second app on its own connection to the same
 * database (a second server process) writes while the first keeps its answers: each change shows in
 * the first one's next answer.
 */
describe.each(TEST_ENGINES)('kept answers of the day (%s)', (engine) => {
  const { t, f } = withDemoSchool(engine);
  let other: FastifyInstance;
  let otherDb: Db;
  /** Aisha (the demo parent's child, in KG) and a KG classmate. */
  let aisha: number;
  let classmate: number;

  beforeAll(async () => {
    otherDb = await connectDatabase(t.config);
    other = await buildApp(t.appConfig, { db: otherDb, logger: false });
    await other.ready();
    aisha = f.users.student;
    const row = await t.db
      .selectFrom('enrolment')
      .select('student_id')
      .where('class_id', '=', f.classes.KG)
      .where('ended_on', 'is', null)
      .where('student_id', '<>', aisha)
      .orderBy('student_id')
      .executeTakeFirstOrThrow();
    classmate = row.student_id;
  });
  afterAll(async () => {
    await other?.close();
  });

  const versions = async (...keys: string[]) => (await readAnswerVersions(t.db, keys)).split('.').map(Number);
  /** Which keys moved while `write` ran (1) and which did not (0). */
  const raisedBy = async (keys: string[], write: () => Promise<unknown>) => {
    const before = await versions(...keys);
    await write();
    const after = await versions(...keys);
    return keys.map((_, i) => Math.sign((after[i] ?? 0) - (before[i] ?? 0)));
  };

  it('raises the keys of what each write touched, and no others', async () => {
    const child = ANSWER_KEYS.child(aisha);
    const mate = ANSWER_KEYS.child(classmate);
    const kg = ANSWER_KEYS.classLog(f.classes.KG);
    const talk = ANSWER_KEYS.conversation(aisha);
    const school = ANSWER_KEYS.school;
    const keys = [child, mate, kg, talk, school];

    const logged = await raisedBy(keys, async () => {
      const res = await callAs(other, f, 'teacher', {
        method: 'POST',
        url: '/api/log-entries',
        payload: { studentIds: [classmate, aisha], detail: { kind: 'mood', mood: 'happy' } },
      });
      expect(res.statusCode, res.body).toBe(201);
    });
    // One entry each for two pupils of KG.
    expect(logged).toEqual([1, 1, 1, 0, 0]);

    expect(
      await raisedBy(keys, async () => {
        const res = await callAs(other, f, 'teacher', {
          method: 'POST',
          url: `/api/pupils/${aisha}/checkins`,
          payload: { kind: 'in' },
        });
        expect(res.statusCode, res.body).toBe(201);
      }),
    ).toEqual([1, 0, 0, 0, 0]);

    let moment = 0;
    const posted = await raisedBy(keys, async () => {
      moment = await insertMoment(otherDb, {
        caption: 'Sand pit',
        postedBy: { id: f.users.teacher, name: 'The KG teacher' },
        postedAt: new Date().toISOString(),
        children: [aisha, classmate],
        photos: [{ name: 'answer-versions-test', widths: [400], width: 400, height: 300 }],
      });
    });
    expect(posted).toEqual([1, 1, 0, 0, 0]);
    const removed = await raisedBy(keys, () =>
      otherDb
        .deleteFrom('photo_moment_child')
        .where('moment_id', '=', moment)
        .where('student_id', '=', classmate)
        .execute(),
    );
    expect(removed).toEqual([0, 1, 0, 0, 0]);

    let sent = 0;
    expect(
      await raisedBy(keys, async () => {
        const res = await callAs(other, f, 'parent', {
          method: 'POST',
          url: `/api/pupils/${aisha}/conversation/messages`,
          payload: { type: 'text', text: 'She has a new coat today.' },
        });
        expect(res.statusCode, res.body).toBe(201);
        sent = res.json().data.id;
      }),
    ).toEqual([0, 0, 0, 1, 0]);
    expect(
      await raisedBy(keys, async () => {
        const res = await callAs(other, f, 'teacher', {
          method: 'POST',
          url: `/api/pupils/${aisha}/conversation/read`,
          payload: { upTo: sent },
        });
        expect(res.statusCode, res.body).toBe(200);
      }),
    ).toEqual([0, 0, 0, 1, 0]);

    // The rare writes every kept answer may show raise `school`: a name, a consent.
    const name = (
      await otherDb.selectFrom('app_user').select('name').where('id', '=', aisha).executeTakeFirstOrThrow()
    ).name;
    expect(
      await raisedBy(keys, () =>
        otherDb
          .updateTable('app_user')
          .set({ name: `${name} Jr` })
          .where('id', '=', aisha)
          .execute(),
      ),
    ).toEqual([0, 0, 0, 0, 1]);
    await otherDb.updateTable('app_user').set({ name }).where('id', '=', aisha).execute();
    // Another column of a user (a sign-in's language) changes no answer.
    expect(
      await raisedBy(keys, () =>
        otherDb.updateTable('app_user').set({ language: 'fr' }).where('id', '=', aisha).execute(),
      ),
    ).toEqual([0, 0, 0, 0, 0]);
    expect(
      await raisedBy(keys, () =>
        otherDb
          .insertInto('consent_entry')
          .values({
            student_id: classmate,
            subscriber_email: null,
            kind: 'otherFamilies',
            given: 1,
            by_user: null,
            by_name: null,
            at: new Date().toISOString(),
            how: 'paper',
          })
          .execute(),
      ),
    ).toEqual([0, 0, 0, 0, 1]);
  });

  const as = (app: FastifyInstance, who: Caller, url: string) => callAs(app, f, who, { method: 'GET', url });
  const dayOf = async (who: Caller) => {
    const res = await as(t.app, who, `/api/pupils/${aisha}/day`);
    expect(res.statusCode, res.body).toBe(200);
    return ChildDayAnswerSchema.parse(res.json()).data;
  };
  const classLog = async () => {
    const res = await as(t.app, 'teacher', `/api/classes/${f.classes.KG}/day-log`);
    expect(res.statusCode, res.body).toBe(200);
    return ClassDayLogAnswerSchema.parse(res.json());
  };
  const conversation = async (who: Caller) => {
    const res = await as(t.app, who, `/api/pupils/${aisha}/conversation`);
    expect(res.statusCode, res.body).toBe(200);
    return ConversationAnswerSchema.parse(res.json()).data;
  };

  // On PostgreSQL the first process learns of another's write from its notification, a moment after
  // the commit: each check waits for it (on SQLite the counters are read at every request).
  const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 5000, interval: 20 });

  it('shows what another server process wrote, as soon as it hears of it', async () => {
    // Kept first: asked twice, the same answers.
    const day = await dayOf('parent');
    expect(await dayOf('parent')).toEqual(day);
    const log = await classLog();
    expect(await classLog()).toEqual(log);
    const talk = await conversation('parent');
    expect((await conversation('parent')).messages).toEqual(talk.messages);

    const res = await callAs(other, f, 'teacher', {
      method: 'POST',
      url: '/api/log-entries',
      payload: { studentIds: [aisha], detail: { kind: 'note', text: 'Told a long story about dragons.' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    await eventually(async () => {
      const noted = (await dayOf('parent')).items.filter((item) => item.type === 'log');
      expect(noted).toHaveLength(day.items.filter((item) => item.type === 'log').length + 1);
      expect((await classLog()).data).toHaveLength(log.data.length + 1);
    });

    // A photo of Aisha with a classmate whose photos other families may not see: hidden from the
    // demo parent; shown once the classmate's family allows it (a care record, another process).
    await otherDb.transaction().execute((trx) =>
      recordChildConsents(trx, {
        studentId: classmate,
        wanted: { otherFamilies: false },
        by: { id: null, name: null },
        how: 'paper',
        at: new Date().toISOString(),
      }),
    );
    await insertMoment(otherDb, {
      caption: 'Reading corner',
      postedBy: { id: f.users.teacher, name: 'The KG teacher' },
      postedAt: new Date().toISOString(),
      children: [aisha, classmate],
      photos: [{ name: 'answer-versions-reading', widths: [400], width: 400, height: 300 }],
    });
    const captionsOf = async (who: Caller) =>
      (await dayOf(who)).items.flatMap((item) => (item.type === 'photo' ? [item.moment.caption] : []));
    // The teacher sees every moment of the class: once it shows there, this process has heard of it.
    await eventually(async () => expect(await captionsOf('teacher')).toContain('Reading corner'));
    expect(await captionsOf('parent')).not.toContain('Reading corner');
    await otherDb.transaction().execute((trx) =>
      recordChildConsents(trx, {
        studentId: classmate,
        wanted: { otherFamilies: true },
        by: { id: null, name: null },
        how: 'paper',
        at: new Date().toISOString(),
      }),
    );
    await eventually(async () => expect(await captionsOf('parent')).toContain('Reading corner'));

    // A rename shows in the day, the class's log and the conversation.
    const renamed = `${day.studentName} Renamed`;
    await otherDb.updateTable('app_user').set({ name: renamed }).where('id', '=', aisha).execute();
    await eventually(async () => {
      expect((await dayOf('parent')).studentName).toBe(renamed);
      expect(
        (await classLog()).data.filter((entry) => entry.studentId === aisha).map((e) => e.studentName),
      ).toEqual(expect.arrayContaining([renamed]));
      expect((await conversation('parent')).studentName).toBe(renamed);
    });
    await otherDb.updateTable('app_user').set({ name: day.studentName }).where('id', '=', aisha).execute();

    // A message and its read receipt.
    const sent = await callAs(other, f, 'teacher', {
      method: 'POST',
      url: `/api/pupils/${aisha}/conversation/messages`,
      payload: { type: 'text', text: 'Aisha painted a dragon today.' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const messageId: number = sent.json().data.id;
    await eventually(async () => {
      const seen = (await conversation('teacher')).messages.find((message) => message.id === messageId);
      expect(seen).toBeDefined();
      expect(seen?.readBy).toEqual([]);
    });
    const read = await callAs(other, f, 'parent', {
      method: 'POST',
      url: `/api/pupils/${aisha}/conversation/read`,
      payload: { upTo: messageId },
    });
    expect(read.statusCode, read.body).toBe(200);
    await eventually(async () => {
      const after = (await conversation('teacher')).messages.find((message) => message.id === messageId);
      expect(after?.readBy.length).toBe(1);
    });
  });
});

describe('AnswersKeptByVersion', () => {
  const { t } = withDemoSchool('sqlite');
  const bump = (key: string) =>
    t.db
      .insertInto('answer_version')
      .values({ key, version: 1 })
      .onConflict((c) =>
        c.column('key').doUpdateSet((eb) => ({ version: eb('answer_version.version', '+', 1) })),
      )
      .execute();

  it('gives the kept answer while its keys stand, and makes it again when one moves', async () => {
    const kept = new AnswersKeptByVersion<number>(new AnswerVersions(t.db), 10);
    let made = 0;
    const make = async () => ++made;
    expect(await kept.get('a', ['test:a', 'test:all'], make)).toBe(1);
    expect(await kept.get('a', ['test:a', 'test:all'], make)).toBe(1);
    await bump('test:all');
    expect(await kept.get('a', ['test:a', 'test:all'], make)).toBe(2);
    await bump('test:other');
    expect(await kept.get('a', ['test:a', 'test:all'], make)).toBe(2);
    await bump('test:a');
    expect(await kept.get('a', ['test:a', 'test:all'], make)).toBe(3);
  });

  it('keeps at most its number of answers, the least recently given out leaving first', async () => {
    const kept = new AnswersKeptByVersion<string>(new AnswerVersions(t.db), 2);
    const made: string[] = [];
    const get = (id: string) =>
      kept.get(id, ['test:lru'], async () => {
        made.push(id);
        return id;
      });
    await get('a');
    await get('b');
    await get('a');
    await get('c');
    expect(kept.size).toBe(2);
    await get('a');
    await get('b');
    expect(made).toEqual(['a', 'b', 'c', 'b']);
  });

  it('does not keep a failure: the next request makes the answer again', async () => {
    const kept = new AnswersKeptByVersion<string>(new AnswerVersions(t.db), 10);
    await expect(
      kept.get('x', ['test:x'], async () => {
        throw new Error('the database went away');
      }),
    ).rejects.toThrow('the database went away');
    expect(kept.size).toBe(0);
    let makings = 0;
    const make = async () => {
      makings += 1;
      return 'made';
    };
    expect(await kept.get('x', ['test:x'], make)).toBe('made');
    expect(await kept.get('x', ['test:x'], make)).toBe('made');
    expect(makings).toBe(1);
  });
});

describe.each(TEST_ENGINES.filter((engine) => engine === 'postgres'))(
  'answer versions followed from the signals (%s)',
  (engine) => {
    const { t, f } = withDemoSchool(engine);

    it('knows a counter from memory once read, hears raises, and reads the database again after a resync', async () => {
      const signals = t.app.signals;
      if (!(signals instanceof PgSignals)) throw new Error('PostgreSQL signals expected');
      const versions = new AnswerVersions(t.db);
      const stop = versions.follow(signals, () => signals.listening);
      try {
        const key = 'test:followed';
        expect(await versions.read([key])).toBe('0');
        // Written without a trigger (so without a notification): a process that knows the counter
        // does not ask the database again.
        await t.db.insertInto('answer_version').values({ key, version: 5 }).execute();
        expect(await versions.read([key])).toBe('0');
        // A request that may write makes the reads ask the database until its mark comes back.
        const mark = versions.mayWrite();
        expect(mark).toBeDefined();
        expect(await versions.read([key])).toBe('5');
        if (mark) versions.wroteAll(mark);

        // A raise through the triggers is heard.
        const child = ANSWER_KEYS.child(f.users.student);
        const before = Number(await versions.read([child]));
        const res = await callAs(t.app, f, 'teacher', {
          method: 'POST',
          url: '/api/log-entries',
          payload: { studentIds: [f.users.student], detail: { kind: 'mood', mood: 'calm' } },
        });
        expect(res.statusCode, res.body).toBe(201);
        await vi.waitFor(async () => expect(Number(await versions.read([child]))).toBeGreaterThan(before));

        // The listening connection drops: what was known may have missed a notification.
        const resynced = new Promise<void>((resolve) => {
          const off = signals.subscribe((signal) => {
            if (signal.channel === 'resync') {
              off();
              resolve();
            }
          });
        });
        await signals.dropConnectionForTest();
        await resynced;
        await t.db.updateTable('answer_version').set({ version: 7 }).where('key', '=', key).execute();
        expect(await versions.read([key])).toBe('7');
      } finally {
        stop();
      }
    });
  },
);
