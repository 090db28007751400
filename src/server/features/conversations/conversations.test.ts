import type { InjectOptions } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ConversationAnswerSchema,
  ConversationsAnswerSchema,
  DayNotesAnswerSchema,
  MessageAnswerSchema,
  MessageHoursAnswerSchema,
  UnreadAnswerSchema,
} from '../../../shared/api/conversations.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { dateInZone } from '../../../shared/school-time.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { bearer, type Caller, userWithSession, withDemoSchool } from '../../test/school-fixtures.js';
import { png } from '../users/test-helpers.js';
import { claimAttachment } from './attachments.js';
import { ConversationAlertJob } from './conversation-alerts.js';

/**
 * Messages between home and school (docs/decisions/0080-conversations.md) against the demo school:
 * the demo parent (Kofi Rahman) is the guardian of student@ (Aisha Rahman, KG) and of her brother
 * (Class 2); teacher@ teaches KG, teacher2@ does not; `stranger` is a parent of no child of theirs.
 * The school's zone is America/New_York (demo/settings.ts).
 */

type Who = Caller | 'stranger';
const ZONE = 'America/New_York';
const schoolToday = () => dateInZone(new Date(), ZONE);

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

describe.each(TEST_ENGINES)('conversations on %s', (engine) => {
  const { t, f } = withDemoSchool(engine);
  let stranger: { id: number; token: string };
  let aisha: number;
  let brother: number;

  beforeAll(async () => {
    stranger = await userWithSession(t.db, USER_TYPE.parent, 'Pat Stranger');
    [aisha, brother] = f.children;
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  const as = (who: Who, options: InjectOptions) => {
    const token = who === 'stranger' ? stranger.token : f.tokens[who];
    return t.app.inject({ ...options, headers: { ...options.headers, ...bearer(token) } });
  };
  const getConversation = (who: Who, id = aisha, query = '') =>
    as(who, { method: 'GET', url: `/api/pupils/${id}/conversation${query}` });
  const send = (who: Who, payload: object, id = aisha) =>
    as(who, { method: 'POST', url: `/api/pupils/${id}/conversation/messages`, payload });
  const sendForm = async (
    who: Who,
    fields: Record<string, string>,
    file?: { bytes: Buffer; name: string; type: string },
  ) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (file)
      form.append('attachment', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    const request = new Request('http://x', { method: 'POST', body: form });
    return as(who, {
      method: 'POST',
      url: `/api/pupils/${aisha}/conversation/messages`,
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
      payload: Buffer.from(await request.arrayBuffer()),
    });
  };
  const sent = async (who: Who, payload: object, id = aisha) => {
    const res = await send(who, payload, id);
    expect(res.statusCode, res.body).toBe(201);
    return MessageAnswerSchema.parse(res.json()).data;
  };
  const read = (who: Who, upTo: number, id = aisha) =>
    as(who, { method: 'POST', url: `/api/pupils/${id}/conversation/read`, payload: { upTo } });
  const unread = async (who: Who) => {
    const res = await as(who, { method: 'GET', url: '/api/conversations/unread' });
    expect(res.statusCode, res.body).toBe(200);
    return UnreadAnswerSchema.parse(res.json()).data;
  };
  const messageRow = (id: number) =>
    t.db.selectFrom('conversation_message').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** Open hours all week long, or the demo default of weekdays 07:30-18:00. */
  const setHours = (days: number[], opens = '07:30', closes = '18:00') =>
    as('principal', {
      method: 'PUT',
      url: '/api/admin/conversations/hours',
      payload: { days, opens, closes },
    });

  describe('the demo school', () => {
    it('has a week of the demo family’s messages, typed ones among them, each read, none waiting to alert', async () => {
      const rows = await t.db
        .selectFrom('conversation_message')
        .select(['student_id', 'type', 'side', 'alert_due_at', 'alerted_at'])
        .where('student_id', 'in', [aisha, brother])
        .execute();
      expect(rows.length).toBeGreaterThanOrEqual(10);
      expect(new Set(rows.map((r) => r.type))).toEqual(
        new Set(['text', 'absent', 'late-pickup', 'other-collector']),
      );
      expect(new Set(rows.map((r) => r.side))).toEqual(new Set(['family', 'school']));
      // Starting the demo alerts nobody: no message has an alert due, now or later.
      expect(rows.every((r) => r.alert_due_at === null || r.alerted_at !== null)).toBe(true);
      const receipts = await t.db.selectFrom('conversation_receipt').select('message_id').execute();
      expect(receipts.length).toBeGreaterThanOrEqual(rows.length - 1);
    });
  });

  describe('who belongs to a conversation', () => {
    it('the guardians, the class’s teachers and the principal read it; another teacher, another parent and an unknown pupil get 404; a pupil 403', async () => {
      for (const who of ['parent', 'teacher', 'principal'] as const) {
        const res = await getConversation(who);
        expect(res.statusCode, `${who}: ${res.body}`).toBe(200);
        const data = ConversationAnswerSchema.parse(res.json()).data;
        expect(data.studentName).toBe('Aisha Rahman');
        expect(data.side).toBe(who === 'parent' ? 'family' : 'school');
      }
      for (const who of ['teacher2', 'stranger'] as const) {
        expect((await getConversation(who)).statusCode, who).toBe(404);
        expect((await send(who, { text: 'Hello' })).statusCode, who).toBe(404);
        expect((await read(who, 1)).statusCode, who).toBe(404);
      }
      expect((await getConversation('principal', 999_999)).statusCode).toBe(404);
      expect((await getConversation('student')).statusCode).toBe(403);
      expect((await send('student', { text: 'Hi' })).statusCode).toBe(403);
    });

    it('the principal reads every conversation: the brother’s in Class 2 too, which teacher@ does not teach', async () => {
      expect((await getConversation('principal', brother)).statusCode).toBe(200);
      expect((await getConversation('parent', brother)).statusCode).toBe(200);
    });
  });

  describe('sending and reading', () => {
    it('a text message: both sides see it, with its sender; nobody can change or remove it', async () => {
      const message = await sent('parent', { text: '  Aisha slept badly last night.  ' });
      expect(message).toMatchObject({
        side: 'family',
        type: 'text',
        text: 'Aisha slept badly last night.',
        senderName: 'Kofi Rahman',
        mine: true,
        readBy: [],
        attachment: null,
        forDay: null,
      });
      const seen = ConversationAnswerSchema.parse((await getConversation('teacher')).json()).data.messages;
      expect(seen.at(-1)).toMatchObject({
        id: message.id,
        mine: false,
        text: 'Aisha slept badly last night.',
      });
      for (const method of ['DELETE', 'PUT', 'PATCH'] as const) {
        const res = await as('principal', {
          method,
          url: `/api/pupils/${aisha}/conversation/messages/${message.id}`,
          payload: {},
        });
        expect(res.statusCode, method).toBe(404);
      }
      expect((await messageRow(message.id)).body).toBe('Aisha slept badly last night.');
    });

    it('tells open event streams: a message about the child, and the register for a typed one', async () => {
      const heard: unknown[] = [];
      const stop = t.app.signals.subscribe((signal) => {
        if (signal.channel === 'live') heard.push(signal.event);
      });
      try {
        // On PostgreSQL a process hears its own signals through LISTEN, after the write's answer.
        await sent('teacher', { text: 'Stream check' });
        await vi.waitFor(() => expect(heard).toEqual([{ kind: 'message', childId: aisha }]));
        heard.length = 0;
        await sent('parent', { type: 'late-pickup', time: '16:45' });
        await vi.waitFor(() =>
          expect(heard).toEqual([
            { kind: 'message', childId: aisha },
            { kind: 'register', childId: aisha },
          ]),
        );
      } finally {
        stop();
      }
    });

    it('refuses what is not a message: 400 and nothing saved', async () => {
      const count = async () =>
        Number(
          (
            await t.db
              .selectFrom('conversation_message')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      for (const body of [
        {},
        { text: '   ' },
        { type: 'absent' },
        { type: 'late-pickup', time: '25:00' },
        { type: 'other-collector', name: 'Uncle Jamal' },
        { type: 'other-collector', name: 'Uncle Jamal', phone: 'call me' },
        { type: 'gossip', text: 'x' },
        { text: 'x'.repeat(4001) },
      ]) {
        const res = await send('parent', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
      }
      // Typed messages are the family's.
      const res = await send('teacher', { type: 'absent', reason: 'Ill' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([{ field: 'type', message: expect.any(String) }]);
      expect(await count()).toBe(before);
    });

    it('read receipts: "read by the school" with who and when for the family; unread counts drop for the reader only', async () => {
      const first = await sent('parent', { text: 'Can she wear her boots?' });
      // What the school wrote before is read by the family first.
      await read('parent', first.id);
      const second = await sent('parent', { text: 'And bring her scarf?' });
      const before = await unread('teacher');
      expect(before.children.find((c) => c.studentId === aisha)?.unread).toBeGreaterThanOrEqual(2);

      const res = await read('teacher', second.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.marked).toBeGreaterThanOrEqual(2);
      // Reading again marks nothing new and keeps the first time.
      expect((await read('teacher', second.id)).json().data.marked).toBe(0);

      const family = ConversationAnswerSchema.parse((await getConversation('parent')).json()).data.messages;
      for (const id of [first.id, second.id]) {
        expect(family.find((m) => m.id === id)?.readBy).toEqual([
          { name: 'Amara Okafor', readAt: expect.any(String) },
        ]);
      }
      expect((await unread('teacher')).children.find((c) => c.studentId === aisha)).toBeUndefined();
      // The principal has not read them.
      expect(
        (await unread('principal')).children.find((c) => c.studentId === aisha)?.unread,
      ).toBeGreaterThanOrEqual(2);

      // The other way: a staff message read by the family.
      const answer = await sent('teacher', { text: 'Yes, boots are fine.' });
      expect((await unread('parent')).children).toContainEqual({ studentId: aisha, unread: 1 });
      // A parent reading their own side's message marks nothing.
      expect((await read('parent', second.id)).json().data.marked).toBe(0);
      expect((await read('parent', answer.id)).json().data.marked).toBe(1);
      const school = ConversationAnswerSchema.parse((await getConversation('teacher')).json()).data.messages;
      expect(school.find((m) => m.id === answer.id)?.readBy).toEqual([
        { name: 'Kofi Rahman', readAt: expect.any(String) },
      ]);
      expect((await unread('parent')).total).toBe(0);
    });

    it('pages back with before, oldest first within a page', async () => {
      for (let i = 0; i < 31; i += 1) await sent('teacher', { text: `Note ${i}` }, brother);
      const newest = ConversationAnswerSchema.parse((await getConversation('parent', brother)).json()).data;
      expect(newest.messages).toHaveLength(30);
      expect(newest.hasOlder).toBe(true);
      expect(newest.messages.at(-1)?.text).toBe('Note 30');
      const first = newest.messages[0]?.id ?? 0;
      const older = ConversationAnswerSchema.parse(
        (await getConversation('parent', brother, `?before=${first}`)).json(),
      ).data;
      // Note 0 after the demo's older messages about Yusuf.
      expect(older.messages.at(-1)?.text).toBe('Note 0');
      expect(older.messages.every((m) => m.id < first)).toBe(true);
      expect(older.hasOlder).toBe(false);
      expect((await getConversation('parent', brother, '?before=abc')).statusCode).toBe(400);
    });

    it('lists: a teacher their classes’ children with unread counts, the parent their children, the principal every child with a message', async () => {
      const note = await sent('parent', { text: 'A list check' }, aisha);
      const teacher = ConversationsAnswerSchema.parse(
        (await as('teacher', { method: 'GET', url: '/api/conversations' })).json(),
      ).data;
      const row = teacher.find((c) => c.studentId === aisha);
      expect(row?.unread).toBeGreaterThanOrEqual(1);
      expect(row?.last).toMatchObject({ text: 'A list check', side: 'family' });
      const other = ConversationsAnswerSchema.parse(
        (await as('teacher2', { method: 'GET', url: '/api/conversations' })).json(),
      ).data;
      expect(other.some((c) => c.studentId === aisha)).toBe(false);
      // Unread first.
      expect(teacher[0]?.unread).toBeGreaterThan(0);
      const parent = ConversationsAnswerSchema.parse(
        (await as('parent', { method: 'GET', url: '/api/conversations' })).json(),
      ).data;
      expect(parent.map((c) => c.studentId).sort()).toEqual([aisha, brother].sort());
      const principal = ConversationsAnswerSchema.parse(
        (await as('principal', { method: 'GET', url: '/api/conversations' })).json(),
      ).data;
      expect(principal.map((c) => c.studentId)).toEqual(expect.arrayContaining([aisha, brother]));
      const strangers = ConversationsAnswerSchema.parse(
        (await as('stranger', { method: 'GET', url: '/api/conversations' })).json(),
      ).data;
      expect(strangers).toEqual([]);
      await read('teacher', note.id);
    });
  });

  describe('attachments', () => {
    it('a photo is re-encoded and served no-store to the conversation’s members only', async () => {
      const res = await sendForm(
        'parent',
        { text: 'Her drawing' },
        { bytes: await png(64, 48), name: 'drawing.png', type: 'image/png' },
      );
      expect(res.statusCode, res.body).toBe(201);
      const message = MessageAnswerSchema.parse(res.json()).data;
      expect(message.attachment).toMatchObject({ kind: 'image', name: 'drawing.webp' });
      const url = message.attachment?.url ?? '';
      const got = await as('teacher', { method: 'GET', url });
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('image/webp');
      expect(got.headers['cache-control']).toBe('private, no-store');
      expect(got.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
      for (const who of ['teacher2', 'stranger'] as const)
        expect((await as(who, { method: 'GET', url })).statusCode).toBe(404);
      // Never through /uploads.
      const stored = (await messageRow(message.id)).attachment_path ?? '';
      expect(stored).toMatch(new RegExp(`^conversations/${aisha}/[0-9a-f]{32}\\.webp$`));
      expect((await t.app.inject({ url: `/uploads/${stored}` })).statusCode).toBe(404);
    });

    it('a PDF is kept as sent and downloaded; a file that only says it is a PDF is refused', async () => {
      const res = await sendForm(
        'teacher',
        { text: '' },
        { bytes: PDF, name: 'menu.pdf', type: 'application/pdf' },
      );
      expect(res.statusCode, res.body).toBe(201);
      const message = MessageAnswerSchema.parse(res.json()).data;
      expect(message.attachment).toMatchObject({ kind: 'pdf', name: 'menu.pdf', size: PDF.length });
      const got = await as('parent', { method: 'GET', url: message.attachment?.url ?? '' });
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('application/pdf');
      expect(got.headers['content-disposition']).toContain('attachment');
      expect(got.rawPayload.equals(PDF)).toBe(true);

      const fake = await sendForm(
        'parent',
        { text: 'x' },
        { bytes: Buffer.from('hello, not a pdf'), name: 'x.pdf', type: 'application/pdf' },
      );
      expect(fake.statusCode).toBe(400);
      const big = await sendForm(
        'parent',
        { text: 'x' },
        { bytes: Buffer.alloc(5 * 1024 * 1024 + 10, 1), name: 'big.pdf', type: 'application/pdf' },
      );
      expect(big.statusCode).toBe(413);
      // A message without an attachment has none to serve.
      const plain = await sent('parent', { text: 'no file' });
      expect(
        (
          await as('parent', {
            method: 'GET',
            url: `/api/pupils/${aisha}/conversation/attachments/${plain.id}`,
          })
        ).statusCode,
      ).toBe(404);
    });
  });

  describe('attachments an hour', () => {
    it('an account sends at most 30 forms with a file an hour: then 429 with Retry-After, and nothing saved', async () => {
      for (let i = 0; i < 30; i += 1) await claimAttachment(t.db, f.users.principal);
      const before = await t.db.selectFrom('conversation_message').select('id').execute();
      const form = new FormData();
      form.append('text', 'One too many');
      form.append('attachment', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'x.pdf');
      const request = new Request('http://x', { method: 'POST', body: form });
      const res = await as('principal', {
        method: 'POST',
        url: `/api/pupils/${aisha}/conversation/messages`,
        headers: { 'content-type': request.headers.get('content-type') ?? '' },
        payload: Buffer.from(await request.arrayBuffer()),
      });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ error: { code: 'TOO_MANY_UPLOADS' } });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(await t.db.selectFrom('conversation_message').select('id').execute()).toHaveLength(
        before.length,
      );
      // Text alone still goes.
      expect((await send('principal', { text: 'Text is fine' })).statusCode).toBe(201);
    });
  });

  describe('message hours and alerts', () => {
    it('the principal sets them; everyone sees them and whether they are open now', async () => {
      expect((await setHours([], '07:30', '18:00')).statusCode).toBe(400);
      expect((await setHours([1], '18:00', '07:30')).statusCode).toBe(400);
      expect(
        (
          await as('teacher', {
            method: 'PUT',
            url: '/api/admin/conversations/hours',
            payload: { days: [1], opens: '07:30', closes: '18:00' },
          })
        ).statusCode,
      ).toBe(403);
      const res = await setHours([1, 2, 3, 4, 5]);
      expect(res.statusCode, res.body).toBe(200);
      const hours = MessageHoursAnswerSchema.parse(
        (await as('parent', { method: 'GET', url: '/api/conversations/hours' })).json(),
      ).data;
      expect(hours).toMatchObject({ days: [1, 2, 3, 4, 5], opens: '07:30', closes: '18:00', timeZone: ZONE });
    });

    it('a parent’s message on Saturday night is alerted to the class’s teachers and the principal when the hours open on Monday, once', async () => {
      await setHours([1, 2, 3, 4, 5]);
      vi.useFakeTimers({ toFake: ['Date'] });
      // Saturday 21 November 2026, 22:00 in New York.
      vi.setSystemTime(new Date('2026-11-22T03:00:00Z'));
      const message = await sent('parent', { text: 'Weekend question' });
      const row = await messageRow(message.id);
      // Monday 23 November, 07:30 in New York (EST, UTC-5).
      expect(row.alert_due_at).toBe('2026-11-23T12:30:00.000Z');
      expect(row.alerted_at).toBeNull();
      const conversation = ConversationAnswerSchema.parse((await getConversation('parent')).json()).data;
      expect(conversation.hours).toMatchObject({ openNow: false, nextOpening: '2026-11-23T12:30:00.000Z' });
      vi.useRealTimers();

      const job = new ConversationAlertJob(t.app);
      const atNight = await job.runDue(new Date('2026-11-23T12:29:00Z'));
      expect(atNight.some((a) => a.path === `/conversations/${aisha}`)).toBe(false);
      const [alert, ...more] = (await job.runDue(new Date('2026-11-23T12:30:00Z'))).filter(
        (a) => a.path === `/conversations/${aisha}`,
      );
      expect(more).toEqual([]);
      expect(alert?.kind).toBe('messages');
      expect(alert?.title).toEqual({ key: 'conversations.alert.title', params: { child: 'Aisha Rahman' } });
      const kgTeachers = await t.db
        .selectFrom('class_assignment')
        .select('teacher_id')
        .distinct()
        .where('class_id', '=', f.classes.KG)
        .execute();
      const school = [f.users.principal, ...kgTeachers.map((r) => r.teacher_id)];
      expect([...(alert?.userIds ?? [])].sort()).toEqual([...new Set(school)].sort());
      expect(alert?.userIds).toContain(f.users.teacher);
      expect(alert?.userIds).not.toContain(f.users.teacher2);
      // Another process looking a moment later sends nothing.
      expect(await new ConversationAlertJob(t.app).runDue(new Date('2026-11-23T12:31:00Z'))).toEqual([]);
      expect((await messageRow(message.id)).alerted_at).toBe('2026-11-23T12:30:00.000Z');
    });

    it('within the hours a parent’s message is alerted at once; a staff message alerts the guardians at once, whatever the hour', async () => {
      await setHours([0, 1, 2, 3, 4, 5, 6], '00:00', '23:59');
      const inside = await sent('parent', { text: 'Now' });
      const row = await messageRow(inside.id);
      expect(row.alerted_at).not.toBeNull();
      expect(row.alerted_at).toBe(row.alert_due_at);

      await setHours([1, 2, 3, 4, 5]);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-22T03:00:00Z'));
      const staff = await sent('teacher', { text: 'Late answer' });
      expect((await messageRow(staff.id)).alerted_at).toBe('2026-11-22T03:00:00.000Z');
    });
  });

  describe('typed messages feed the day', () => {
    it('"Absent today": shown on the class’s day notes, and the absence alert is not sent for that child that day', async () => {
      const message = await sent('parent', { type: 'absent', reason: 'A fever', text: 'She will rest' });
      expect(message).toMatchObject({ type: 'absent', reason: 'A fever', forDay: schoolToday() });
      const notes = await as('teacher', { method: 'GET', url: `/api/classes/${f.classes.KG}/day-notes` });
      expect(notes.statusCode, notes.body).toBe(200);
      expect(DayNotesAnswerSchema.parse(notes.json()).data).toContainEqual(
        expect.objectContaining({
          studentId: aisha,
          type: 'absent',
          reason: 'A fever',
          senderName: 'Kofi Rahman',
        }),
      );
      expect(
        (await as('teacher2', { method: 'GET', url: `/api/classes/${f.classes.KG}/day-notes` })).statusCode,
      ).toBe(404);

      await t.db.updateTable('school_settings').set({ absence_alerts: 1 }).execute();
      const mark = (studentId: number, caller: Caller) =>
        as(caller, {
          method: 'POST',
          url: '/api/studentattenance',
          payload: [{ att_date: schoolToday(), userid: studentId, att_status: 2, discription: '' }],
        });
      expect((await mark(aisha, 'teacher')).statusCode).toBe(200);
      expect((await mark(brother, 'principal')).statusCode).toBe(200);
      const told = await t.db
        .selectFrom('absence_alert')
        .select(['student_id', 'told'])
        .where('day', '=', schoolToday())
        .execute();
      // The brother, whose family said nothing, is alerted; Aisha is not.
      expect(told).toContainEqual({ student_id: brother, told: 'absent' });
      expect(told.some((r) => r.student_id === aisha)).toBe(false);
    });

    it('"Late pick-up" with a time shows on the day notes', async () => {
      await sent('parent', { type: 'late-pickup', time: '17:30' });
      const notes = DayNotesAnswerSchema.parse(
        (await as('principal', { method: 'GET', url: `/api/classes/${f.classes.KG}/day-notes` })).json(),
      ).data;
      expect(notes).toContainEqual(
        expect.objectContaining({ studentId: aisha, type: 'late-pickup', time: '17:30' }),
      );
    });

    it('"Someone else collects today": that person is accepted at check-out without a reason, and the check-out row names the message', async () => {
      const checkin = (payload: object) =>
        as('teacher', { method: 'POST', url: `/api/pupils/${aisha}/checkins`, payload });
      expect((await checkin({ kind: 'in' })).statusCode).toBe(201);
      // Before the family said so: an unknown collector needs a reason.
      expect((await checkin({ kind: 'out', collectedBy: 'Jamal Osei' })).statusCode).toBe(409);
      const message = await sent('parent', {
        type: 'other-collector',
        name: 'Jamal Osei',
        phone: '+1 555 0100 300',
      });
      const notes = DayNotesAnswerSchema.parse(
        (await as('teacher', { method: 'GET', url: `/api/classes/${f.classes.KG}/day-notes` })).json(),
      ).data;
      expect(notes).toContainEqual(
        expect.objectContaining({
          messageId: message.id,
          type: 'other-collector',
          name: 'Jamal Osei',
          phone: '+1 555 0100 300',
        }),
      );
      const own = await as('teacher', { method: 'GET', url: `/api/pupils/${aisha}/conversation/day-notes` });
      expect(DayNotesAnswerSchema.parse(own.json()).data).toContainEqual(
        expect.objectContaining({ messageId: message.id, name: 'Jamal Osei' }),
      );
      expect(
        (await as('teacher2', { method: 'GET', url: `/api/pupils/${aisha}/conversation/day-notes` }))
          .statusCode,
      ).toBe(404);
      const out = await checkin({ kind: 'out', collectedBy: '  jamal   osei ' });
      expect(out.statusCode, out.body).toBe(201);
      expect(out.json().data).toMatchObject({ collectorKnown: true, reason: null });
      const row = await t.db
        .selectFrom('checkin')
        .select('collector_message_id')
        .where('id', '=', out.json().data.id)
        .executeTakeFirstOrThrow();
      expect(row.collector_message_id).toBe(message.id);
    });
  });
});
