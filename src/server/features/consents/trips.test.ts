import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ConsentsAnswerSchema } from '../../../shared/api/consents.js';
import { RegisterAnswerSchema } from '../../../shared/api/family.js';
import { FamilyExportAnswerSchema } from '../../../shared/api/family-export.js';
import {
  SCHOOL_FORM_MESSAGES,
  SchoolFormAnswerSchema,
  type SchoolFormInput,
  SchoolFormListSchema,
} from '../../../shared/api/school-forms.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { RETENTION_KINDS, type RetentionPeriods } from '../../../shared/rules/retention.js';
import { addDaysIso } from '../../../shared/school-time.js';
import { NO_OUTINGS_PUPIL } from '../../demo/care.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { insertPerson } from '../../test/fee-rows.js';
import { type Caller, callAs, withDemoSchool } from '../../test/school-fixtures.js';
import type { ArchiveData } from '../family-export/archive.js';
import { FamilyExportBuilder } from '../family-export/export-builder.js';
import { purgeChild } from '../retention/retention.service.js';
import { schoolToday } from '../settings/settings.repository.js';
import { childConsents, recordChildConsents, recordTripConsent } from './consents.repository.js';

/**
 * Trips in the consent ledger (docs/decisions/0115-trips-in-the-consent-ledger.md), on the demo
 * school: the standing consent to local outings (given for every demo pupil but Noah Kim, Nursery), and
 * the demo's KG farm trip permission slip, a trip form the demo parent (Kofi Rahman, guardian of
 * student@ Aisha in KG) has not answered yet. The tests run in order.
 */
