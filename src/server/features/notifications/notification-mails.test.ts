import { beforeAll, describe, expect, it } from 'vitest';
import { SentNotificationAnswerSchema } from '../../../shared/api/school-admin.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { nowIso } from '../../lib/time.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { sendMail, withMailingDemoSchool } from '../../test/mail.js';
import { type Caller, callAs, DEMO_USERS, userWithSession } from '../../test/school-fixtures.js';

const KOFI = DEMO_USERS.parent;

describe.each(TEST_ENGINES)('notifications by mail on %s', (engine) => {
  const { t, f, smtp } = withMailingDemoSchool(engine);
  /** Guardians besides Kofi (Aisha in KG, Yusuf in Class 2), made before the tests. */
  const families = {} as { both: string; pending: string; class1: string };

  async function guardian(name: string, studentIds: number[], status = 'active'): Promise<string> {
    const { id } = await userWithSession(t.db, USER_TYPE.parent, name);
    await t.db.updateTable('app_user').set({ status }).where('id', '=', id).execute();
    for (const studentId of studentIds) {
      await t.db
        .insertInto('guardian')
        .values({ parent_id: id, student_id: studentId, relationship: 'Mother', created_at: nowIso() })
        .execute();
    }
    const row = await t.db
      .selectFrom('app_user')
      .select('email')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return row.email;
  }

  const pupilsOf = async (classId: number) =>
    (
      await t.db
        .selectFrom('enrolment')
        .select('student_id')
        .where('class_id', '=', classId)
        .where('ended_on', 'is', null)
        .orderBy('student_id')
        .execute()
    ).map((row) => row.student_id);

  beforeAll(async () => {
    const [aisha] = f.children;
    const kgOther = (await pupilsOf(f.classes.KG)).find((id) => id !== aisha) ?? 0;
    const [class1Pupil = 0] = await pupilsOf(f.classes['Class 1']);
    // Two children in KG: one mail all the same.
    families.both = await guardian('Beth Both', [aisha, kgOther]);
    families.pending = await guardian('Pat Pending', [kgOther], 'pending');
    families.class1 = await guardian('Cora Class-One', [class1Pupil]);
  });

  const send = (caller: Caller, payload: object) =>
    callAs(t.app, f, caller, { method: 'POST', url: '/api/notification', payload });
  const queued = () => t.db.selectFrom('mail_outbox').select(['to_address', 'subject', 'kind']).execute();

  /** Delivers what is due and answers the addresses that got a mail since the last look. */
  let delivered = 0;
  async function newRecipients(): Promise<string[]> {
    await sendMail(t);
    const mails = smtp.mails.slice(delivered);
    delivered = smtp.mails.length;
    return mails.flatMap((mail) => mail.envelopeTo).sort();
  }

  it('to a class with emailFamilies: each guardian of its pupils once, with the text and a link', async () => {
    const res = await send('teacher', {
      classId: f.classes.KG,
      notification: 'Sports day on Friday.\nBring a hat!',
      emailFamilies: true,
    });
    expect(res.statusCode).toBe(201);
    const answer = SentNotificationAnswerSchema.parse(res.json()).data;
    expect(answer.emailed).toBe(2);
    expect(await newRecipients()).toEqual([KOFI, families.both].sort());

    const [mail] = smtp.to(KOFI);
    const teacher = await t.db
      .selectFrom('app_user')
      .select('name')
      .where('id', '=', f.users.teacher)
      .executeTakeFirstOrThrow();
    expect(mail?.subject).toBe('New notification for all of KG');
    expect(mail?.text).toContain('Dear Kofi Rahman,');
    expect(mail?.text).toContain(`${teacher.name} sent this notification to all of KG:`);
    expect(mail?.text).toContain('Sports day on Friday.\nBring a hat!');
    expect(mail?.text).toContain('https://school.test/notification');
    expect(mail?.html).toContain('Sports day on Friday.<br>Bring a hat!');
  });

  it('without emailFamilies (or false): the notification only', async () => {
    const before = (await queued()).length;
    for (const payload of [{}, { emailFamilies: false }]) {
      const res = await send('teacher', { classId: f.classes.KG, notification: 'No mail', ...payload });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.emailed).toBe(0);
    }
    expect(await queued()).toHaveLength(before);
  });

  it('to one pupil: that pupil’s guardians', async () => {
    const [aisha] = f.children;
    const res = await send('teacher', {
      studentId: aisha,
      notification: 'Aisha was a star',
      emailFamilies: true,
    });
    expect(res.json().data.emailed).toBe(2);
    expect(await newRecipients()).toEqual([KOFI, families.both].sort());
    expect(smtp.to(KOFI).at(-1)?.subject).toBe('New notification for Aisha Rahman');
  });

  it('to everyone: the guardians of every pupil in a class, a parent of two pupils once', async () => {
    const res = await send('principal', {
      everyone: true,
      notification: 'School closed Monday',
      emailFamilies: true,
    });
    expect(res.json().data.emailed).toBe(3);
    expect(await newRecipients()).toEqual([KOFI, families.both, families.class1].sort());
    expect(smtp.to(families.class1).at(-1)?.subject).toBe('New notification for the whole school');
  });

  it('keeps the sending rules: nothing is queued for a refused notification; a bad flag is a 400', async () => {
    const before = (await queued()).length;
    const notTaught = await send('teacher2', {
      classId: f.notTaughtByTeacher2,
      notification: 'Not mine',
      emailFamilies: true,
    });
    expect(notTaught.statusCode).toBe(404);
    const everyone = await send('teacher', {
      everyone: true,
      notification: 'Hello all',
      emailFamilies: true,
    });
    expect(everyone.statusCode).toBe(403);
    const parent = await send('parent', { classId: f.classes.KG, notification: 'Hi', emailFamilies: true });
    expect(parent.statusCode).toBe(403);
    const bad = await send('teacher', { classId: f.classes.KG, notification: 'Hi', emailFamilies: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('emailFamilies');
    expect(await queued()).toHaveLength(before);
  });
});
