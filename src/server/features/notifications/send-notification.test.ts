import { describe, expect, it } from 'vitest';
import { NotificationListAnswerSchema } from '../../../shared/api/school-admin.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { type Caller, callAs, withDemoSchool } from '../../test/school-fixtures.js';

describe.each(TEST_ENGINES)('sending and reading notifications on %s', (engine) => {
  const { t, f } = withDemoSchool(engine);

  const send = (caller: Caller, payload: object) =>
    callAs(t.app, f, caller, { method: 'POST', url: '/api/notification', payload });
  const list = async (caller: Caller) => {
    const res = await callAs(t.app, f, caller, { method: 'GET', url: '/api/notification' });
    expect(res.statusCode).toBe(200);
    return NotificationListAnswerSchema.parse(res.json()).data;
  };
  const read = (caller: Caller, id: number) =>
    callAs(t.app, f, caller, { method: 'POST', url: `/api/notification/${id}/read` });

  it('a teacher to a class they teach: 201, the class’s pupils see it unread, first', async () => {
    const res = await send('teacher', { classId: f.classes.KG, notification: '  Bring wellies on Friday. ' });
    expect(res.statusCode).toBe(201);
    const { id } = res.json().data as { id: number };
    const rows = await list('student');
    expect(rows[0]).toMatchObject({
      id,
      notification: 'Bring wellies on Friday.',
      classes: 'KG',
      unread: true,
    });
    expect(rows[0]?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await list('student2')).some((r) => r.id === id)).toBe(false);
    // The sender does not see their own notification as unread.
    expect((await list('teacher')).find((r) => r.id === id)?.unread).toBe(false);
  });

  it('read: 204, then it is read for that caller only; 404 for one the caller may not see', async () => {
    const { id } = (await send('teacher', { classId: f.classes.KG, notification: 'Read me' })).json()
      .data as {
      id: number;
    };
    const res = await read('student', id);
    expect(res.statusCode).toBe(204);
    expect((await read('student', id)).statusCode).toBe(204);
    expect((await list('student')).find((r) => r.id === id)?.unread).toBe(false);
    expect((await list('principal')).find((r) => r.id === id)?.unread).toBe(true);
    expect((await read('student2', id)).statusCode).toBe(404);
    expect((await read('student', 999_999)).statusCode).toBe(404);
  });

  it('a teacher to a pupil of their class; not to a class or pupil they do not teach (404)', async () => {
    expect(
      (await send('teacher', { studentId: f.users.student, notification: 'Well done' })).statusCode,
    ).toBe(201);
    expect((await send('teacher2', { classId: f.notTaughtByTeacher2, notification: 'x' })).statusCode).toBe(
      404,
    );
    expect((await send('teacher2', { studentId: f.users.student, notification: 'x' })).statusCode).toBe(404);
    expect((await send('principal', { classId: 999_999, notification: 'x' })).statusCode).toBe(404);
  });

  it('everyone: the principal only (403 for a teacher); pupils cannot send (403)', async () => {
    const res = await send('principal', { everyone: true, notification: 'School closes at noon' });
    expect(res.statusCode).toBe(201);
    const id = (res.json().data as { id: number }).id;
    expect((await list('student2')).find((r) => r.id === id)?.unread).toBe(true);
    expect((await send('teacher', { everyone: true, notification: 'x' })).statusCode).toBe(403);
    expect((await send('student', { classId: f.classes.KG, notification: 'x' })).statusCode).toBe(403);
  });

  it('400 with field details: no text, too long, no or two audiences', async () => {
    const empty = await send('teacher', { classId: f.classes.KG, notification: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details).toEqual([expect.objectContaining({ field: 'notification' })]);
    expect(
      (await send('teacher', { classId: f.classes.KG, notification: 'x'.repeat(2001) })).statusCode,
    ).toBe(400);
    expect((await send('teacher', { notification: 'x' })).statusCode).toBe(400);
    expect(
      (await send('principal', { classId: f.classes.KG, everyone: true, notification: 'x' })).statusCode,
    ).toBe(400);
    expect((await send('principal', { everyone: false, notification: 'x' })).statusCode).toBe(400);
  });
});