describe.each(TEST_ENGINES)('trips in the consent ledger (%s)', (engine) => {
  const { t, f } = withDemoSchool(engine);
  const call = (caller: Caller, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    callAs(t.app, f, caller, {
      method,
      url: `/api${url}`,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const aisha = () => f.users.student;
  const consents = async (id = aisha()) => {
    const res = await call('parent', 'GET', `/pupils/${id}/consents`);
    expect(res.statusCode, res.body).toBe(200);
    return ConsentsAnswerSchema.parse(res.json()).data;
  };
  const register = async (caller: Caller = 'teacher', classId = f.classes.KG) => {
    const res = await call(caller, 'GET', `/classes/${classId}/register`);
    expect(res.statusCode, res.body).toBe(200);
    return RegisterAnswerSchema.parse(res.json()).data;
  };
  const entriesOf = (studentId: number) =>
    t.db
      .selectFrom('consent_entry')
      .selectAll()
      .where('student_id', '=', studentId)
      .orderBy('id', 'desc')
      .execute();
  const schoolVersion = async () =>
    Number(
      (
        await t.db
          .selectFrom('answer_version')
          .select('version')
          .where('key', '=', 'school')
          .executeTakeFirst()
      )?.version ?? 0,
    );
  const farmTrip = async () =>
    (
      await t.db
        .selectFrom('school_form')
        .select(['id', 'title'])
        .where('trip', '=', 1)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  const answerSlip = (
    formId: number,
    studentId: number,
    mayGo: boolean | undefined,
    caller: Caller = 'parent',
  ) =>
    call(caller, 'PUT', `/family/school-forms/${formId}/children/${studentId}`, {
      signedName: 'Kofi Rahman',
      answers: [
        ...(mayGo === undefined ? [] : [{ questionId: 1, value: mayGo }]),
        { questionId: 2, value: 'School packed lunch' },
      ],
    });
  const staffView = async (formId: number, caller: Caller = 'principal') => {
    const res = await call(caller, 'GET', `/school-forms/${formId}`);
    expect(res.statusCode, res.body).toBe(200);
    return SchoolFormAnswerSchema.parse(res.json()).data;
  };
  const mayGoOf = async (formId: number, studentId: number, caller: Caller = 'principal') =>
    (await staffView(formId, caller)).pupils.find((pupil) => pupil.studentId === studentId)?.mayGo;

  it('gives and withdraws the standing consent to local outings through POST pupils/{id}/consents', async () => {
    const before = await consents();
    expect(before.current.outings).toBe(true);
    expect(before.history.find((entry) => entry.kind === 'outings')).toMatchObject({
      given: true,
      how: 'paper',
      schoolForm: null,
    });

    const withdrawn = await call('parent', 'POST', `/pupils/${aisha()}/consents`, {
      kind: 'outings',
      given: false,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const after = ConsentsAnswerSchema.parse(withdrawn.json()).data;
    expect(after.current).toEqual({ ...before.current, outings: false });
    expect(after.history[0]).toMatchObject({ kind: 'outings', given: false, by: 'Kofi Rahman', how: 'app' });
    // The care document's photo consents are the photo kinds alone.
    const care = await call('parent', 'GET', `/pupils/${aisha()}/care`);
    expect(Object.keys(care.json().data.details.photoConsent).sort()).toEqual([
      'otherFamilies',
      'ownFamily',
      'website',
    ]);
    // A class teacher reads it, and may not change it.
    const teacher = await call('teacher', 'POST', `/pupils/${aisha()}/consents`, {
      kind: 'outings',
      given: true,
    });
    expect(teacher.statusCode).toBe(403);

    const paper = await call('principal', 'POST', `/pupils/${aisha()}/consents`, {
      kind: 'outings',
      given: true,
      fromPaper: true,
    });
    expect(paper.statusCode, paper.body).toBe(200);
    expect(ConsentsAnswerSchema.parse(paper.json()).data.history[0]).toMatchObject({
      kind: 'outings',
      given: true,
      how: 'paper',
    });
    // A trip is not a standing consent: it is given on its slip, not here.
    expect(
      (await call('parent', 'POST', `/pupils/${aisha()}/consents`, { kind: 'trip', given: true })).statusCode,
    ).toBe(400);
  });

  it('marks on the class register the children without the consent to local outings, from the ledger', async () => {
    // The demo's one child without it, in teacher@'s own class.
    const nursery = await register('teacher', f.classes.Nursery);
    expect(nursery.filter((row) => !row.outings).map((row) => row.studentName)).toEqual([NO_OUTINGS_PUPIL]);
    const rows = await register();
    expect(rows.find((row) => row.studentId === aisha())?.outings).toBe(true);
    expect(rows.every((row) => row.outings)).toBe(true);

    await call('parent', 'POST', `/pupils/${aisha()}/consents`, { kind: 'outings', given: false });
    expect((await register()).find((row) => row.studentId === aisha())?.outings).toBe(false);
    // The principal's register says the same; an earlier day shows the consent as it is now.
    const earlier = await call(
      'principal',
      'GET',
      `/classes/${f.classes.KG}/register?date=${addDaysIso(await schoolToday(t.db), -3)}`,
    );
    expect(
      RegisterAnswerSchema.parse(earlier.json()).data.find((row) => row.studentId === aisha())?.outings,
    ).toBe(false);
    await call('parent', 'POST', `/pupils/${aisha()}/consents`, { kind: 'outings', given: true });
    expect((await register('principal')).find((row) => row.studentId === aisha())?.outings).toBe(true);
  });

  it('appends a guardian’s yes to a trip slip to the ledger with the answer, and the slip’s page reads who may go from it', async () => {
    const formId = await farmTrip();
    const view = await staffView(formId);
    expect(view.trip).toBe(true);
    expect(view.pupils.length).toBeGreaterThan(1);
    expect(view.pupils.every((pupil) => pupil.mayGo === null)).toBe(true);
    const entries = (await entriesOf(aisha())).length;
    const version = await schoolVersion();

    // A slip without question 1's answer is refused whole: no answer, no entry.
    expect((await answerSlip(formId, aisha(), undefined)).statusCode).toBe(400);
    expect(await entriesOf(aisha())).toHaveLength(entries);

    const yes = await answerSlip(formId, aisha(), true);
    expect(yes.statusCode, yes.body).toBe(200);
    const [entry] = await entriesOf(aisha());
    expect(entry).toMatchObject({
      kind: 'trip',
      given: 1,
      how: 'school-form',
      school_form_id: formId,
      by_user: f.users.parent,
      by_name: 'Kofi Rahman',
    });
    // The entry is dated with the answer, in its transaction.
    const answer = await t.db
      .selectFrom('school_form_answer')
      .select('answered_at')
      .where('form_id', '=', formId)
      .where('student_id', '=', aisha())
      .executeTakeFirstOrThrow();
    expect(entry?.at).toBe(answer.answered_at);
    expect(await schoolVersion()).toBeGreaterThan(version);

    expect(await mayGoOf(formId, aisha())).toBe(true);
    // The class teacher's view of the slip reads the same ledger.
    expect(await mayGoOf(formId, aisha(), 'teacher')).toBe(true);
    const history = await consents();
    expect(history.history[0]).toMatchObject({
      kind: 'trip',
      given: true,
      how: 'school-form',
      by: 'Kofi Rahman',
      schoolForm: { id: formId, title: 'KG farm trip: permission slip' },
    });
    // A trip's consent is its own: the standing outings consent is as it was.
    expect(history.current.outings).toBe(true);

    // Signed again with the same yes: nothing new in the ledger.
    expect((await answerSlip(formId, aisha(), true)).statusCode).toBe(200);
    expect(await entriesOf(aisha())).toHaveLength(entries + 1);
  });

  it('appends a changed answer again, and a no keeps the child home', async () => {
    const formId = await farmTrip();
    const entries = (await entriesOf(aisha())).length;
    const no = await answerSlip(formId, aisha(), false);
    expect(no.statusCode, no.body).toBe(200);
    const [latest] = await entriesOf(aisha());
    expect(latest).toMatchObject({ kind: 'trip', given: 0, school_form_id: formId, how: 'school-form' });
    expect(await entriesOf(aisha())).toHaveLength(entries + 1);
    expect(await mayGoOf(formId, aisha())).toBe(false);
    const view = await staffView(formId);
    expect(view.pupils.filter((pupil) => pupil.mayGo === true)).toHaveLength(0);

    expect((await answerSlip(formId, aisha(), true)).statusCode).toBe(200);
    expect(await mayGoOf(formId, aisha())).toBe(true);
    expect(await entriesOf(aisha())).toHaveLength(entries + 2);
  });

  it('asks a trip slip for a required yes or no first; a form that is not a trip adds nothing to the ledger', async () => {
    const today = await schoolToday(t.db);
    const slip = (trip: boolean, first: SchoolFormInput['questions'][number]): SchoolFormInput => ({
      title: 'Museum visit',
      classIds: [f.classes['Class 2']],
      dueOn: addDaysIso(today, 7),
      trip,
      questions: [first, { kind: 'text', prompt: 'Anything else?', required: false }],
    });
    const notPermissions: SchoolFormInput['questions'] = [
      { kind: 'choice', prompt: 'May your child come?', options: ['Yes', 'No'] },
      { kind: 'yes-no', prompt: 'May your child come?', required: false },
    ];
    for (const first of notPermissions) {
      const refused = await call('principal', 'POST', '/school-forms', slip(true, first));
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.body).toContain(SCHOOL_FORM_MESSAGES.tripQuestion);
    }
    const made = await call(
      'principal',
      'POST',
      '/school-forms',
      slip(true, { kind: 'yes-no', prompt: 'May your child come?' }),
    );
    expect(made.statusCode, made.body).toBe(201);
    const trip = SchoolFormAnswerSchema.parse(made.json()).data;
    expect(trip.trip).toBe(true);
    const list = SchoolFormListSchema.parse((await call('principal', 'GET', '/school-forms')).json()).data;
    expect(list.find((form) => form.id === trip.id)?.trip).toBe(true);

    // The same questions without the trip mark: a questionnaire, whose answers stay off the ledger.
    const plain = SchoolFormAnswerSchema.parse(
      (
        await call(
          'principal',
          'POST',
          '/school-forms',
          slip(false, { kind: 'yes-no', prompt: 'Would you help at the museum?' }),
        )
      ).json(),
    ).data;
    expect(plain.trip).toBe(false);
    expect((await call('principal', 'POST', `/school-forms/${plain.id}/send`)).statusCode).toBe(200);
    const brother = f.children[1];
    const entries = (await entriesOf(brother)).length;
    const answered = await call('parent', 'PUT', `/family/school-forms/${plain.id}/children/${brother}`, {
      signedName: 'Kofi Rahman',
      answers: [{ questionId: 1, value: true }],
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(await entriesOf(brother)).toHaveLength(entries);
    expect((await staffView(plain.id)).pupils.every((pupil) => pupil.mayGo === null)).toBe(true);
  });

  it('puts the trip and outings entries in the family’s archive, with the slip they name', async () => {
    const formId = await farmTrip();
    const asked = await call('parent', 'POST', `/pupils/${aisha()}/data-export`);
    expect(asked.statusCode, asked.body).toBe(201);
    const request = FamilyExportAnswerSchema.parse(asked.json()).data;
    const builder = new FamilyExportBuilder(
      { db: t.db, files: t.app.files, mail: t.appConfig.mail, log: t.app.log },
      0,
    );
    expect((await builder.runDue()).built).toEqual([request.id]);
    const stored = await t.db
      .selectFrom('family_export')
      .select('file_path')
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    const files = unzipSync(new Uint8Array((await t.app.files.read(stored.file_path ?? '')) as Buffer));
    const data = JSON.parse(strFromU8(files['data.json'] as Uint8Array)) as ArchiveData;
    const archived = data.tables.consent_entry;
    expect(archived).toHaveLength((await entriesOf(aisha())).length);
    expect(
      archived.filter((row) => row.kind === 'trip').map((row) => [row.given, row.school_form_id]),
    ).toEqual([
      [1, formId],
      [0, formId],
      [1, formId],
    ]);
    expect(archived.some((row) => row.kind === 'outings')).toBe(true);
    const summary = strFromU8(files['summary.html'] as Uint8Array);
    expect(summary).toContain('<th scope="col">school_form_id</th>');
    expect(summary).toContain('<td>school-form</td>');
    expect(summary).toContain('<td>outings</td>');
  });

  it('retention forgets the photo consents with the photos, the trip and outings consents with the forms’ answers', async () => {
    const formId = await farmTrip();
    const leaver = await insertPerson(
      t.db,
      USER_TYPE.student,
      'Lea Leaver',
      `trips-leaver-${engine}@test.school`,
    );
    const by = { id: f.users.principal, name: 'Pat Principal' };
    await t.db.transaction().execute(async (trx) => {
      await recordChildConsents(trx, {
        studentId: leaver,
        wanted: { website: true, ownFamily: true, otherFamilies: true, outings: true },
        by,
        how: 'paper',
        at: '2024-06-01T09:00:00.000Z',
      });
      await recordTripConsent(trx, {
        studentId: leaver,
        formId,
        given: true,
        by,
        at: '2024-06-02T09:00:00.000Z',
      });
    });
    const kinds = async () => (await entriesOf(leaver)).map((row) => row.kind).sort();
    expect(await kinds()).toEqual(['otherFamilies', 'outings', 'ownFamily', 'trip', 'website']);
    const keepAll = Object.fromEntries(RETENTION_KINDS.map((kind) => [kind, 240])) as RetentionPeriods;
    const child = { id: leaver, name: 'Lea Leaver', leftOn: '2024-07-01' };

    await purgeChild(t.db, t.app.files, child, { ...keepAll, photos: 0 }, '2026-12-01');
    expect(await kinds()).toEqual(['outings', 'trip']);
    expect((await childConsents(t.db, [leaver])).get(leaver)?.outings).toBe(true);
    const forms = await purgeChild(t.db, t.app.files, child, { ...keepAll, forms: 0 }, '2026-12-01');
    expect(forms.rows.forms).toBe(2);
    expect(await kinds()).toEqual([]);
  });
});
