import { describe, expect, it } from 'vitest';
import { SCHOOL_FORM_ERROR_CODES } from '../../../shared/api/error-codes.js';
import {
  FamilyFormAnswerSchema,
  FamilyFormListSchema,
  FormMailsSentSchema,
  SCHOOL_FORM_MESSAGES,
  SchoolFormAnswerSchema,
  type SchoolFormInput,
  SchoolFormListSchema,
} from '../../../shared/api/school-forms.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { addDaysIso } from '../../../shared/school-time.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { type Caller, callAs, userWithSession, withDemoSchool } from '../../test/school-fixtures.js';
import { createSession } from '../auth/session.js';
import { schoolToday } from '../settings/settings.repository.js';

/**
 * Forms and permission slips (docs/decisions/0099-forms-and-permission-slips.md) on the demo school:
 * the parent's children are student@ (KG) and her brother (Class 2). The tests run in order: a
 * draft, bad input, sending, the audiences, answers and who sees them, the due date, reminders, the
 * CSV, closing.
 */

const TRIP = (classIds: number[], dueOn: string): SchoolFormInput => ({
  title: 'Zoo trip, 12 March',
  description: 'A day at the city zoo; back by 3 pm.',
  classIds,
  dueOn,
  questions: [
    { kind: 'yes-no', prompt: 'May your child come on the trip?', required: true },
    { kind: 'choice', prompt: 'Lunch', required: true, options: ['Packed lunch', 'School lunch'] },
    { kind: 'text', prompt: 'Anything we should know?', required: false },
  ],
});

