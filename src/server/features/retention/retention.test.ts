import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RETENTION_ERROR_CODES } from '../../../shared/api/error-codes.js';
import {
  LeaversAnswerSchema,
  RETENTION_MESSAGES,
  RetentionRunAnswerSchema,
  RetentionRunsAnswerSchema,
  RetentionSettingsAnswerSchema,
} from '../../../shared/api/retention.js';
import { USER_TYPE } from '../../../shared/constants.js';
import {
  FORMER_GUARDIAN_NAME,
  formerGuardianName,
  formerPupilName,
} from '../../../shared/rules/retention.js';
import type { Db } from '../../db/connect.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { insertInvoice, insertPayment, insertPerson, insertPlan, linkGuardian } from '../../test/fee-rows.js';
import { type Caller, callAs, withDemoSchool } from '../../test/school-fixtures.js';
import { RECORD_TABLES } from '../family-export/child-records.js';
import { ACCOUNT_OWN_TABLES, type RetentionDeps, runNightly } from './retention.service.js';

/**
 * Retention and erasure (docs/decisions/0110-retention-and-erasure.md) on the demo school, with
 * three pupils of the test's own: one who left in July 2024, one who left in July 2027, and one
 * at the school. The clock is the run's `now`: the nightly run is called at a chosen day.
 */

/** Tables holding a child's own records (by `student_id`), every kind but fees. */
const CHILD_TABLES = [
  'log_entry',
  'photo_moment_child',
  'content_image_child',
  'conversation_message',
  'conversation_receipt',
  'notification',
  'care_record',
  'care_change',
  'school_form_answer',
  'admission_case',
  'child_access',
  'attendance',
  'checkin',
  'absence_alert',
  'mark',
  'mark_change',
  'report_card',
  'report_card_comment',
  'report_card_note',
  'enrolment',
  'guardian',
] as const;

async function rowsOf(db: Db, studentId: number): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of CHILD_TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('student_id', '=', studentId)
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

interface Seeded {
  id: number;
  parent: number;
  files: string[];
  /** A moment tagging this child alone, and one also tagging the current pupil. */
  ownMoment: number;
  sharedMoment: number;
}

describe('an account’s own rows', () => {
  it('are every table the family archive reads for a guardian, by the same column', () => {
    // A new table of a person's own (a device, a token, a setting) joins the archive's map; this
    // holds the anonymising of a family's account to it, so none is left behind.
    const guardianTables = Object.entries(RECORD_TABLES)
      .filter(([table, rule]) => table !== 'app_user' && 'guardian' in rule && rule.guardian.length > 0)
      .map(([table, rule]) => [table, 'guardian' in rule ? rule.guardian : []]);
    expect(Object.fromEntries(guardianTables)).toEqual(
      Object.fromEntries(Object.entries(ACCOUNT_OWN_TABLES).map(([table, column]) => [table, [column]])),
    );
  });
});

