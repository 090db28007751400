import { describe, expect, it } from 'vitest';
import { NotificationListAnswerSchema } from '../../../shared/api/school-admin.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { type Caller, callAs, withDemoSchool } from '../../test/school-fixtures.js';
import { EVERYONE, EVERYONE_AUDIENCE } from './notifications.repository.js';

describe.each(TEST_ENGINES)('notifications on %s', (engine) => {
  const { t, f } = withDemoSchool(engine);

  const list = async (caller: Caller) => {
    const res = await callAs(t.app, f, caller, { method: 'GET', url: '/api/notification' });
    expect(res.statusCode).toBe(200);
    return NotificationListAnswerSchema.parse(res.json()).data;
  };

  /** Every stored notification, newest first, with its audience. */
  const stored = () =>
    t.db
      .selectFrom('notification')
      .select(['id', 'sender_id', 'class_id', 'student_id'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();

  it('a pupil: those to everyone, to their class and to them, newest first', async () => {
    const rows = await list('student');
    const expected = (await stored()).filter(
      (n) =>
        (n.class_id === null && n.student_id === null) ||
        n.class_id === f.classes.KG ||
        n.student_id === f.users.student,
    );
    expect(rows.map((r) => r.id)).toEqual(expected.map((n) => n.id));
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatchObject({ name: EVERYONE_AUDIENCE, classes: EVERYONE, from: 'Margaret Osei' });
    expect(rows[0]?.notification).toContain('Parent-teacher meetings');
    // To the pupil: the pupil's name and class; to a class: the class as the audience, never the sender.
    expect(rows.find((r) => r.notification.startsWith('Well done, Aisha'))).toMatchObject({
      name: 'Aisha Rahman',
      classes: 'KG',
    });
    // Ours: who sent it, also for a note to one pupil (where `name` is the pupil): a teacher's
    // notification shows the teacher's name.
    const toPupil = (await stored()).find((n) => n.student_id === f.users.student);
    const sender = await t.db
      .selectFrom('app_user')
      .select(['name', 'type'])
      .where('id', '=', toPupil?.sender_id ?? 0)
      .executeTakeFirstOrThrow();
    expect(sender).toEqual({ name: 'Amara Okafor', type: 'Teacher' });
    expect(rows.find((r) => r.id === toPupil?.id)).toMatchObject({
      name: 'Aisha Rahman',
      from: 'Amara Okafor',
    });
    expect(rows.find((r) => r.notification.startsWith('Dear KG families'))).toMatchObject({
      name: 'All of KG',
      classes: 'KG',
      from: 'Amara Okafor',
    });
    expect(rows[0]?.from).toBe('Margaret Osei');
    const other = await list('student2');
    expect(other.map((r) => r.id)).not.toContain(rows.find((r) => r.name === 'Aisha Rahman')?.id);
    expect(other.find((r) => r.name === 'Leo Fischer')?.classes).toBe('Class 1');
  });

  it('a teacher: those they sent, those to their classes and those to everyone', async () => {
    for (const caller of ['teacher', 'teacher2'] as const) {
      const taught = new Set(
        (
          await t.db
            .selectFrom('class_assignment')
            .select('class_id')
            .where('teacher_id', '=', f.users[caller])
            .execute()
        ).map((r) => r.class_id),
      );
      const expected = (await stored()).filter(
        (n) =>
          n.sender_id === f.users[caller] ||
          (n.class_id !== null && taught.has(n.class_id)) ||
          (n.class_id === null && n.student_id === null),
      );
      expect(
        (await list(caller)).map((r) => r.id),
        caller,
      ).toEqual(expected.map((n) => n.id));
    }
    const teacher2 = await list('teacher2');
    expect(teacher2.map((r) => r.notification).some((n) => n.startsWith('Dear KG families'))).toBe(false);
    expect(teacher2.some((r) => r.name === 'Aisha Rahman')).toBe(false);
  });

  it('the principal: every notification', async () => {
    expect((await list('principal')).map((r) => r.id)).toEqual((await stored()).map((n) => n.id));
  });

  it('a notification whose sender was deleted still shows, from the school office', async () => {
    const everyone = (await stored()).find((n) => n.class_id === null && n.student_id === null);
    await t.db
      .updateTable('notification')
      .set({ sender_id: null })
      .where('id', '=', everyone?.id ?? 0)
      .execute();
    const row = (await list('student')).find((r) => r.id === everyone?.id);
    expect(row).toMatchObject({ name: EVERYONE_AUDIENCE, classes: EVERYONE, from: 'School office' });
  });

  it('ours: createdAt, newest first, and unread for the caller (never for what they sent)', async () => {
    const res = await callAs(t.app, f, 'teacher', { method: 'GET', url: '/api/notification' });
    const rows = NotificationListAnswerSchema.parse(res.json()).data;
    const times = rows.map((r) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(rows.filter((r) => r.unread).length).toBeGreaterThan(0);
    const sent = await t.db
      .selectFrom('notification')
      .select('id')
      .where('sender_id', '=', f.users.teacher)
      .execute();
    for (const { id } of sent) expect(rows.find((r) => r.id === id)?.unread).toBe(false);
  });

  it('a parent: those to everyone, to their children and to their children’s classes', async () => {
    const rows = await list('parent');
    const [child, brother] = f.children;
    const expected = (await stored()).filter(
      (n) =>
        (n.class_id === null && n.student_id === null) ||
        n.class_id === f.classes.KG ||
        n.class_id === f.classes['Class 2'] ||
        n.student_id === child ||
        n.student_id === brother,
    );
    expect(rows.map((r) => r.id)).toEqual(expected.map((n) => n.id));
    expect(rows.some((r) => r.notification.startsWith('Well done, Aisha'))).toBe(true);
    expect(rows.some((r) => r.notification.startsWith('Mathematics homework'))).toBe(true);
    // Another family's child and another class: not shown.
    expect(rows.some((r) => r.notification.startsWith('Leo, please'))).toBe(false);
    expect(rows.some((r) => r.notification.startsWith('Science week'))).toBe(false);
    // Marking one read: theirs to read, another family's is a 404.
    const toAisha = rows.find((r) => r.notification.startsWith('Well done, Aisha'));
    const read = await callAs(t.app, f, 'parent', {
      method: 'POST',
      url: `/api/notification/${toAisha?.id}/read`,
    });
    expect(read.statusCode).toBeLessThan(300);
    const toLeo = (await stored()).find((n) => n.student_id === f.users.student2);
    const notTheirs = await callAs(t.app, f, 'parent', {
      method: 'POST',
      url: `/api/notification/${toLeo?.id}/read`,
    });
    expect(notTheirs.statusCode).toBe(404);
  });

  it('401 without a token, 403 for a type without a dashboard', async () => {
    expect((await callAs(t.app, f, undefined, { method: 'GET', url: '/api/notification' })).statusCode).toBe(
      401,
    );
    expect((await callAs(t.app, f, 'director', { method: 'GET', url: '/api/notification' })).statusCode).toBe(
      403,
    );
  });
});