describe.each(TEST_ENGINES)('forms and permission slips on %s', (engine) => {
  const { t, f } = withDemoSchool(engine);
  type Extra = 'otherGuardian' | 'otherFamily';
  const extra = {} as Record<Extra, { id: number; token: string }>;

  const call = (
    caller: Caller | Extra,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    caller === 'otherGuardian' || caller === 'otherFamily'
      ? t.app.inject({
          method,
          url: `/api${url}`,
          headers: { authorization: `Bearer ${extra[caller].token}` },
          ...(payload !== undefined ? { payload: payload as object } : {}),
        })
      : callAs(t.app, f, caller, {
          method,
          url: `/api${url}`,
          ...(payload !== undefined ? { payload: payload as object } : {}),
        });

  const brother = () => f.children[1];
  const formCount = async () => (await t.db.selectFrom('school_form').select('id').execute()).length;
  const answerCount = async () => (await t.db.selectFrom('school_form_answer').select('id').execute()).length;
  const outboxOf = (kind: string) =>
    t.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject', 'text_body'])
      .where('kind', '=', kind)
      .execute();
  /** Active guardians with an email of the pupils of `classIds`, once each. */
  const guardianEmailsOf = async (classIds: number[]) => {
    const rows = await t.db
      .selectFrom('guardian as g')
      .innerJoin('app_user as p', 'p.id', 'g.parent_id')
      .innerJoin('enrolment as e', 'e.student_id', 'g.student_id')
      .innerJoin('app_user as s', 's.id', 'g.student_id')
      .select('p.email')
      .distinct()
      .where('e.ended_on', 'is', null)
      .where('e.class_id', 'in', classIds)
      .where('p.status', '=', 'active')
      .where('s.status', '=', 'active')
      .where('p.type', '=', USER_TYPE.parent)
      .execute();
    return rows
      .map((row) => row.email)
      .filter((email) => email !== '')
      .sort();
  };
  const teacherOf = async (classId: number) => {
    const row = await t.db
      .selectFrom('class_assignment')
      .select('teacher_id')
      .where('class_id', '=', classId)
      .executeTakeFirstOrThrow();
    return row.teacher_id;
  };

  let today = '';
  let tripId = 0;
  let nurseryId = 0;

  it('sets up a second guardian of the brother and another family', async () => {
    today = await schoolToday(t.db);
    extra.otherGuardian = await userWithSession(t.db, USER_TYPE.parent, 'Omar Second');
    extra.otherFamily = await userWithSession(t.db, USER_TYPE.parent, 'Nadia Elsewhere');
    await t.db
      .insertInto('guardian')
      .values({
        parent_id: extra.otherGuardian.id,
        student_id: brother(),
        relationship: 'Father',
        created_at: today,
      })
      .execute();
    const nurseryPupil = await t.db
      .selectFrom('enrolment')
      .select('student_id')
      .where('class_id', '=', f.classes.Nursery)
      .where('ended_on', 'is', null)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('guardian')
      .values({
        parent_id: extra.otherFamily.id,
        student_id: nurseryPupil.student_id,
        relationship: 'Mother',
        created_at: today,
      })
      .execute();
    await t.db.updateTable('app_user').set({ language: 'fr' }).where('id', '=', f.users.parent).execute();
    expect(await createSession(t.db, extra.otherGuardian.id)).toBeTruthy();
  });

  it('refuses bad drafts with a clear 400 and saves nothing', async () => {
    const before = await formCount();
    const bad: unknown[] = [
      {},
      { ...TRIP([f.classes['Class 2']], addDaysIso(today, 10)), title: '  ' },
      { ...TRIP([], addDaysIso(today, 10)), wholeSchool: false },
      { ...TRIP([f.classes['Class 2']], '2026-02-30') },
      { ...TRIP([f.classes['Class 2']], addDaysIso(today, 10)), questions: [] },
      {
        ...TRIP([f.classes['Class 2']], addDaysIso(today, 10)),
        questions: [{ kind: 'choice', prompt: 'Lunch', options: ['Only one'] }],
      },
      {
        ...TRIP([f.classes['Class 2']], addDaysIso(today, 10)),
        questions: [{ kind: 'yes-no', prompt: 'Come?', options: ['Yes'] }],
      },
      { ...TRIP([f.classes['Class 2'], f.classes['Class 2']], addDaysIso(today, 10)) },
      { ...TRIP([999999], addDaysIso(today, 10)) },
    ];
    for (const body of bad) {
      const res = await call('principal', 'POST', '/school-forms', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    const unknownClass = await call(
      'principal',
      'POST',
      '/school-forms',
      TRIP([999999], addDaysIso(today, 10)),
    );
    expect(unknownClass.json().error.message).toBe(SCHOOL_FORM_MESSAGES.unknownClass);
    expect(await formCount()).toBe(before);
  });

  it('drafts a form the principal alone sees, and changes it while a draft', async () => {
    const created = await call(
      'principal',
      'POST',
      '/school-forms',
      TRIP([f.classes.KG], addDaysIso(today, 10)),
    );
    expect(created.statusCode, created.body).toBe(201);
    const draft = SchoolFormAnswerSchema.parse(created.json()).data;
    tripId = draft.id;
    expect(draft.status).toBe('draft');
    expect(draft.questions.map((q) => [q.id, q.kind])).toEqual([
      [1, 'yes-no'],
      [2, 'choice'],
      [3, 'text'],
    ]);

    const edited = await call(
      'principal',
      'PUT',
      `/school-forms/${tripId}`,
      TRIP([f.classes['Class 2']], addDaysIso(today, 10)),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(SchoolFormAnswerSchema.parse(edited.json()).data.classes.map((c) => c.name)).toEqual(['Class 2']);

    const teacher = await teacherOf(f.classes['Class 2']);
    const teacherToken = await createSession(t.db, teacher);
    const teacherList = await t.app.inject({
      method: 'GET',
      url: '/api/school-forms',
      headers: { authorization: `Bearer ${teacherToken}` },
    });
    expect(SchoolFormListSchema.parse(teacherList.json()).data.some((form) => form.id === tripId)).toBe(
      false,
    );
    expect((await call('parent', 'GET', `/family/school-forms/${tripId}`)).statusCode).toBe(404);
    const parentList = FamilyFormListSchema.parse(
      (await call('parent', 'GET', '/family/school-forms')).json(),
    );
    expect(parentList.data.some((form) => form.id === tripId)).toBe(false);
    // Only the principal writes.
    expect(
      (await call('teacher', 'PUT', `/school-forms/${tripId}`, TRIP([f.classes.KG], today))).statusCode,
    ).toBe(403);
    expect((await call('parent', 'POST', `/school-forms/${tripId}/send`)).statusCode).toBe(403);
  });

  it('sends it: one mail per guardian of the audience, in their language; then it is fixed', async () => {
    const expected = await guardianEmailsOf([f.classes['Class 2']]);
    const sent = await call('principal', 'POST', `/school-forms/${tripId}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(FormMailsSentSchema.parse(sent.json()).data.emailed).toBe(expected.length);
    const mails = await outboxOf('school-form');
    expect(mails.map((mail) => mail.to_address).sort()).toEqual(expected);
    const parentEmail = 'parent@demo.school';
    const parentMail = mails.find((mail) => mail.to_address === parentEmail);
    // The demo parent reads French: the mail is in French and names only the child the form is for.
    expect(parentMail?.subject).toBe('Formulaire à remplir : Zoo trip, 12 March');
    expect(parentMail?.text_body).toContain('Bonjour');
    // The link opens the form's page in the app.
    expect(parentMail?.text_body).toContain(`/school-forms?form=${tripId}`);

    for (const [method, url] of [
      ['PUT', `/school-forms/${tripId}`],
      ['POST', `/school-forms/${tripId}/send`],
      ['DELETE', `/school-forms/${tripId}`],
    ] as const) {
      const res = await call(
        'principal',
        method,
        url,
        method === 'PUT' ? TRIP([f.classes.KG], today) : undefined,
      );
      expect(res.statusCode, url).toBe(409);
      expect(res.json().error.code).toBe(SCHOOL_FORM_ERROR_CODES.notDraft);
    }
    expect((await outboxOf('school-form')).length).toBe(expected.length);
  });

  it('goes to the families of its audience only: another family or class is a 404', async () => {
    const nursery = await call(
      'principal',
      'POST',
      '/school-forms',
      TRIP([f.classes.Nursery], addDaysIso(today, 5)),
    );
    nurseryId = SchoolFormAnswerSchema.parse(nursery.json()).data.id;
    expect((await call('principal', 'POST', `/school-forms/${nurseryId}/send`)).statusCode).toBe(200);

    const list = FamilyFormListSchema.parse((await call('parent', 'GET', '/family/school-forms')).json());
    const trip = list.data.find((form) => form.id === tripId);
    expect(trip?.children.map((child) => child.studentId)).toEqual([brother()]);
    expect(list.data.some((form) => form.id === nurseryId)).toBe(false);
    expect((await call('parent', 'GET', `/family/school-forms/${nurseryId}`)).statusCode).toBe(404);
    expect((await call('otherFamily', 'GET', `/family/school-forms/${tripId}`)).statusCode).toBe(404);
    const other = FamilyFormListSchema.parse(
      (await call('otherFamily', 'GET', '/family/school-forms')).json(),
    );
    expect(other.data.map((form) => form.id)).toContain(nurseryId);
    expect(other.data.map((form) => form.id)).not.toContain(tripId);

    // The whole school: both of the parent's children.
    const whole = await call('principal', 'POST', '/school-forms', {
      ...TRIP([], addDaysIso(today, 3)),
      title: 'Photo day',
      wholeSchool: true,
    });
    const wholeId = SchoolFormAnswerSchema.parse(whole.json()).data.id;
    await call('principal', 'POST', `/school-forms/${wholeId}/send`);
    const both = FamilyFormAnswerSchema.parse(
      (await call('parent', 'GET', `/family/school-forms/${wholeId}`)).json(),
    );
    expect(both.data.children.map((child) => child.studentId).sort()).toEqual([...f.children].sort());
    // Open forms first, soonest due first.
    const order = FamilyFormListSchema.parse(
      (await call('parent', 'GET', '/family/school-forms')).json(),
    ).data;
    const ours = order.filter((form) => [wholeId, tripId].includes(form.id)).map((form) => form.id);
    expect(ours).toEqual([wholeId, tripId]);
  });

  const goodAnswer = (signedName = 'Maria Parent') => ({
    signedName,
    answers: [
      { questionId: 1, value: true },
      { questionId: 2, value: 'Packed lunch' },
      { questionId: 3, value: 'Allergic to peanuts, bring, the "pen"' },
    ],
  });

  it('refuses answers for another child or a bad answer, saving nothing', async () => {
    const before = await answerCount();
    // student@ is in KG: the trip is not for her; a pupil of another family is not the parent's.
    expect(
      (await call('parent', 'PUT', `/family/school-forms/${tripId}/children/${f.children[0]}`, goodAnswer()))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('otherFamily', 'PUT', `/family/school-forms/${tripId}/children/${brother()}`, goodAnswer()))
        .statusCode,
    ).toBe(404);
    const bad = [
      { ...goodAnswer(), signedName: ' ' },
      { ...goodAnswer(), answers: [{ questionId: 2, value: 'Packed lunch' }] },
      {
        ...goodAnswer(),
        answers: [
          { questionId: 1, value: 'yes' },
          { questionId: 2, value: 'Packed lunch' },
        ],
      },
      {
        ...goodAnswer(),
        answers: [
          { questionId: 1, value: true },
          { questionId: 2, value: 'Caviar' },
        ],
      },
      { ...goodAnswer(), answers: [...goodAnswer().answers, { questionId: 9, value: true }] },
      { signedName: 'X' },
    ];
    for (const body of bad) {
      const res = await call('parent', 'PUT', `/family/school-forms/${tripId}/children/${brother()}`, body);
      expect(res.statusCode, res.body).toBe(400);
    }
    expect(await answerCount()).toBe(before);
  });

  it('shows the answers to the school and the answering guardian only', async () => {
    const answered = await call(
      'parent',
      'PUT',
      `/family/school-forms/${tripId}/children/${brother()}`,
      goodAnswer('=HYPERLINK("x")'),
    );
    expect(answered.statusCode, answered.body).toBe(200);
    const mine = FamilyFormAnswerSchema.parse(answered.json()).data.children[0]?.answer;
    expect(mine).toMatchObject({ byMe: true, signedName: '=HYPERLINK("x")' });
    expect(mine?.answers).toEqual(goodAnswer().answers);

    // The brother's other guardian: who and when, not what.
    const seenRes = await call('otherGuardian', 'GET', `/family/school-forms/${tripId}`);
    expect(seenRes.body).not.toContain('peanuts');
    const seen = FamilyFormAnswerSchema.parse(seenRes.json());
    const theirs = seen.data.children[0]?.answer;
    expect(theirs?.byMe).toBe(false);
    expect(theirs?.parentName).toBeTruthy();
    expect(theirs?.answeredAt).toBe(mine?.answeredAt);
    expect(theirs?.signedName).toBeNull();
    expect(theirs?.answers).toBeNull();

    // The school: the principal, and the class's teacher reading; a teacher of other classes: 404.
    const detail = SchoolFormAnswerSchema.parse(
      (await call('principal', 'GET', `/school-forms/${tripId}`)).json(),
    ).data;
    const row = detail.pupils.find((pupil) => pupil.studentId === brother());
    expect(row?.answer?.answers).toEqual(goodAnswer().answers);
    expect(detail.mayManage).toBe(true);
    const teacherToken = await createSession(t.db, await teacherOf(f.classes['Class 2']));
    const asTeacher = await t.app.inject({
      method: 'GET',
      url: `/api/school-forms/${tripId}`,
      headers: { authorization: `Bearer ${teacherToken}` },
    });
    expect(asTeacher.statusCode).toBe(200);
    const teacherView = SchoolFormAnswerSchema.parse(asTeacher.json()).data;
    expect(teacherView.mayManage).toBe(false);
    expect(teacherView.pupils.find((pupil) => pupil.studentId === brother())?.answer?.signedName).toBe(
      '=HYPERLINK("x")',
    );
    const outsider = await userWithSession(t.db, USER_TYPE.teacher, 'Tess Outsider');
    const asOutsider = await t.app.inject({
      method: 'GET',
      url: `/api/school-forms/${tripId}`,
      headers: { authorization: `Bearer ${outsider.token}` },
    });
    expect(asOutsider.statusCode).toBe(404);
    // A pupil's own account is not the school nor a guardian.
    expect((await call('student', 'GET', '/family/school-forms')).statusCode).toBe(403);
    expect((await call('student', 'GET', `/school-forms/${tripId}`)).statusCode).toBe(403);

    // The other guardian answers again: the answer is now theirs, and the first guardian sees only who.
    const replaced = await call(
      'otherGuardian',
      'PUT',
      `/family/school-forms/${tripId}/children/${brother()}`,
      goodAnswer('Omar Second'),
    );
    expect(replaced.statusCode).toBe(200);
    const first = FamilyFormAnswerSchema.parse(
      (await call('parent', 'GET', `/family/school-forms/${tripId}`)).json(),
    );
    expect(first.data.children[0]?.answer).toMatchObject({
      byMe: false,
      parentName: 'Omar Second',
      answers: null,
    });
    expect(
      await t.db.selectFrom('school_form_answer').select('id').where('form_id', '=', tripId).execute(),
    ).toHaveLength(1);
    // Back to the demo parent's answer, for the CSV below.
    await call(
      'parent',
      'PUT',
      `/family/school-forms/${tripId}/children/${brother()}`,
      goodAnswer('=HYPERLINK("x")'),
    );
  });

  it('counts answered and not answered, and reminds the rest once per click', async () => {
    const list = SchoolFormListSchema.parse((await call('principal', 'GET', '/school-forms')).json());
    const trip = list.data.find((form) => form.id === tripId);
    const pupils = (
      await t.db
        .selectFrom('enrolment as e')
        .innerJoin('app_user as s', 's.id', 'e.student_id')
        .select('s.id')
        .where('e.class_id', '=', f.classes['Class 2'])
        .where('e.ended_on', 'is', null)
        .where('s.status', '=', 'active')
        .execute()
    ).length;
    expect(trip).toMatchObject({ pupils, answered: 1, status: 'sent' });

    // Every guardian of Class 2 but the brother's (he has answered).
    const brothers = await t.db
      .selectFrom('guardian as g')
      .innerJoin('app_user as p', 'p.id', 'g.parent_id')
      .select('p.email')
      .where('g.student_id', '=', brother())
      .execute();
    const answeredFor = new Set(brothers.map((row) => row.email));
    const expected = (await guardianEmailsOf([f.classes['Class 2']])).filter(
      (email) => !answeredFor.has(email),
    );
    const first = FormMailsSentSchema.parse(
      (await call('principal', 'POST', `/school-forms/${tripId}/reminders`)).json(),
    );
    expect(first.data).toEqual({ emailed: expected.length, remindedToday: false });
    const second = FormMailsSentSchema.parse(
      (await call('principal', 'POST', `/school-forms/${tripId}/reminders`)).json(),
    );
    expect(second.data).toEqual({ emailed: expected.length, remindedToday: true });
    const reminders = await outboxOf('school-form-reminder');
    expect(reminders.some((mail) => mail.to_address === 'parent@demo.school')).toBe(false);
  });

  it('downloads the answers as CSV, one row per pupil, safe for spreadsheets', async () => {
    const res = await call('principal', 'GET', `/school-forms/${tripId}/answers.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(`form-${tripId}-answers.csv`);
    // The principal reads English: the header in English, then the questions.
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter((line) => line !== '');
    expect(lines[0]).toBe(
      'Class,Pupil,Answered by,Signed name,When,May your child come on the trip?,Lunch,Anything we should know?',
    );
    const detail = SchoolFormAnswerSchema.parse(
      (await call('principal', 'GET', `/school-forms/${tripId}`)).json(),
    ).data;
    expect(lines).toHaveLength(detail.pupils.length + 1);
    const answered = lines.find((line) => line.includes('HYPERLINK'));
    // The formula is quoted text; the comma and quotes of the free text are escaped.
    expect(answered).toContain(`"'=HYPERLINK(""x"")"`);
    expect(answered).toContain(',Yes,Packed lunch,"Allergic to peanuts, bring, the ""pen"""');
    expect((await call('teacher', 'GET', `/school-forms/${tripId}/answers.csv`)).statusCode).toBe(403);
    expect((await call('principal', 'GET', '/school-forms/999999/answers.csv')).statusCode).toBe(404);
  });

  it('takes no answer after the due date or once closed (409), keeping the last', async () => {
    await t.db
      .updateTable('school_form')
      .set({ due_on: addDaysIso(today, -1) })
      .where('id', '=', tripId)
      .execute();
    const late = await call(
      'parent',
      'PUT',
      `/family/school-forms/${tripId}/children/${brother()}`,
      goodAnswer('Too Late'),
    );
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe(SCHOOL_FORM_ERROR_CODES.notOpen);
    const form = FamilyFormAnswerSchema.parse(
      (await call('parent', 'GET', `/family/school-forms/${tripId}`)).json(),
    ).data;
    expect(form.open).toBe(false);
    expect(form.children[0]?.answer?.signedName).toBe('=HYPERLINK("x")');

    await t.db
      .updateTable('school_form')
      .set({ due_on: addDaysIso(today, 10) })
      .where('id', '=', tripId)
      .execute();
    const closed = await call('principal', 'POST', `/school-forms/${tripId}/close`);
    expect(closed.statusCode).toBe(200);
    expect(SchoolFormAnswerSchema.parse(closed.json()).data.status).toBe('closed');
    const afterClose = await call(
      'parent',
      'PUT',
      `/family/school-forms/${tripId}/children/${brother()}`,
      goodAnswer(),
    );
    expect(afterClose.statusCode).toBe(409);
    for (const action of ['close', 'reminders'] as const) {
      const again = await call('principal', 'POST', `/school-forms/${tripId}/${action}`);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe(SCHOOL_FORM_ERROR_CODES.notSent);
    }
  });

  it('deletes a draft, and nothing else', async () => {
    const draft = await call(
      'principal',
      'POST',
      '/school-forms',
      TRIP([f.classes.KG], addDaysIso(today, 3)),
    );
    const id = SchoolFormAnswerSchema.parse(draft.json()).data.id;
    expect((await call('principal', 'DELETE', `/school-forms/${id}`)).statusCode).toBe(204);
    expect((await call('principal', 'GET', `/school-forms/${id}`)).statusCode).toBe(404);
    expect((await call('principal', 'DELETE', `/school-forms/${nurseryId}`)).statusCode).toBe(409);
  });
});
