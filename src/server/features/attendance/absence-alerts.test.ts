import { describe, expect, it } from 'vitest';
import { USER_TYPE } from '../../../shared/constants.js';
import { addDaysIso, dateInZone } from '../../../shared/school-time.js';
import { longDate } from '../../lib/mail-words.js';
import { nowIso } from '../../lib/time.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { sendMail, withMailingDemoSchool } from '../../test/mail.js';
import { type Caller, callAs, DEMO_USERS, userWithSession } from '../../test/school-fixtures.js';

/**
 * The demo is seeded as of 2026-11-20 but the route reads the clock: the alerts are about the
 * school's real today, in its time zone (America/New_York, demo/settings.ts).
 */
const schoolToday = () => dateInZone(new Date(), 'America/New_York');
const KOFI = DEMO_USERS.parent;

describe('the date in an alert', () => {
  it('is written for people', () => {
    expect(longDate('2026-11-20')).toBe('Friday, 20 November 2026');
    expect(longDate('2027-01-03')).toBe('Sunday, 3 January 2027');
  });
});

describe.each(TEST_ENGINES)('absence alerts on %s', (engine) => {
  const { t, f, smtp } = withMailingDemoSchool(engine);

  const mark = (studentId: number, status: 1 | 2 | 3, caller: Caller = 'teacher', date = schoolToday()) =>
    callAs(t.app, f, caller, {
      method: 'POST',
      url: '/api/studentattenance',
      payload: [{ att_date: date, userid: studentId, att_status: status, discription: '' }],
    });

  /** Delivers what is due and answers the mails that arrived for `address` since the last look. */
  const seen = new Map<string, number>();
  async function newMailsTo(address: string) {
    await sendMail(t);
    const all = smtp.to(address);
    const before = seen.get(address) ?? 0;
    seen.set(address, all.length);
    return all.slice(before);
  }

  const setAlerts = (on: boolean) =>
    t.db
      .updateTable('school_settings')
      .set({ absence_alerts: on ? 1 : 0 })
      .execute();

  it('Absent today: one mail to each guardian naming the child, the class and the date; saving again sends nothing', async () => {
    const [aisha] = f.children;
    expect((await mark(aisha, 2)).statusCode).toBe(200);
    const mails = await newMailsTo(KOFI);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe(`Aisha Rahman is absent today (${longDate(schoolToday())})`);
    expect(mail?.text).toContain('Dear Kofi Rahman,');
    expect(mail?.text).toContain(
      `Aisha Rahman was recorded absent from KG today, ${longDate(schoolToday())}.`,
    );
    expect(mail?.text).toContain(`https://school.test/student-attendence/${aisha}`);

    expect((await mark(aisha, 2)).statusCode).toBe(200);
    expect((await mark(aisha, 2, 'principal')).statusCode).toBe(200);
    expect(await newMailsTo(KOFI)).toEqual([]);
  });

  it('Present the same day: one short correction, once', async () => {
    const [aisha] = f.children;
    expect((await mark(aisha, 1)).statusCode).toBe(200);
    const mails = await newMailsTo(KOFI);
    expect(mails.map((m) => m.subject)).toEqual(['Correction: Aisha Rahman is marked Present today']);
    expect(mails[0]?.text).toContain('Aisha Rahman is marked Present today after all');
    expect((await mark(aisha, 1)).statusCode).toBe(200);
    expect((await mark(aisha, 3)).statusCode).toBe(200);
    expect(await newMailsTo(KOFI)).toEqual([]);
  });

  it('absent again after a correction alerts again; a correction goes even with alerts turned off since', async () => {
    const [aisha] = f.children;
    await mark(aisha, 2);
    expect((await newMailsTo(KOFI)).map((m) => m.subject)).toEqual([
      `Aisha Rahman is absent today (${longDate(schoolToday())})`,
    ]);
    await setAlerts(false);
    try {
      await mark(aisha, 3);
      expect((await newMailsTo(KOFI)).map((m) => m.subject)).toEqual([
        'Correction: Aisha Rahman is marked On Leave today',
      ]);
    } finally {
      await setAlerts(true);
    }
  });

  it('a child checked in on Today that day: Absent is saved but no alert is sent (decision 0047)', async () => {
    const [aisha] = f.children;
    // Told nothing outstanding: the earlier tests end with Aisha on leave after a correction.
    const checkin = await callAs(t.app, f, 'teacher', {
      method: 'POST',
      url: `/api/pupils/${aisha}/checkins`,
      payload: { kind: 'in' },
    });
    expect(checkin.statusCode).toBe(201);
    const before = await t.db.selectFrom('mail_outbox').select('id').execute();

    expect((await mark(aisha, 2)).statusCode).toBe(200);
    expect(await t.db.selectFrom('mail_outbox').select('id').execute()).toHaveLength(before.length);
    expect(await newMailsTo(KOFI)).toEqual([]);
    const record = await t.db
      .selectFrom('attendance')
      .select('status')
      .where('student_id', '=', aisha)
      .where('att_date', '=', schoolToday())
      .executeTakeFirstOrThrow();
    expect(record.status).toBe(2);
    // Present again: there was no alert, so there is nothing to correct.
    expect((await mark(aisha, 1)).statusCode).toBe(200);
    expect(await newMailsTo(KOFI)).toEqual([]);
  });

  it('alerts turned off in the school’s settings: an absence sends nothing', async () => {
    const [, yusuf] = f.children;
    await setAlerts(false);
    try {
      expect((await mark(yusuf, 2, 'principal')).statusCode).toBe(200);
      expect(await newMailsTo(KOFI)).toEqual([]);
      const rows = await t.db
        .selectFrom('absence_alert')
        .selectAll()
        .where('student_id', '=', yusuf)
        .execute();
      expect(rows).toEqual([]);
    } finally {
      await setAlerts(true);
    }
    // Recorded again once they are on, the absence is told (nothing was told before).
    expect((await mark(yusuf, 2, 'principal')).statusCode).toBe(200);
    const mails = await newMailsTo(KOFI);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Yusuf Rahman was recorded absent from Class 2 today');
    await mark(yusuf, 1, 'principal');
    await newMailsTo(KOFI);
  });

  it('a past date never alerts', async () => {
    const [aisha] = f.children;
    const before = await t.db.selectFrom('mail_outbox').select('id').execute();
    expect((await mark(aisha, 2, 'teacher', addDaysIso(schoolToday(), -1))).statusCode).toBe(200);
    expect((await mark(aisha, 2, 'teacher', addDaysIso(schoolToday(), -7))).statusCode).toBe(200);
    expect(await t.db.selectFrom('mail_outbox').select('id').execute()).toHaveLength(before.length);
    expect(await newMailsTo(KOFI)).toEqual([]);
  });

  it('a pupil without guardians: nothing is sent or recorded as told', async () => {
    const kg = await t.db
      .selectFrom('enrolment as e')
      .select('e.student_id')
      .where('e.class_id', '=', f.classes.KG)
      .where('e.ended_on', 'is', null)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('guardian as g')
              .select('g.student_id')
              .whereRef('g.student_id', '=', 'e.student_id'),
          ),
        ),
      )
      .executeTakeFirstOrThrow();
    const before = await t.db.selectFrom('mail_outbox').select('id').execute();
    expect((await mark(kg.student_id, 2)).statusCode).toBe(200);
    expect(await t.db.selectFrom('mail_outbox').select('id').execute()).toHaveLength(before.length);
    expect(
      await t.db.selectFrom('absence_alert').selectAll().where('student_id', '=', kg.student_id).execute(),
    ).toEqual([]);
  });

  it('only active parent accounts are mailed, and two saves at the same moment send once', async () => {
    const [, yusuf] = f.children;
    // A second guardian whose account waits for approval: not mailed.
    const waiting = await userWithSession(t.db, USER_TYPE.parent, 'Wendy Waiting');
    await t.db.updateTable('app_user').set({ status: 'pending' }).where('id', '=', waiting.id).execute();
    await t.db
      .insertInto('guardian')
      .values({ parent_id: waiting.id, student_id: yusuf, relationship: 'Mother', created_at: nowIso() })
      .execute();
    const answers = await Promise.all([mark(yusuf, 2, 'principal'), mark(yusuf, 2, 'principal')]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    const alerts = await t.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'kind'])
      .where('kind', '=', 'absence-alert')
      .where('subject', 'like', 'Yusuf Rahman%')
      .execute();
    // One from the earlier test, one now.
    expect(alerts).toEqual([
      { to_address: KOFI, kind: 'absence-alert' },
      { to_address: KOFI, kind: 'absence-alert' },
    ]);
    expect(await newMailsTo(KOFI)).toHaveLength(1);
  });
});
