import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type ApplicationInput, ApplicationSchema } from '../../../shared/api/admission-application.js';
import { EnrolmentAnswerSchema } from '../../../shared/api/admission-enrolment.js';
import { ClassSeatsAnswerSchema } from '../../../shared/api/admissions.js';
import { ENROLMENT_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { ChildrenAnswerSchema } from '../../../shared/api/family.js';
import type { Db } from '../../db/connect.js';
import { isPostgres } from '../../db/engine.js';
import { ANSWER_KEYS, readAnswerVersions } from '../../lib/answer-versions.js';
import { readDataVersion } from '../../lib/data-version.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { sendMail, withMailingDemoSchool } from '../../test/mail.js';
import { type Caller, callAs, userWithSession } from '../../test/school-fixtures.js';
import { consentHistory } from '../consents/consents.repository.js';
import { findVisiblePupil, type Viewer } from '../school/school.policy.js';
import { schoolToday } from '../settings/settings.repository.js';
import { bearer, call, DEMO, login, NEW_PASSWORD, nextAddress, png } from '../users/test-helpers.js';
import { insertDocument, submitRow } from './application.repository.js';

/**
 * Enrolment in one step (docs/decisions/0104-enrolment-in-one-step.md) on the demo school: KG has 12
 * seats and 10 pupils in the current year, which is the admissions year (the demo keeps no later
 * one). The tests run in order and share the school.
 */

/** Every table the enrolment writes, and what the free seats are made of. */
const TABLES = [
  'app_user',
  'user_photo',
  'guardian',
  'care_record',
  'care_change',
  'enrolment',
  'invoice',
  'invoice_line',
  'money_audit',
  'admission_case',
  'admission_move',
  'mail_outbox',
  'password_reset',
] as const;
type Table = (typeof TABLES)[number];

/** The rows of each table by their key, as JSON (so two states compare whole). */
async function stateOf(db: Db): Promise<Record<Table, string[]>> {
  const state = {} as Record<Table, string[]>;
  for (const table of TABLES) {
    const rows = await db.selectFrom(table).selectAll().execute();
    state[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return state;
}

/** The rows `after` has that `before` had not, per table, parsed. */
function added(before: Record<Table, string[]>, after: Record<Table, string[]>) {
  const result = {} as Record<Table, Record<string, unknown>[]>;
  for (const table of TABLES) {
    const known = new Set(before[table]);
    result[table] = after[table].filter((row) => !known.has(row)).map((row) => JSON.parse(row));
  }
  return result;
}

const application = (
  overrides: Partial<ApplicationInput> & { guardianEmails: string[] },
): ApplicationInput => ({
  child: { name: 'Mila Novak', dateOfBirth: '2022-03-14', photoDocumentId: null },
  guardians: overrides.guardianEmails.map((email, index) => ({
    name: index === 0 ? 'Nora Novak' : `Guardian ${index + 1}`,
    email,
    phone: '+1 555 0101',
    relationship: index === 0 ? 'Mother' : 'Father',
  })),
  care: {
    emergencyContacts: [{ name: 'Ida Novak', relationship: 'Grandmother', phone: '+1 555 0102' }],
    medical: {
      allergies: 'Peanuts',
      conditions: '',
      medications: [{ name: 'Antihistamine', dose: '5 ml' }],
      doctorName: 'Dr Lee',
      doctorPhone: '+1 555 0103',
    },
    pickups: [{ name: 'Ivo Novak', relationship: 'Uncle', phone: '+1 555 0104' }],
    photoConsent: { website: false, ownFamily: true, otherFamilies: false },
  },
  wanted: { classId: 0, startDate: '2026-09-01' },
  termsAccepted: true,
  signatureName: 'Nora Novak',
  ...overrides,
});

describe.each(TEST_ENGINES)('enrolment in one step on %s', (engine) => {
  const { t, f, smtp } = withMailingDemoSchool(engine);

  const as = (caller: Caller, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    callAs(t.app, f, caller, {
      method,
      url: `/api${url}`,
      remoteAddress: nextAddress(),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const yearId = async () =>
    (await t.db.selectFrom('school_year').select('id').where('is_current', '=', 1).executeTakeFirstOrThrow())
      .id;
  const seatsOf = async (className: 'KG' | 'Class 1') => {
    const res = await as('principal', 'GET', '/admin/admissions/classes');
    expect(res.statusCode, res.body).toBe(200);
    const row = ClassSeatsAnswerSchema.parse(res.json()).data.classes.find((c) => c.className === className);
    if (!row) throw new Error(`no ${className}`);
    const shown = (await t.app.inject({ method: 'GET', url: '/api/admissions/seats' })).json() as {
      classes: { className: string; free: number | null }[];
    };
    // The public card says what the principal's screen says, at once.
    expect(shown.classes.find((c) => c.className === className)?.free).toBe(row.free);
    return row;
  };
  /** A case of `className` at `stage`, moved by the principal; with a sent application unless `applied` is false. */
  const caseAt = async (
    stage: 'enquiry' | 'offered' | 'accepted',
    className: 'KG' | 'Class 1',
    guardianEmails: string[],
    sendApplication = true,
  ) => {
    const opened = await as('principal', 'POST', '/admin/admissions/cases', {
      childName: 'Mila Novak',
      classId: f.classes[className],
      yearId: await yearId(),
      familyName: 'Novak',
      email: guardianEmails[0],
      language: 'fr',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const id = (opened.json() as { data: { id: number } }).data.id;
    const today = await schoolToday(t.db);
    if (stage !== 'enquiry') {
      const offered = await as('principal', 'POST', `/admin/admissions/cases/${id}/moves`, {
        to: 'offered',
        offerDeadline: today,
      });
      expect(offered.statusCode, offered.body).toBe(200);
    }
    if (stage === 'accepted') {
      const accepted = await as('principal', 'POST', `/admin/admissions/cases/${id}/moves`, {
        to: 'accepted',
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
    }
    if (sendApplication) {
      const sent = ApplicationSchema.parse(
        application({ guardianEmails, wanted: { classId: f.classes[className], startDate: today } }),
      );
      await submitRow(t.db, id, sent, { name: 'Nora Novak', at: new Date().toISOString(), from: '10.0.0.1' });
    }
    return id;
  };
  const enrol = (caseId: number, body: Record<string, unknown> = {}, caller: Caller = 'principal') =>
    as(caller, 'POST', `/admin/admissions/cases/${caseId}/enrolment`, body);

  /** A refusal: 409 with its code, and not one row changed anywhere. */
  const refused = async (caseId: number, code: string, body: Record<string, unknown> = {}) => {
    const before = await stateOf(t.db);
    const res = await enrol(caseId, body);
    expect(res.statusCode, res.body).toBe(409);
    expect((res.json() as { error: { code: string } }).error.code).toBe(code);
    expect(await stateOf(t.db)).toEqual(before);
    return (res.json() as { error: { message: string } }).error.message;
  };

  let enrolledCase = 0;
  let enrolledPupil = 0;
  const newGuardian = 'nora.novak@example.org';

  it('is the principal’s only, and 404 for a case that is not there', async () => {
    for (const caller of ['teacher', 'parent', 'student', 'director'] as const)
      expect((await enrol(1, {}, caller)).statusCode).toBe(403);
    expect((await enrol(999_999)).statusCode).toBe(404);
    expect((await enrol(1, { startDate: '2026-02-30' })).statusCode).toBe(400);
  });

  it('counts free seats as capacity − pupils − accepted offers at every step, and enrols an accepted case exactly', async () => {
    const start = await seatsOf('KG');
    expect(start.free).toBe((start.capacity ?? 0) - start.enrolled - start.acceptedOffers);

    // Enquiry and offer hold no seat; the enrolment refuses both, changing nothing.
    enrolledCase = await caseAt('enquiry', 'KG', [newGuardian, 'PARENT@demo.school']);
    expect(await seatsOf('KG')).toMatchObject({
      enrolled: start.enrolled,
      acceptedOffers: start.acceptedOffers,
      free: start.free,
    });
    const message = await refused(enrolledCase, ENROLMENT_ERROR_CODES.caseNotAccepted);
    expect(message).toContain('“enquiry”');
    await as('principal', 'POST', `/admin/admissions/cases/${enrolledCase}/moves`, {
      to: 'offered',
      offerDeadline: await schoolToday(t.db),
    });
    expect((await seatsOf('KG')).free).toBe(start.free);
    await refused(enrolledCase, ENROLMENT_ERROR_CODES.caseNotAccepted);

    // Accepted: the offer holds a seat.
    await as('principal', 'POST', `/admin/admissions/cases/${enrolledCase}/moves`, { to: 'accepted' });
    const accepted = await seatsOf('KG');
    expect(accepted).toMatchObject({ enrolled: start.enrolled, acceptedOffers: start.acceptedOffers + 1 });
    expect(accepted.free).toBe((start.free ?? 0) - 1);

    const contentBefore = await readDataVersion(t.db, 'content');
    const schoolBefore = await readAnswerVersions(t.db, [ANSWER_KEYS.school]);
    const ledgerBefore = await readDataVersion(t.db, 'ledger');
    const before = await stateOf(t.db);
    const res = await enrol(enrolledCase);
    expect(res.statusCode, res.body).toBe(201);
    const answer = EnrolmentAnswerSchema.parse(res.json()).data;
    enrolledPupil = answer.studentId;
    const today = await schoolToday(t.db);

    // Enrolled: the seat is the pupil's now, the offer's no more.
    const enrolled = await seatsOf('KG');
    expect(enrolled).toMatchObject({ enrolled: start.enrolled + 1, acceptedOffers: start.acceptedOffers });
    expect(enrolled.free).toBe((enrolled.capacity ?? 0) - enrolled.enrolled - enrolled.acceptedOffers);
    expect(enrolled.free).toBe(accepted.free);
    // The public seats (content version) and the dashboards' kept answers (the school's answer version) are made afresh.
    expect(await readDataVersion(t.db, 'content')).toBeGreaterThan(contentBefore);
    expect(Number(await readAnswerVersions(t.db, [ANSWER_KEYS.school]))).toBeGreaterThan(
      Number(schoolBefore),
    );

    const demoParent = f.users.parent;
    expect(answer).toMatchObject({
      caseId: enrolledCase,
      pupilName: 'Mila Novak',
      pupilEmail: null,
      classId: f.classes.KG,
      className: 'KG',
      startDate: today,
      mailsQueued: 2,
    });
    expect(answer.guardians).toEqual([
      expect.objectContaining({
        name: 'Nora Novak',
        email: newGuardian,
        relationship: 'Mother',
        account: 'new',
      }),
      expect.objectContaining({ parentId: demoParent, relationship: 'Father', account: 'linked' }),
    ]);

    // Exactly the records of an enrolment, and nothing else.
    const made = added(before, await stateOf(t.db));
    const newParent = answer.guardians[0]?.parentId;
    expect(made.app_user.map((row) => row.id).sort()).toEqual([enrolledPupil, newParent].sort());
    const pupil = made.app_user.find((row) => row.id === enrolledPupil);
    expect(pupil).toMatchObject({
      type: 'Student',
      status: 'active',
      name: 'Mila Novak',
      dob: '2022-03-14',
      email: '',
      archived_at: null,
    });
    expect(String(pupil?.email_key)).toMatch(/^NO-EMAIL:/);
    expect(made.app_user.find((row) => row.id === newParent)).toMatchObject({
      type: 'Parent',
      status: 'active',
      email: newGuardian,
      email_key: newGuardian,
      language: 'fr',
      contact: '+1 555 0101',
    });
    expect(made.user_photo).toEqual([]);
    expect(made.guardian.map((row) => [row.parent_id, row.student_id, row.relationship])).toEqual(
      expect.arrayContaining([
        [newParent, enrolledPupil, 'Mother'],
        [demoParent, enrolledPupil, 'Father'],
      ]),
    );
    expect(made.guardian).toHaveLength(2);
    expect(made.care_record).toHaveLength(1);
    const care = JSON.parse(String(made.care_record[0]?.document));
    expect(care.medical.allergies).toBe('Peanuts');
    expect(care.pickups).toEqual([
      { name: 'Ivo Novak', relationship: 'Uncle', phone: '+1 555 0104', photo: null },
    ]);
    expect(made.care_record[0]).toMatchObject({ has_allergy: 1 });
    // The application's consents are the child's first entries of the ledger, each one answered.
    const ledger = await consentHistory(t.db, enrolledPupil);
    expect(ledger.map((entry) => [entry.kind, entry.given, entry.how])).toEqual(
      expect.arrayContaining([
        ['website', false, 'application'],
        ['ownFamily', true, 'application'],
      ]),
    );
    expect(ledger).toHaveLength(3);
    expect(made.care_change).toHaveLength(1);
    expect(JSON.parse(String(made.care_change[0]?.changes))).toEqual(
      expect.arrayContaining([{ field: 'medical.allergies', from: '', to: 'Peanuts' }]),
    );
    expect(made.enrolment.map((row) => [row.student_id, row.class_id, row.started_on, row.ended_on])).toEqual(
      [[enrolledPupil, f.classes.KG, today, null]],
    );

    // The first term's fees: the class's plans of the term holding the start date (or the next).
    const term = answer.fees.term;
    const plans = term
      ? await t.db
          .selectFrom('fee_plan')
          .select('id')
          .where('class_id', '=', f.classes.KG)
          .where('term_id', '=', term.id)
          .execute()
      : [];
    expect(made.invoice.map((row) => row.plan_id).sort()).toEqual(plans.map((plan) => plan.id).sort());
    expect(answer.fees.invoices.map((invoice) => invoice.id).sort()).toEqual(
      made.invoice.map((row) => row.id).sort(),
    );
    expect(answer.fees.noFeesReason).toBe(plans.length > 0 ? null : term ? 'no-plan' : 'no-term');
    for (const invoice of made.invoice) {
      const items = await t.db
        .selectFrom('fee_plan_item')
        .select('amount')
        .where('plan_id', '=', Number(invoice.plan_id))
        .execute();
      expect(Number(invoice.total)).toBe(items.reduce((sum, item) => sum + Number(item.amount), 0));
      expect(invoice).toMatchObject({
        student_id: enrolledPupil,
        student_name: 'Mila Novak',
        class_name: 'KG',
      });
    }
    expect(made.invoice_line.length).toBeGreaterThanOrEqual(made.invoice.length);
    expect(made.money_audit).toHaveLength(made.invoice.length);
    if (made.invoice.length > 0) expect(await readDataVersion(t.db, 'ledger')).toBeGreaterThan(ledgerBefore);

    // The case: enrolled, its pupil named, the move kept.
    expect(made.admission_case).toEqual([
      expect.objectContaining({ id: enrolledCase, stage: 'enrolled', student_id: enrolledPupil }),
    ]);
    expect(made.admission_move).toEqual([
      expect.objectContaining({ case_id: enrolledCase, from_stage: 'accepted', to_stage: 'enrolled' }),
    ]);
    // One link, to the new guardian only, in a mail whose stored text does not hold its key; the
    // linked guardian is told the child is on their account, with a link to sign in.
    expect(made.password_reset.map((row) => row.user_id)).toEqual([newParent]);
    expect(made.mail_outbox).toHaveLength(2);
    const invite = made.mail_outbox.find((row) => row.kind === 'account-invite');
    expect(invite).toMatchObject({ to_address: newGuardian });
    expect(String(invite?.subject)).toContain('Mila Novak');
    expect(String(invite?.text_body)).toContain('reset-password?token=…');
    const told = made.mail_outbox.find((row) => row.kind === 'admission-enrolled');
    expect(told).toMatchObject({ to_address: 'parent@demo.school' });
    expect(String(told?.subject)).toContain('Mila Novak');
    expect(String(told?.text_body)).toContain('/login');
    expect(String(told?.text_body)).not.toContain('token=');

    // Enrolled once: again is a refusal.
    await refused(enrolledCase, ENROLMENT_ERROR_CODES.caseNotAccepted);
  });

  it('gives the new guardian a link to set a password, in the family’s language; they log in and see the child', async () => {
    await sendMail(t);
    const mail = smtp.to(newGuardian).at(-1);
    if (!mail) throw new Error('no mail to the new guardian');
    expect(mail.text).toContain('Choisir mon mot de passe');
    const token = /\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
    if (!token) throw new Error(`no link in: ${mail.text}`);
    // No usable password before.
    expect((await login(t.app, newGuardian, NEW_PASSWORD)).statusCode).toBe(401);
    const set = await call(t.app, {
      method: 'POST',
      url: '/api/users/password-reset/confirm',
      payload: { token, password: NEW_PASSWORD },
    });
    expect(set.statusCode, set.body).toBeLessThan(300);
    const loggedIn = await login(t.app, newGuardian, NEW_PASSWORD);
    expect(loggedIn.statusCode, loggedIn.body).toBe(200);
    const children = await call(t.app, {
      method: 'GET',
      url: '/api/family/children',
      headers: bearer((loggedIn.json() as { token: string }).token),
    });
    expect(children.statusCode).toBe(200);
    expect(ChildrenAnswerSchema.parse(children.json()).data.map((child) => child.studentId)).toEqual([
      enrolledPupil,
    ]);
    // The linked demo parent sees the new child beside their own.
    const demo = await as('parent', 'GET', '/family/children');
    expect(ChildrenAnswerSchema.parse(demo.json()).data.map((child) => child.studentId)).toContain(
      enrolledPupil,
    );
  });

  it('makes the pupil visible by the school policy to the principal, the class’s teachers and the guardians only', async () => {
    const newParent = await t.db
      .selectFrom('app_user')
      .select('id')
      .where('email_key', '=', newGuardian)
      .executeTakeFirstOrThrow();
    const stranger = await userWithSession(t.db, 'Parent', 'Another Family');
    const viewers: [string, Viewer, boolean][] = [
      ['principal', { id: f.users.principal, type: 'Principle' }, true],
      ['teacher of KG', { id: f.users.teacher, type: 'Teacher' }, true],
      ['teacher of other classes', { id: f.users.teacher2, type: 'Teacher' }, false],
      ['new guardian', { id: newParent.id, type: 'Parent' }, true],
      ['linked guardian', { id: f.users.parent, type: 'Parent' }, true],
      ['another parent', { id: stranger.id, type: 'Parent' }, false],
      ['a pupil', { id: f.users.student, type: 'Student' }, false],
      ['a director', { id: f.users.director, type: 'Director' }, false],
    ];
    const seen = [];
    for (const [name, viewer] of viewers)
      seen.push([name, (await findVisiblePupil(t.db, viewer, enrolledPupil)) !== undefined]);
    expect(seen).toEqual(viewers.map(([name, , visible]) => [name, visible]));
  });

  it('refuses a case without an application, and a guardian’s email of a staff or pupil account, changing nothing', async () => {
    // Seats enough: each of these cases holds one.
    await as('principal', 'PUT', '/admin/admissions/classes', {
      yearId: await yearId(),
      classes: [{ classId: f.classes.KG, takesAdmissions: true, seats: 100 }],
    });
    const noApplication = await caseAt('accepted', 'KG', ['no.form@example.org'], false);
    await refused(noApplication, ENROLMENT_ERROR_CODES.noApplication);

    const staff = await caseAt('accepted', 'KG', ['fresh.family@example.org', DEMO.teacher.toUpperCase()]);
    const message = await refused(staff, ENROLMENT_ERROR_CODES.emailNotAParent);
    expect(message).toContain(DEMO.teacher.toUpperCase());
    const pupil = await caseAt('accepted', 'KG', [DEMO.student]);
    await refused(pupil, ENROLMENT_ERROR_CODES.emailNotAParent);
    for (const id of [noApplication, staff, pupil])
      await as('principal', 'POST', `/admin/admissions/cases/${id}/moves`, {
        to: 'closed',
        closeReason: 'Test',
      });
  });

  it('refuses a full class, counting the case’s own accepted seat for its class only', async () => {
    const kg = await seatsOf('KG');
    const klass = await seatsOf('Class 1');
    const year = await yearId();
    // KG: exactly as many seats as pupils and accepted offers: full for others, not for an accepted case.
    const ownSeat = await caseAt('accepted', 'KG', ['own.seat@example.org']);
    // Accepted into Class 1 while it had room (an acceptance needs a free seat: 0117-an-acceptance-needs-a-free-seat.md).
    const room = await as('principal', 'PUT', '/admin/admissions/classes', {
      yearId: year,
      classes: [
        {
          classId: f.classes['Class 1'],
          takesAdmissions: true,
          seats: klass.enrolled + klass.acceptedOffers + 1,
        },
      ],
    });
    expect(room.statusCode, room.body).toBe(200);
    const another = await caseAt('accepted', 'Class 1', ['another.family@example.org']);
    const full = await as('principal', 'PUT', '/admin/admissions/classes', {
      yearId: year,
      classes: [
        { classId: f.classes.KG, takesAdmissions: true, seats: kg.enrolled + kg.acceptedOffers + 1 },
        {
          classId: f.classes['Class 1'],
          takesAdmissions: true,
          seats: klass.enrolled + klass.acceptedOffers + 1,
        },
      ],
    });
    expect(full.statusCode, full.body).toBe(200);
    expect((await seatsOf('KG')).free).toBe(0);
    // Into Class 1, which is full: refused, with the numbers.
    const message = await refused(ownSeat, ENROLMENT_ERROR_CODES.classFull, {
      classId: f.classes['Class 1'],
    });
    expect(message).toContain('Class 1');
    // The pupil's own email, when given, must be no account's.
    await refused(ownSeat, ENROLMENT_ERROR_CODES.pupilEmailTaken, { pupilEmail: DEMO.principal });
    // Into its own class: its accepted offer is its seat.
    const res = await enrol(ownSeat, { pupilEmail: 'Own.Seat.Pupil@example.org', gender: 'Female' });
    expect(res.statusCode, res.body).toBe(201);
    const answer = EnrolmentAnswerSchema.parse(res.json()).data;
    expect(answer.pupilEmail).toBe('Own.Seat.Pupil@example.org');
    const row = await t.db
      .selectFrom('app_user')
      .select(['email_key', 'gender'])
      .where('id', '=', answer.studentId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email_key: 'own.seat.pupil@example.org', gender: 'Female' });
    expect(await seatsOf('KG')).toMatchObject({ free: 0, enrolled: kg.enrolled + 1 });
    // Now KG is full for anyone else.
    await refused(another, ENROLMENT_ERROR_CODES.classFull, { classId: f.classes.KG });
  });

  it('leaves everything as it was when the enrolment fails halfway', async () => {
    await as('principal', 'PUT', '/admin/admissions/classes', {
      yearId: await yearId(),
      classes: [{ classId: f.classes.KG, takesAdmissions: true, seats: 100 }],
    });
    const id = await caseAt('accepted', 'KG', ['halfway.family@example.org']);
    const before = await stateOf(t.db);
    // The mail is the last write: a failure there must undo the accounts, links, care, class, fees and move.
    if (isPostgres(t.db)) {
      await sql`create function enrolment_fails() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`.execute(
        t.db,
      );
      await sql`create trigger enrolment_fails before insert on mail_outbox for each row execute function enrolment_fails()`.execute(
        t.db,
      );
    } else {
      await sql`create trigger enrolment_fails before insert on mail_outbox begin select raise(abort, 'injected failure'); end`.execute(
        t.db,
      );
    }
    const res = await enrol(id);
    await sql`drop trigger enrolment_fails${isPostgres(t.db) ? sql` on mail_outbox` : sql``}`.execute(t.db);
    if (isPostgres(t.db)) await sql`drop function enrolment_fails()`.execute(t.db);
    expect(res.statusCode).toBe(500);
    expect(await stateOf(t.db)).toEqual(before);
    // Once the failure is gone, the same enrolment goes through.
    expect((await enrol(id)).statusCode).toBe(201);
  });
  it('enrols what the family sent through its own link: nothing typed twice', async () => {
    const opened = await as('principal', 'POST', '/admin/admissions/cases', {
      childName: 'Sami',
      classId: f.classes.KG,
      yearId: await yearId(),
      familyName: 'Aziz',
      email: 'aziz@example.org',
    });
    const id = (opened.json() as { data: { id: number } }).data.id;
    expect((await as('principal', 'POST', `/admin/admissions/cases/${id}/application-link`)).statusCode).toBe(
      200,
    );
    const mail = await t.db
      .selectFrom('mail_outbox')
      .select('link_keys')
      .where('to_address', '=', 'aziz@example.org')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const token = (JSON.parse(mail.link_keys ?? '[]') as string[])[0] ?? '';
    const today = await schoolToday(t.db);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/admissions/application/submit',
      remoteAddress: nextAddress(),
      payload: {
        token,
        application: application({
          guardianEmails: ['aziz@example.org'],
          child: { name: 'Sami Aziz', dateOfBirth: '2022-06-01', photoDocumentId: null },
          wanted: { classId: f.classes.KG, startDate: today },
          signatureName: 'Nora Novak',
        }),
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await refused(id, ENROLMENT_ERROR_CODES.caseNotAccepted);
    for (const move of [{ to: 'offered', offerDeadline: today }, { to: 'accepted' }])
      expect((await as('principal', 'POST', `/admin/admissions/cases/${id}/moves`, move)).statusCode).toBe(
        200,
      );
    const res = await enrol(id);
    expect(res.statusCode, res.body).toBe(201);
    const answer = EnrolmentAnswerSchema.parse(res.json()).data;
    expect(answer).toMatchObject({
      pupilName: 'Sami Aziz',
      startDate: today,
      className: 'KG',
      mailsQueued: 1,
    });
    const care = await as('principal', 'GET', `/pupils/${answer.studentId}/care`);
    expect(care.statusCode, care.body).toBe(200);
    expect(
      (care.json() as { data: { details: { medical: { allergies: string } } } }).data.details.medical
        .allergies,
    ).toBe('Peanuts');
  });

  it('enrols for a coming year from its first day, with the application’s photo, counting that year’s seats', async () => {
    // Last: a kept later year becomes the admissions year (docs/decisions/0101-seats-that-mean-something.md).
    const at = new Date().toISOString();
    const next = await t.db
      .insertInto('school_year')
      .values({
        name: '2027–2028',
        name_key: '2027–2028',
        first_day: '2027-09-01',
        last_day: '2028-07-31',
        is_current: 0,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const seats = await as('principal', 'PUT', '/admin/admissions/classes', {
      yearId: next.id,
      classes: [{ classId: f.classes.KG, takesAdmissions: true, seats: 30 }],
    });
    expect(seats.statusCode, seats.body).toBe(200);
    const seatsIn = async (year: number) =>
      ClassSeatsAnswerSchema.parse(
        (await as('principal', 'GET', `/admin/admissions/classes?yearId=${year}`)).json(),
      ).data.classes.find((row) => row.className === 'KG');
    const opened = await as('principal', 'POST', '/admin/admissions/cases', {
      childName: 'Theo Quist',
      classId: f.classes.KG,
      yearId: next.id,
      familyName: 'Quist',
      email: 'quist@example.org',
    });
    const id = (opened.json() as { data: { id: number } }).data.id;
    for (const move of [{ to: 'offered', offerDeadline: await schoolToday(t.db) }, { to: 'accepted' }])
      expect((await as('principal', 'POST', `/admin/admissions/cases/${id}/moves`, move)).statusCode).toBe(
        200,
      );
    // A parent the rollover archived (their children left) comes back with a new child.
    const former = await userWithSession(t.db, 'Parent', 'Former Parent');
    const archived = await t.db
      .updateTable('app_user')
      .set({ archived_at: at })
      .where('id', '=', former.id)
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
    const stored = `admissions/${id}/${'ab'.repeat(16)}.png`;
    await t.app.files.putBytes(stored, await png(60, 80));
    const photo = await insertDocument(t.db, {
      caseId: id,
      kind: 'child-photo',
      name: 'theo.png',
      mimeType: 'image/png',
      size: 100,
      storedName: stored,
      at,
    });
    const sent = ApplicationSchema.parse(
      application({
        guardianEmails: ['quist@example.org', archived.email.toUpperCase()],
        child: { name: 'Theo Quist', dateOfBirth: '2023-01-02', photoDocumentId: photo.id },
        wanted: { classId: f.classes.KG, startDate: '2027-09-01' },
      }),
    );
    await submitRow(t.db, id, sent, { name: 'Nora Novak', at, from: '10.0.0.1' });
    const current = await seatsIn(await yearId());
    const before = await seatsIn(next.id);
    expect(before).toMatchObject({ capacity: 30, acceptedOffers: 1 });

    const res = await enrol(id);
    expect(res.statusCode, res.body).toBe(201);
    const answer = EnrolmentAnswerSchema.parse(res.json()).data;
    expect(answer).toMatchObject({ startDate: '2027-09-01', yearId: next.id, className: 'KG' });
    expect(answer.guardians.map((g) => [g.parentId === archived.id, g.account])).toEqual([
      [false, 'new'],
      [true, 'linked'],
    ]);
    const unarchived = await t.db
      .selectFrom('app_user')
      .select('archived_at')
      .where('id', '=', archived.id)
      .executeTakeFirstOrThrow();
    expect(unarchived.archived_at).toBeNull();
    // The demo keeps no term in the coming year: no fees, and the answer says why.
    expect(answer.fees).toEqual({ term: null, invoices: [], noFeesReason: 'no-term' });
    const enrolment = await t.db
      .selectFrom('enrolment')
      .select(['class_id', 'started_on', 'ended_on'])
      .where('student_id', '=', answer.studentId)
      .execute();
    expect(enrolment).toEqual([{ class_id: f.classes.KG, started_on: '2027-09-01', ended_on: null }]);
    // That year's seats count the pupil instead of the offer; this year's are as they were.
    expect(await seatsIn(next.id)).toMatchObject({
      enrolled: (before?.enrolled ?? 0) + 1,
      acceptedOffers: 0,
      free: before?.free,
    });
    expect(await seatsIn(await yearId())).toEqual(current);
    // The photo of the application is the pupil's photo, stored as user photos are.
    const photos = await t.db
      .selectFrom('user_photo')
      .select('image')
      .where('user_id', '=', answer.studentId)
      .execute();
    expect(photos).toHaveLength(1);
    expect(photos[0]?.image).toMatch(/^users\/[0-9a-f]{32}\.webp$/);
    expect(await t.app.files.stat(photos[0]?.image ?? '')).toBeDefined();
  });
});