describe.each(TEST_ENGINES)('retention and erasure on %s', (engine) => {
  const { t, f } = withDemoSchool(engine);
  const call = (caller: Caller, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    callAs(t.app, f, caller, {
      method,
      url: `/api${url}`,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const deps = (): RetentionDeps => ({ db: t.db, files: t.app.files, backupDir: t.app.config.backup.dir });

  let oldLeaver: Seeded;
  let recentLeaver: Seeded;
  let current: Seeded;
  let serial = 0;

  /** A pupil of KG with one record of every kind, leaving on `leftOn` (null: still at the school). */
  async function seedChild(name: string, leftOn: string | null): Promise<Seeded> {
    serial += 1;
    const db = t.db;
    const id = await insertPerson(db, USER_TYPE.student, name, `retention-${serial}-${engine}@test.school`);
    const parent = await insertPerson(
      db,
      USER_TYPE.parent,
      `${name}'s mother`,
      `retention-p${serial}-${engine}@test.school`,
    );
    await linkGuardian(db, parent, id);
    // The mother has signed in: her session is her account's own row.
    await db
      .insertInto('session')
      .values({
        user_id: parent,
        token_hash: `retention-session-${serial}-${engine}`,
        created_at: '2024-01-01T00:00:00.000Z',
        expires_at: '2099-01-01T00:00:00.000Z',
      })
      .execute();
    const classId = f.classes.KG;
    const at = `${leftOn ?? '2027-06-01'}T09:00:00.000Z`;
    const day = (leftOn ?? '2027-06-01').slice(0, 10);
    await db
      .insertInto('enrolment')
      .values({ student_id: id, class_id: classId, started_on: '2023-09-01', ended_on: leftOn })
      .execute();
    if (leftOn) await db.updateTable('app_user').set({ archived_at: at }).where('id', '=', id).execute();
    const files: string[] = [];
    const put = async (file: string) => {
      await t.app.files.putBytes(file, Buffer.from(`bytes of ${file}`));
      files.push(file);
    };

    await db
      .insertInto('log_entry')
      .values({
        student_id: id,
        class_id: classId,
        day,
        time: '09:00',
        kind: 'meal',
        detail: '{}',
        recorded_by: null,
        recorded_by_name: 'Teacher',
        recorded_at: at,
        acknowledged_at: null,
        acknowledged_by: null,
        acknowledged_by_name: null,
      })
      .execute();

    const moment = async () =>
      (
        await db
          .insertInto('photo_moment')
          .values({ caption: `Moment of ${name}`, posted_by: null, posted_by_name: 'Teacher', posted_at: at })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const ownMoment = await moment();
    const photoName = `${String(serial).padStart(2, '0')}${'a'.repeat(30)}`;
    await db
      .insertInto('photo_moment_photo')
      .values({
        moment_id: ownMoment,
        position: 0,
        name: photoName,
        widths: '400,800',
        width: 800,
        height: 600,
      })
      .execute();
    await put(`moments/${photoName}-400.webp`);
    await put(`moments/${photoName}-800.webp`);
    await db.insertInto('photo_moment_child').values({ moment_id: ownMoment, student_id: id }).execute();
    const sharedMoment = await moment();
    await db.insertInto('photo_moment_child').values({ moment_id: sharedMoment, student_id: id }).execute();

    const message = await db
      .insertInto('conversation_message')
      .values({
        student_id: id,
        sender_id: parent,
        sender_name: `${name}'s mother`,
        side: 'family',
        type: 'text',
        body: 'Hello',
        for_day: null,
        reason: null,
        pickup_time: null,
        collector_name: null,
        collector_phone: null,
        attachment_path: `conversations/${id}/note.pdf`,
        attachment_kind: 'pdf',
        attachment_name: 'note.pdf',
        attachment_size: 10,
        sent_at: at,
        alert_due_at: null,
        alerted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await put(`conversations/${id}/note.pdf`);
    await db
      .insertInto('conversation_receipt')
      .values({
        message_id: message.id,
        reader_id: f.users.teacher,
        reader_name: 'Teacher',
        student_id: id,
        read_at: at,
      })
      .execute();
    await db
      .insertInto('notification')
      .values({
        sender_id: null,
        class_id: null,
        student_id: id,
        body: 'Well done',
        created_at: at,
        sent_on: day,
        year_id: null,
      })
      .execute();

    await db
      .insertInto('care_record')
      .values({
        student_id: id,
        document: JSON.stringify({
          medicalNotes: 'Asthma',
          pickups: [{ name: 'Gran', photo: `care/${id}/gran.webp` }],
        }),
        has_allergy: 0,
        updated_at: at,
        updated_by: null,
      })
      .execute();
    await put(`care/${id}/gran.webp`);
    await put(`care/${id}/unsaved.webp`);
    await db
      .insertInto('care_change')
      .values({
        student_id: id,
        changed_by: parent,
        changed_by_name: 'Mother',
        changed_at: at,
        changes: '[]',
      })
      .execute();

    const form = await db
      .insertInto('school_form')
      .values({
        title: `Trip ${serial}`,
        whole_school: 1,
        due_on: day,
        questions: '[]',
        status: 'sent',
        created_by: null,
        created_at: at,
        updated_at: at,
        sent_at: at,
        closed_at: null,
        reminded_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('school_form_answer')
      .values({
        form_id: form.id,
        student_id: id,
        parent_id: parent,
        parent_name: 'Mother',
        signed_name: 'Mother',
        answers: '[]',
        answered_at: at,
        answered_from: '127.0.0.1',
      })
      .execute();

    const admission = await db
      .insertInto('admission_case')
      .values({
        child_name: name,
        class_id: classId,
        year_id: null,
        family_name: 'Family',
        email: 'family@test.school',
        language: 'en',
        stage: 'enrolled',
        visit_date: null,
        visit_time: null,
        offer_deadline: null,
        waiting_since: null,
        close_reason: null,
        source: 'principal',
        booking_id: null,
        enquiry_id: null,
        student_id: id,
        created_by: null,
        created_at: at,
        stage_changed_by: null,
        stage_changed_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('admission_document')
      .values({
        case_id: admission.id,
        kind: 'birth-certificate',
        original_name: 'birth.pdf',
        mime_type: 'application/pdf',
        size: 10,
        stored_name: `applications/${admission.id}/birth.pdf`,
        uploaded_at: at,
      })
      .execute();
    await put(`applications/${admission.id}/birth.pdf`);

    await db
      .insertInto('child_access')
      .values({
        student_id: id,
        viewer_id: f.users.principal,
        viewer_name: 'Principal',
        viewer_type: 'Principal',
        kind: 'care-details',
        at,
      })
      .execute();

    await db
      .insertInto('attendance')
      .values({
        student_id: id,
        class_id: classId,
        att_date: day,
        status: 1,
        description: '',
        recorded_by: null,
        updated_at: at,
      })
      .execute();
    await db
      .insertInto('checkin')
      .values({
        student_id: id,
        class_id: classId,
        day,
        kind: 'out',
        at,
        recorded_by: null,
        recorded_by_name: 'Teacher',
        collected_by: 'Gran',
        collector_known: 1,
        reason: null,
        collector_message_id: message.id,
      })
      .execute();
    await db
      .insertInto('absence_alert')
      .values({ student_id: id, day, told: 'absent', updated_at: at })
      .execute();

    const exam = await db
      .insertInto('exam')
      .values({
        class_id: classId,
        subject_id: f.subjects.English,
        exam_date: day,
        time: '09:00 - 10:00',
        created_at: at,
        term_id: null,
        released_at: null,
        released_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('mark')
      .values({
        student_id: id,
        class_id: classId,
        subject_id: f.subjects.English,
        exam_id: exam.id,
        marks: 80,
        updated_by: null,
        updated_at: at,
      })
      .execute();
    await db
      .insertInto('mark_change')
      .values({
        student_id: id,
        class_id: classId,
        subject_id: f.subjects.English,
        exam_id: exam.id,
        old_marks: null,
        new_marks: 80,
        changed_by: null,
        changed_at: at,
      })
      .execute();
    const term = await db.selectFrom('school_term').select('id').orderBy('id').executeTakeFirstOrThrow();
    await db
      .insertInto('report_card')
      .values({
        student_id: id,
        term_id: term.id,
        class_id: classId,
        version: 1,
        content: '{}',
        published_at: at,
        published_by: null,
      })
      .execute();
    await db
      .insertInto('report_card_comment')
      .values({
        student_id: id,
        term_id: term.id,
        subject_id: f.subjects.English,
        class_id: classId,
        comment: 'Good',
        written_by: null,
        updated_at: at,
      })
      .execute();
    await db
      .insertInto('report_card_note')
      .values({
        student_id: id,
        term_id: term.id,
        class_id: classId,
        class_teacher_id: null,
        principal_id: null,
        updated_at: at,
      })
      .execute();

    const plan = await insertPlan(db, { classId, name: `Fees ${serial}`, term: 'Autumn', dueDate: day });
    const invoice = await insertInvoice(db, {
      planId: plan,
      studentId: id,
      studentName: name,
      className: 'KG',
      total: 1000,
      issuedAt: at,
    });
    const payment = await insertPayment(db, {
      invoiceId: invoice,
      studentId: id,
      studentName: name,
      amount: 1000,
      createdAt: at,
    });
    await db
      .updateTable('payment')
      .set({ recorded_by: parent, recorded_by_name: `${name}'s mother` })
      .where('id', '=', payment)
      .execute();
    await db
      .insertInto('fee_discount')
      .values({
        plan_id: plan,
        student_id: id,
        kind: 'fixed',
        value: 100,
        reason: 'Hardship',
        updated_by: null,
        updated_at: at,
      })
      .execute();
    await db
      .insertInto('money_audit')
      .values({
        at,
        actor_id: null,
        actor_name: 'Office',
        action: 'payment.recorded',
        entity: 'payment',
        entity_id: payment,
        student_id: id,
        before: null,
        after: JSON.stringify({ studentName: name, amount: 1000 }),
      })
      .execute();
    return { id, parent, files, ownMoment, sharedMoment };
  }

  const exists = async (file: string) => (await t.app.files.stat(file)) !== undefined;

  it('makes the pupils: one who left in 2024, one who left in 2027, one at the school', async () => {
    oldLeaver = await seedChild('Olga Old', '2024-07-31');
    recentLeaver = await seedChild('Rita Recent', '2027-07-31');
    current = await seedChild('Cora Current', null);
    // The current pupil is in the old leaver's shared moment too.
    await t.db
      .insertInto('photo_moment_child')
      .values({ moment_id: oldLeaver.sharedMoment, student_id: current.id })
      .execute();
  });

  it('is for the principal only', async () => {
    for (const caller of ['teacher', 'parent', 'student', 'director'] as const) {
      expect((await call(caller, 'GET', '/admin/retention')).statusCode).toBe(403);
      expect((await call(caller, 'GET', '/admin/retention/runs')).statusCode).toBe(403);
      expect((await call(caller, 'GET', '/admin/retention/leavers')).statusCode).toBe(403);
      expect((await call(caller, 'PUT', '/admin/retention', { periods: { dayLog: 1 } })).statusCode).toBe(
        403,
      );
      const erasure = await call(caller, 'POST', '/admin/retention/erasures', {
        studentId: oldLeaver.id,
        requestedBy: 'x',
      });
      expect(erasure.statusCode).toBe(403);
    }
    expect((await rowsOf(t.db, oldLeaver.id)).log_entry).toBe(1);
  });

  it('shows the periods with their law, and refuses one under the law’s minimum', async () => {
    const shown = RetentionSettingsAnswerSchema.parse(
      (await call('principal', 'GET', '/admin/retention')).json(),
    );
    const fees = shown.data.periods.find((row) => row.kind === 'fees');
    expect(fees).toMatchObject({ months: 84, minimumMonths: 72 });
    expect(fees?.reason).toMatch(/HMRC/);
    expect(shown.data.longestMonths).toBe(84);

    const low = await call('principal', 'PUT', '/admin/retention', { periods: { fees: 12, dayLog: 3 } });
    expect(low.statusCode, low.body).toBe(400);
    expect(low.json().error.message).toBe(RETENTION_MESSAGES.belowMinimum('fees', 72));
    expect(low.json().error.details).toEqual([
      { field: 'periods.fees', message: RETENTION_MESSAGES.belowMinimum('fees', 72) },
    ]);
    for (const bad of [
      { periods: { dayLog: -1 } },
      { periods: { dayLog: 1.5 } },
      { periods: { nope: 3 } },
      {},
    ]) {
      expect((await call('principal', 'PUT', '/admin/retention', bad)).statusCode).toBe(400);
    }
    // Nothing was saved.
    const after = RetentionSettingsAnswerSchema.parse(
      (await call('principal', 'GET', '/admin/retention')).json(),
    );
    expect(after.data).toEqual(shown.data);

    const saved = await call('principal', 'PUT', '/admin/retention', { periods: { fees: 120 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(RetentionSettingsAnswerSchema.parse(saved.json()).data.longestMonths).toBe(120);
    // Back to the defaults for what follows.
    await call('principal', 'PUT', '/admin/retention', { periods: { fees: 84 } });
  });

  it('lists the leavers with the day they left', async () => {
    const leavers = LeaversAnswerSchema.parse(
      (await call('principal', 'GET', '/admin/retention/leavers')).json(),
    );
    const ours = leavers.data.filter((row) => [oldLeaver.id, recentLeaver.id, current.id].includes(row.id));
    expect(ours).toEqual([
      { id: oldLeaver.id, name: 'Olga Old', leftOn: '2024-07-31', erased: false },
      { id: recentLeaver.id, name: 'Rita Recent', leftOn: '2027-07-31', erased: false },
    ]);
  });

  it('removes, on 1 September 2027, exactly what is past its time, and the next night nothing more', async () => {
    const recentBefore = await rowsOf(t.db, recentLeaver.id);
    const currentBefore = await rowsOf(t.db, current.id);
    const run = await runNightly(deps(), new Date('2027-09-01T02:00:00Z'));
    expect(run?.kind).toBe('nightly');
    expect(run?.studentIds).toEqual([oldLeaver.id]);

    // Left 2024-07-31: a year's kinds and the three years of attendance are past; results (five
    // years) and fees (seven) are not.
    const old = await rowsOf(t.db, oldLeaver.id);
    expect(old).toEqual({
      ...Object.fromEntries(Object.keys(old).map((table) => [table, 0])),
      mark: 1,
      mark_change: 1,
      report_card: 1,
      report_card_comment: 1,
      report_card_note: 1,
      enrolment: 1,
    });
    expect(run?.rows).toMatchObject({ dayLog: 1, forms: 1, accessLog: 1, attendance: 3, care: 2 });
    const account = await t.db
      .selectFrom('app_user')
      .selectAll()
      .where('id', '=', oldLeaver.id)
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({ name: formerPupilName(oldLeaver.id), dob: '', address: '', email: '' });
    // Her mother had no other child at the school: her account went with her daughter's, sign-ins and all.
    const mother = await t.db
      .selectFrom('app_user')
      .select(['name', 'email', 'email_key', 'contact', 'password_hash'])
      .where('id', '=', oldLeaver.parent)
      .executeTakeFirstOrThrow();
    expect(mother).toEqual({
      name: formerGuardianName(oldLeaver.parent),
      email: '',
      email_key: `erased-${oldLeaver.parent}`,
      contact: '',
      password_hash: '!',
    });
    expect(
      await t.db.selectFrom('session').select('user_id').where('user_id', '=', oldLeaver.parent).execute(),
    ).toEqual([]);
    // The current pupil's mother is untouched.
    expect(
      await t.db.selectFrom('session').select('user_id').where('user_id', '=', current.parent).execute(),
    ).toEqual([{ user_id: current.parent }]);
    // The moment of her alone went with its photos; the shared one keeps the current pupil.
    expect(
      await t.db.selectFrom('photo_moment').select('id').where('id', '=', oldLeaver.ownMoment).execute(),
    ).toEqual([]);
    const shared = await t.db
      .selectFrom('photo_moment_child')
      .select('student_id')
      .where('moment_id', '=', oldLeaver.sharedMoment)
      .execute();
    expect(shared).toEqual([{ student_id: current.id }]);
    for (const file of oldLeaver.files) expect(await exists(file), file).toBe(false);
    expect(run?.files).toBe(oldLeaver.files.length);
    // Fees not yet past: the invoice still names her.
    const invoice = await t.db
      .selectFrom('invoice')
      .select('student_name')
      .where('student_id', '=', oldLeaver.id)
      .executeTakeFirstOrThrow();
    expect(invoice.student_name).toBe('Olga Old');

    // The recent leaver and the current pupil are untouched, files and all.
    expect(await rowsOf(t.db, recentLeaver.id)).toEqual(recentBefore);
    expect(await rowsOf(t.db, current.id)).toEqual(currentBefore);
    for (const file of [...recentLeaver.files, ...current.files]) expect(await exists(file), file).toBe(true);

    // The same night again: claimed already. The next night: nothing more to do.
    expect(await runNightly(deps(), new Date('2027-09-01T03:00:00Z'))).toBeUndefined();
    const next = await runNightly(deps(), new Date('2027-09-02T02:00:00Z'));
    expect(next).toMatchObject({ studentIds: [], rows: {}, files: 0 });
    expect(await rowsOf(t.db, recentLeaver.id)).toEqual(recentBefore);
  });

  it('refuses to erase a pupil still at the school, or one who is not a pupil', async () => {
    const enrolled = await call('principal', 'POST', '/admin/retention/erasures', {
      studentId: current.id,
      requestedBy: 'Her mother, by letter',
    });
    expect(enrolled.statusCode).toBe(409);
    expect(enrolled.json().error).toMatchObject({
      code: RETENTION_ERROR_CODES.stillEnrolled,
      message: RETENTION_MESSAGES.stillEnrolled,
    });
    expect(
      (await call('principal', 'POST', '/admin/retention/erasures', { studentId: 999999, requestedBy: 'x' }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call('principal', 'POST', '/admin/retention/erasures', {
          studentId: f.users.teacher,
          requestedBy: 'x',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call('principal', 'POST', '/admin/retention/erasures', {
          studentId: recentLeaver.id,
          requestedBy: ' ',
        })
      ).statusCode,
    ).toBe(400);
    expect((await rowsOf(t.db, current.id)).log_entry).toBe(1);
  });

  it('erases a leaver at once, leaving the fees only, anonymised, with a record of the request', async () => {
    // Her mother is also the current pupil's guardian: her account stays for that child.
    await linkGuardian(t.db, recentLeaver.parent, current.id);
    const motherBefore = await t.db
      .selectFrom('app_user')
      .selectAll()
      .where('id', '=', recentLeaver.parent)
      .executeTakeFirstOrThrow();
    const motherSessions = await t.db
      .selectFrom('session')
      .select('user_id')
      .where('user_id', '=', recentLeaver.parent)
      .execute();
    const erased = await call('principal', 'POST', '/admin/retention/erasures', {
      studentId: recentLeaver.id,
      requestedBy: 'Her mother, by letter of 1 August',
    });
    expect(erased.statusCode, erased.body).toBe(201);
    const run = RetentionRunAnswerSchema.parse(erased.json()).data;
    expect(run).toMatchObject({
      kind: 'erasure',
      studentIds: [recentLeaver.id],
      requestedBy: 'Her mother, by letter of 1 August',
      files: recentLeaver.files.length,
    });
    expect(run.ranByName).toBeTruthy();
    expect(await rowsOf(t.db, recentLeaver.id)).toEqual(
      Object.fromEntries(CHILD_TABLES.map((table) => [table, 0])),
    );
    for (const file of recentLeaver.files) expect(await exists(file), file).toBe(false);

    // What stays: the fees, anonymised, amounts and dates kept.
    const invoices = await t.db
      .selectFrom('invoice')
      .select(['student_name', 'total', 'issued_at'])
      .where('student_id', '=', recentLeaver.id)
      .execute();
    expect(invoices).toEqual([
      { student_name: formerPupilName(recentLeaver.id), total: 1000, issued_at: '2027-07-31T09:00:00.000Z' },
    ]);
    const payments = await t.db
      .selectFrom('payment')
      .select(['student_name', 'amount', 'recorded_by', 'recorded_by_name'])
      .where('student_id', '=', recentLeaver.id)
      .execute();
    expect(payments).toEqual([
      {
        student_name: formerPupilName(recentLeaver.id),
        amount: 1000,
        recorded_by: null,
        recorded_by_name: FORMER_GUARDIAN_NAME,
      },
    ]);
    const discount = await t.db
      .selectFrom('fee_discount')
      .select(['reason', 'value'])
      .where('student_id', '=', recentLeaver.id)
      .executeTakeFirstOrThrow();
    expect(discount).toEqual({ reason: '', value: 100 });
    const audit = await t.db
      .selectFrom('money_audit')
      .select('after')
      .where('student_id', '=', recentLeaver.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after ?? '{}')).toEqual({
      studentName: formerPupilName(recentLeaver.id),
      amount: 1000,
    });
    const account = await t.db
      .selectFrom('app_user')
      .select(['name', 'email', 'email_key'])
      .where('id', '=', recentLeaver.id)
      .executeTakeFirstOrThrow();
    expect(account).toEqual({
      name: formerPupilName(recentLeaver.id),
      email: '',
      email_key: `erased-${recentLeaver.id}`,
    });
    expect(
      await t.db
        .selectFrom('app_user')
        .selectAll()
        .where('id', '=', recentLeaver.parent)
        .executeTakeFirstOrThrow(),
    ).toEqual(motherBefore);
    expect(
      await t.db.selectFrom('session').select('user_id').where('user_id', '=', recentLeaver.parent).execute(),
    ).toEqual(motherSessions);
    expect(motherSessions).toHaveLength(1);
    expect(
      await t.db
        .selectFrom('guardian')
        .select('student_id')
        .where('parent_id', '=', recentLeaver.parent)
        .execute(),
    ).toEqual([{ student_id: current.id }]);
    // The shared moment of the current pupil is untouched; her own records too.
    expect((await rowsOf(t.db, current.id)).photo_moment_child).toBe(3);
    for (const file of current.files) expect(await exists(file), file).toBe(true);

    // Asked again: recorded, nothing more removed; the next night has nothing to do.
    const twice = await call('principal', 'POST', '/admin/retention/erasures', {
      studentId: recentLeaver.id,
      requestedBy: 'Again',
    });
    expect(RetentionRunAnswerSchema.parse(twice.json()).data).toMatchObject({ rows: {}, files: 0 });
    expect(await runNightly(deps(), new Date('2027-09-03T02:00:00Z'))).toMatchObject({
      studentIds: [],
      rows: {},
    });

    const runs = RetentionRunsAnswerSchema.parse(
      (await call('principal', 'GET', '/admin/retention/runs')).json(),
    );
    expect(runs.data[0]).toMatchObject({ kind: 'nightly' });
    expect(runs.data.filter((row) => row.kind === 'erasure').map((row) => row.requestedBy)).toEqual([
      'Again',
      'Her mother, by letter of 1 August',
    ]);
    const leavers = LeaversAnswerSchema.parse(
      (await call('principal', 'GET', '/admin/retention/leavers')).json(),
    );
    expect(leavers.data.find((row) => row.id === recentLeaver.id)).toMatchObject({
      name: formerPupilName(recentLeaver.id),
      erased: true,
    });
  });

  it('anonymises the fees and ends the class history once their seven years are past', async () => {
    const run = await runNightly(deps(), new Date('2031-08-01T02:00:00Z'));
    expect(run?.studentIds).toContain(oldLeaver.id);
    expect(await rowsOf(t.db, oldLeaver.id)).toEqual(
      Object.fromEntries(CHILD_TABLES.map((table) => [table, 0])),
    );
    const invoice = await t.db
      .selectFrom('invoice')
      .select(['student_name', 'total'])
      .where('student_id', '=', oldLeaver.id)
      .executeTakeFirstOrThrow();
    expect(invoice).toEqual({ student_name: formerPupilName(oldLeaver.id), total: 1000 });
    const audit = await t.db
      .selectFrom('money_audit')
      .select('after')
      .where('student_id', '=', oldLeaver.id)
      .executeTakeFirstOrThrow();
    expect(audit.after).not.toContain('Olga');
    // The erased leaver has nothing more to lose.
    const again = await runNightly(deps(), new Date('2031-08-02T02:00:00Z'));
    expect(again).toMatchObject({ studentIds: [], rows: {}, files: 0 });
  });

  it('deletes the backups older than the longest period', async () => {
    const dir = t.app.config.backup.dir;
    await fs.mkdir(dir, { recursive: true });
    const old = path.join(dir, 'schoolyard-demo-20200101T000000Z.jsonl.gz');
    const recent = path.join(dir, 'schoolyard-demo-20300101T000000Z.jsonl.gz.enc');
    const other = path.join(dir, 'notes.txt');
    for (const file of [old, recent, other]) await fs.writeFile(file, 'x');
    await fs.utimes(old, new Date('2024-01-01T00:00:00Z'), new Date('2024-01-01T00:00:00Z'));
    await fs.utimes(recent, new Date('2030-01-01T00:00:00Z'), new Date('2030-01-01T00:00:00Z'));
    await fs.utimes(other, new Date('2020-01-01T00:00:00Z'), new Date('2020-01-01T00:00:00Z'));
    // Seven years (84 months) before 2031-08-10 is 2024-08-10.
    const run = await runNightly(deps(), new Date('2031-08-10T02:00:00Z'));
    expect(run?.backups).toBe(1);
    const left = await fs.readdir(dir);
    expect(left).toContain(path.basename(recent));
    expect(left).toContain('notes.txt');
    expect(left).not.toContain(path.basename(old));
  });

  it('runs a night once when several jobs look at the same time', async () => {
    const night = new Date('2031-09-01T02:00:00Z');
    const outcomes = await Promise.all([1, 2, 3, 4].map(() => runNightly(deps(), night)));
    expect(outcomes.filter((outcome) => outcome !== undefined)).toHaveLength(1);
    const rows = await t.db
      .selectFrom('retention_run')
      .select('id')
      .where('slot', '=', 'nightly:2031-09-01')
      .execute();
    expect(rows).toHaveLength(1);
  });
});
