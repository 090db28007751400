import { describe, expect, it } from 'vitest';
import { type AccessLog, AccessLogAnswerSchema, SAME_LOOK_MS } from '../../../shared/api/access-log.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { addDaysIso } from '../../../shared/school-time.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { type Caller, callAs, userWithSession, withDemoSchool } from '../../test/school-fixtures.js';
import { insertTestInvoice } from '../../test/test-invoice.js';
import { schoolToday } from '../settings/settings.repository.js';
import { recordChildAccess } from './record-access.js';

/**
 * Who looked (docs/decisions/0106-who-looked.md) at the demo school: student@ (Aisha, KG) is the
 * demo parent's daughter; teacher@ teaches KG, teacher2@ does not.
 */
describe.each(TEST_ENGINES)('who looked at a child’s records on %s', (engine) => {
  const { t, f } = withDemoSchool(engine);
  const aisha = () => f.users.student;

  const logOf = async (caller: Caller, studentId = aisha(), query = '') => {
    const res = await callAs(t.app, f, caller, {
      method: 'GET',
      url: `/api/pupils/${studentId}/access-log${query}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return AccessLogAnswerSchema.parse(res.json()).data;
  };
  const rowsOf = (studentId: number, kind: string) =>
    t.db
      .selectFrom('child_access')
      .select(['viewer_id', 'viewer_name', 'viewer_type', 'detail', 'address'])
      .where('student_id', '=', studentId)
      .where('kind', '=', kind)
      .orderBy('id')
      .execute();
  const readCare = (caller: Caller, studentId = aisha()) =>
    callAs(t.app, f, caller, { method: 'GET', url: `/api/pupils/${studentId}/care` });

  it('keeps each reading of the care details with who, when and from where, once per look', async () => {
    await t.db.deleteFrom('child_access').execute();
    for (const caller of ['principal', 'teacher', 'parent'] as const)
      expect((await readCare(caller)).statusCode).toBe(200);
    // Read again at once (a screen regaining focus): the same look.
    expect((await readCare('teacher')).statusCode).toBe(200);
    // Refused readers leave nothing.
    for (const caller of ['teacher2', 'student2'] as const)
      expect((await readCare(caller)).statusCode).toBe(404);

    const rows = await rowsOf(aisha(), 'care-details');
    expect(rows.map((row) => row.viewer_id)).toEqual([f.users.principal, f.users.teacher, f.users.parent]);
    expect(rows.map((row) => row.viewer_type)).toEqual([
      USER_TYPE.principal,
      USER_TYPE.teacher,
      USER_TYPE.parent,
    ]);
    for (const row of rows) expect(row.address).toBe('127.0.0.1');

    const history = await callAs(t.app, f, 'parent', {
      method: 'GET',
      url: `/api/pupils/${aisha()}/care/history`,
    });
    expect(history.statusCode).toBe(200);
    expect((await rowsOf(aisha(), 'care-history')).map((row) => row.viewer_id)).toEqual([f.users.parent]);
  });

  it('counts a look again once the same-look time has passed', async () => {
    await t.db.deleteFrom('child_access').execute();
    const viewer = { id: f.users.teacher, type: USER_TYPE.teacher, name: 'The KG teacher' };
    const at = new Date('2026-11-02T10:00:00Z');
    const look = { studentIds: [aisha()], viewer, kind: 'care-details' as const, address: '10.0.0.1' };
    await recordChildAccess(t.db, { ...look, at });
    await recordChildAccess(t.db, { ...look, at: new Date(at.getTime() + SAME_LOOK_MS - 1000) });
    expect(await rowsOf(aisha(), 'care-details')).toHaveLength(1);
    await recordChildAccess(t.db, { ...look, at: new Date(at.getTime() + SAME_LOOK_MS + 1000) });
    // Another thing about the same child is its own look.
    await recordChildAccess(t.db, { ...look, kind: 'care-history', at });
    expect(await rowsOf(aisha(), 'care-details')).toHaveLength(2);
    expect(await rowsOf(aisha(), 'care-history')).toHaveLength(1);
  });

  it('shows the principal everything with addresses, a guardian the staff’s looks at the care details', async () => {
    await t.db.deleteFrom('child_access').execute();
    for (const caller of ['teacher', 'parent', 'principal'] as const) await readCare(caller);
    await recordChildAccess(t.db, {
      studentIds: [aisha()],
      viewer: { id: f.users.principal, type: USER_TYPE.principal, name: 'The Principal' },
      kind: 'receipt-pdf',
      detail: '42',
      address: '10.1.2.3',
    });

    const all = await logOf('principal');
    expect(all.scope).toBe('all');
    expect(all.studentName).toBeTruthy();
    expect(all.entries.map((entry) => [entry.kind, entry.viewerType])).toEqual([
      ['receipt-pdf', USER_TYPE.principal],
      ['care-details', USER_TYPE.principal],
      ['care-details', USER_TYPE.parent],
      ['care-details', USER_TYPE.teacher],
    ]);
    expect(all.entries[0]).toMatchObject({ detail: '42', address: '10.1.2.3', isYou: true });
    expect(all.entries[3]?.isYou).toBe(false);

    const family = await logOf('parent');
    expect(family.scope).toBe('staff-care');
    // The staff's looks at the care details only: not the parent's own, not the receipt.
    expect(family.entries.map((entry) => [entry.kind, entry.viewerType])).toEqual([
      ['care-details', USER_TYPE.principal],
      ['care-details', USER_TYPE.teacher],
    ]);
    for (const entry of family.entries) expect(entry.address).toBeNull();
  });

  it('is the guardians’ and the principal’s: a class teacher 403, any other school user 404; a bad page 400', async () => {
    const url = `/api/pupils/${aisha()}/access-log`;
    expect((await callAs(t.app, f, 'teacher', { method: 'GET', url })).statusCode).toBe(403);
    for (const caller of ['teacher2', 'student', 'student2'] as const)
      expect((await callAs(t.app, f, caller, { method: 'GET', url })).statusCode).toBe(404);
    // A type without a school area is turned away at the door.
    expect((await callAs(t.app, f, 'director', { method: 'GET', url })).statusCode).toBe(403);
    expect((await callAs(t.app, f, undefined, { method: 'GET', url })).statusCode).toBe(401);
    const stranger = await userWithSession(t.db, USER_TYPE.parent, 'Pat Stranger');
    expect(
      (await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${stranger.token}` } }))
        .statusCode,
    ).toBe(404);
    for (const before of ['x', '-1', '1.5'])
      expect(
        (await callAs(t.app, f, 'principal', { method: 'GET', url: `${url}?before=${before}` })).statusCode,
      ).toBe(400);
    expect(
      (await callAs(t.app, f, 'principal', { method: 'GET', url: '/api/pupils/999999/access-log' }))
        .statusCode,
    ).toBe(404);
  });

  it('pages the log newest first', async () => {
    await t.db.deleteFrom('child_access').execute();
    const viewer = { id: f.users.principal, type: USER_TYPE.principal, name: 'The Principal' };
    for (let n = 0; n < 55; n += 1)
      await recordChildAccess(t.db, {
        studentIds: [aisha()],
        viewer,
        kind: 'receipt-pdf',
        detail: String(n),
        address: '10.0.0.2',
      });
    const first: AccessLog = await logOf('principal');
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0]?.detail).toBe('54');
    expect(first.next).not.toBeNull();
    const second = await logOf('principal', aisha(), `?before=${first.next}`);
    expect(second.entries.map((entry) => entry.detail)).toEqual(['4', '3', '2', '1', '0']);
    expect(second.next).toBeNull();
  });

  it('keeps downloads about a child: report cards, receipts, fee reminders, forms’ answers', async () => {
    await t.db.deleteFrom('child_access').execute();
    const term = await t.db
      .selectFrom('school_term')
      .select(['id', 'name'])
      .orderBy('first_day')
      .executeTakeFirstOrThrow();
    const classUrl = `/api/report-cards/classes/${f.classes.KG}/terms/${term.id}`;
    expect(
      (await callAs(t.app, f, 'principal', { method: 'POST', url: `${classUrl}/publish` })).statusCode,
    ).toBe(200);
    const kg = await t.db
      .selectFrom('report_card')
      .select('student_id')
      .distinct()
      .where('class_id', '=', f.classes.KG)
      .where('term_id', '=', term.id)
      .execute();
    expect(kg.length).toBeGreaterThan(1);
    expect(
      (await callAs(t.app, f, 'principal', { method: 'GET', url: `${classUrl}/cards.pdf` })).statusCode,
    ).toBe(200);
    const card = await callAs(t.app, f, 'parent', {
      method: 'GET',
      url: `/api/report-cards/pupils/${aisha()}/terms/${term.id}/card.pdf`,
    });
    expect(card.statusCode).toBe(200);
    const cards = await t.db
      .selectFrom('child_access')
      .select(['student_id', 'viewer_id', 'detail'])
      .where('kind', '=', 'report-card-pdf')
      .orderBy('id')
      .execute();
    expect(
      cards
        .filter((row) => row.viewer_id === f.users.principal)
        .map((row) => row.student_id)
        .sort(),
    ).toEqual(kg.map((row) => row.student_id).sort());
    expect(cards.filter((row) => row.viewer_id === f.users.parent)).toEqual([
      { student_id: aisha(), viewer_id: f.users.parent, detail: term.name },
    ]);

    const { invoiceId } = await insertTestInvoice(t.db, {
      studentId: aisha(),
      items: [{ name: 'Trip', amount: 2_000 }],
    });
    const paid = await callAs(t.app, f, 'principal', {
      method: 'POST',
      url: '/api/fees/payments',
      payload: {
        invoiceId,
        amount: 1_000,
        method: 'cash',
        paidOn: await schoolToday(t.db),
        reference: 'access-log',
      },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const payment = paid.json().data as { id: number; receiptNo: number };
    expect(
      (
        await callAs(t.app, f, 'parent', {
          method: 'GET',
          url: `/api/fees/payments/${payment.id}/receipt.pdf`,
        })
      ).statusCode,
    ).toBe(200);
    expect(await rowsOf(aisha(), 'receipt-pdf')).toMatchObject([
      { viewer_id: f.users.parent, detail: String(payment.receiptNo) },
    ]);
    const reminder = await callAs(t.app, f, 'principal', {
      method: 'GET',
      url: `/api/admin/fees/invoices/${invoiceId}/reminder.pdf`,
    });
    expect(reminder.statusCode, reminder.body).toBe(200);
    expect(await rowsOf(aisha(), 'fee-reminder-pdf')).toMatchObject([
      { viewer_id: f.users.principal, detail: String(invoiceId) },
    ]);

    const today = await schoolToday(t.db);
    const made = await callAs(t.app, f, 'principal', {
      method: 'POST',
      url: '/api/school-forms',
      payload: {
        title: 'Zoo trip',
        description: '',
        classIds: [f.classes.KG],
        dueOn: addDaysIso(today, 5),
        questions: [{ kind: 'yes-no', prompt: 'May your child come?', required: true }],
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const formId = (made.json().data as { id: number }).id;
    expect(
      (await callAs(t.app, f, 'principal', { method: 'POST', url: `/api/school-forms/${formId}/send` }))
        .statusCode,
    ).toBe(200);
    const answered = await callAs(t.app, f, 'parent', {
      method: 'PUT',
      url: `/api/family/school-forms/${formId}/children/${aisha()}`,
      payload: { signedName: 'Maria Parent', answers: [{ questionId: 1, value: true }] },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(
      (await callAs(t.app, f, 'principal', { method: 'GET', url: `/api/school-forms/${formId}/answers.csv` }))
        .statusCode,
    ).toBe(200);
    // Only the answered child's family's answer is in the file.
    const csvRows = await t.db
      .selectFrom('child_access')
      .select(['student_id', 'detail'])
      .where('kind', '=', 'form-answers-csv')
      .execute();
    expect(csvRows).toEqual([{ student_id: aisha(), detail: 'Zoo trip' }]);
  });
});
