import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SCHOOL_FORM_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import { IdParamsSchema } from '../../../shared/api/ids.js';
import {
  answerProblems,
  FamilyFormAnswerSchema,
  FamilyFormListSchema,
  FormAnswerInputSchema,
  FormChildParamsSchema,
  FormMailsSentSchema,
  formIsOpen,
  keptAnswers,
  SCHOOL_FORM_MESSAGES,
  SchoolFormAnswerSchema,
  SchoolFormInputSchema,
  SchoolFormListSchema,
  tripAnswerOf,
} from '../../../shared/api/school-forms.js';
import { USER_TYPE } from '../../../shared/constants.js';
import type { MessageKey } from '../../../shared/i18n/message-keys.js';
import { toCsv } from '../../lib/csv.js';
import { conflict, invalid, notFound } from '../../lib/errors.js';
import { translatorFor } from '../../lib/i18n.js';
import { CHECKED, DENIED, NO_CONTENT, schoolRouting } from '../../lib/school-routes.js';
import { nowIso } from '../../lib/time.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import { recordRequestAccess } from '../access-log/record-access.js';
import { recordTripConsent } from '../consents/consents.repository.js';
import type { Viewer } from '../school/school.policy.js';
import { schoolTimeZone, schoolToday, userLocale } from '../settings/settings.repository.js';
import { familyChildrenOf, ownChildren, staffAccess, staffForms } from './school-forms.policy.js';
import {
  allForms,
  audiencePupils,
  deleteDraft,
  existingClassIds,
  type FormFields,
  findForm,
  insertDraft,
  markReminded,
  moveStatus,
  type StoredForm,
  saveAnswer,
  updateDraft,
  userName,
} from './school-forms.repository.js';
import {
  familyForms,
  formDetail,
  formSummaries,
  mailGuardians,
  remindedOn,
  unansweredPupils,
} from './school-forms.service.js';

/**
 * Forms and permission slips (docs/decisions/0099-forms-and-permission-slips.md; bodies and answers:
 * src/shared/api/school-forms.ts; who sees what: school-forms.policy.ts). The school's calls are
 * under `school-forms`, the family's under `family/school-forms`.
 */

const TAGS = ['School forms'];
const M = SCHOOL_FORM_MESSAGES;
const THAT_FORM = 'That form';

/** The columns of `GET school-forms/:id/answers.csv` before one per question: their headers' keys. */
const CSV_HEADERS = [
  'school-forms.csv.class',
  'school-forms.csv.pupil',
  'school-forms.csv.answeredBy',
  'school-forms.csv.signedName',
  'school-forms.csv.answeredAt',
] as const satisfies readonly MessageKey[];

/** The principal's body as the repository writes it; 400 (nothing written) for a class that is not there. */
async function formFields(
  app: FastifyInstance,
  body: z.output<typeof SchoolFormInputSchema>,
): Promise<FormFields> {
  const classIds = body.wholeSchool ? [] : body.classIds;
  const known = await existingClassIds(app.db, classIds);
  const unknown = classIds.findIndex((id) => !known.has(id));
  if (unknown !== -1)
    throw invalid(M.unknownClass, [{ field: `classIds.${unknown}`, message: M.unknownClass }]);
  return {
    title: body.title,
    description: body.description,
    wholeSchool: body.wholeSchool,
    classIds,
    dueOn: body.dueOn,
    questions: body.questions,
    trip: body.trip,
  };
}

export async function schoolFormsRoutes(app: FastifyInstance): Promise<void> {
  const { api, staff, principal } = schoolRouting(app);
  const parent = app.requireTypes(USER_TYPE.parent);

  /** The form a member of staff may see, with what they see of it; else the 404 of an unknown id. */
  async function staffForm(viewer: Viewer, id: number) {
    const form = await findForm(app.db, id);
    const access = form ? await staffAccess(app.db, viewer, form) : undefined;
    if (!form || !access) throw notFound(THAT_FORM);
    return { form, access };
  }

  /** The principal's form in `status`; 404 when there is none, 409 `code` when it is in another. */
  async function principalForm(id: number, status: StoredForm['status'], code: 'notDraft' | 'notSent') {
    const form = await findForm(app.db, id);
    if (!form) throw notFound(THAT_FORM);
    if (form.status !== status) throw conflict(SCHOOL_FORM_ERROR_CODES[code], M[code]);
    return form;
  }

  async function detailOf(viewer: Viewer, id: number) {
    const { form, access } = await staffForm(viewer, id);
    return { data: await formDetail(app.db, form, access, await schoolToday(app.db)) };
  }

  api.get(
    '/school-forms',
    {
      onRequest: staff,
      schema: {
        tags: TAGS,
        summary: 'The school’s forms, with how many pupils have and have not answered',
        description:
          'The principal: every form, drafts too, newest first. A teacher: the sent and closed forms for ' +
          'classes they teach, counted over those classes’ pupils.',
        security: BEARER_AUTH,
        response: { 200: SchoolFormListSchema, ...DENIED },
      },
    },
    async (request) => {
      const viewer = currentUser(request);
      const forms = await staffForms(app.db, viewer, await allForms(app.db));
      const accesses = new Map(
        await Promise.all(
          forms.map(async (form) => [form.id, await staffAccess(app.db, viewer, form)] as const),
        ),
      );
      const today = await schoolToday(app.db);
      return {
        data: await formSummaries(
          app.db,
          forms,
          (form) => accesses.get(form.id) ?? { classIds: new Set(), mayManage: false },
          today,
        ),
      };
    },
  );

  api.post(
    '/school-forms',
    {
      onRequest: principal,
      schema: {
        tags: TAGS,
        summary: 'Draft a form',
        description:
          'A title, an optional description, the audience (`wholeSchool`, or `classIds`), a due date and ' +
          'from 1 to 30 questions (yes/no, one choice of 2 to 10 options, free text; each required or ' +
          'not). The questions are numbered 1, 2, ... in order. Nothing is mailed until it is sent. ' +
          '`trip`: a trip permission slip, whose question 1 must be a required yes/no asking whether the ' +
          'child may go; each answer to it is kept as the child’s consent to the trip in the consent ledger.',
        security: BEARER_AUTH,
        body: SchoolFormInputSchema,
        response: { 201: SchoolFormAnswerSchema, ...CHECKED },
      },
    },
    async (request, reply) => {
      const viewer = currentUser(request);
      const fields = await formFields(app, request.body);
      const id = await app.db.transaction().execute((trx) => insertDraft(trx, fields, viewer.id, nowIso()));
      return reply.code(201).send(await detailOf(viewer, id));
    },
  );

  api.get(
    '/school-forms/:id',
    {
      onRequest: staff,
      schema: {
        tags: TAGS,
        summary: 'A form with every pupil of its audience, answered or not, and the answers',
        description:
          'The pupils are the audience’s now (the classes’ current pupils, or every pupil), by class and ' +
          'name, and any pupil who answered before leaving it. A teacher sees a sent or closed form for ' +
          'a class they teach, with those classes’ pupils only; any other form is 404. A trip slip: each ' +
          'pupil’s `mayGo` is the consent ledger’s latest trip entry for the form (null: none yet).',
        security: BEARER_AUTH,
        params: IdParamsSchema,
        response: { 200: SchoolFormAnswerSchema, ...CHECKED },
      },
    },
    async (request) => detailOf(currentUser(request), request.params.id),
  );

  api.put(
    '/school-forms/:id',
    {
      onRequest: principal,
      schema: {
        tags: TAGS,
        summary: 'Change a draft form',
        description: 'The whole form, as when drafting. 409 `FORM_NOT_DRAFT` once it was sent.',
        security: BEARER_AUTH,
        params: IdParamsSchema,
        body: SchoolFormInputSchema,
        response: { 200: SchoolFormAnswerSchema, ...CHECKED, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      await principalForm(request.params.id, 'draft', 'notDraft');
      const fields = await formFields(app, request.body);
      const changed = await app.db
        .transaction()
        .execute((trx) => updateDraft(trx, request.params.id, fields, nowIso()));
      if (!changed) throw conflict(SCHOOL_FORM_ERROR_CODES.notDraft, M.notDraft);
      return detailOf(currentUser(request), request.params.id);
    },
  );

  api.delete(
    '/school-forms/:id',
    {
      onRequest: principal,
      schema: {
        tags: TAGS,
        summary: 'Delete a draft form',
        description: '409 `FORM_NOT_DRAFT` once it was sent: a sent form is closed, not deleted.',
        security: BEARER_AUTH,
        params: IdParamsSchema,
        response: { 204: NO_CONTENT, ...CHECKED, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await principalForm(request.params.id, 'draft', 'notDraft');
      if (!(await deleteDraft(app.db, request.params.id)))
        throw conflict(SCHOOL_FORM_ERROR_CODES.notDraft, M.notDraft);
      return reply.code(204).send(null);
    },
  );

  api.post(
    '/school-forms/:id/send',
    {
      onRequest: principal,
      schema: {
        tags: TAGS,
        summary: 'Send a draft form to the families of its audience',
        description:
          'The form becomes `sent` (fixed from then on) and one mail goes to each active guardian with an ' +
          'email of the audience’s pupils, in the guardian’s language, through the Outbox, in the same ' +
          'transaction. `emailed` says how many. 409 `FORM_NOT_DRAFT` when it was sent already.',
        security: BEARER_AUTH,
        params: IdParamsSchema,
        response: { 200: FormMailsSentSchema, ...CHECKED, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      const form = await principalForm(request.params.id, 'draft', 'notDraft');
      const emailed = await app.db.transaction().execute(async (trx) => {
        if (!(await moveStatus(trx, form.id, 'draft', 'sent', nowIso())))
          throw conflict(SCHOOL_FORM_ERROR_CODES.notDraft, M.notDraft);
        return mailGuardians(trx, app.config.mail, form, await audiencePupils(trx, form), 'sent');
      });
      return { data: { emailed, remindedToday: false } };
    },
  );

  api.post(
    '/school-forms/:id/close',
    {
      onRequest: principal,
      schema: {
        tags: TAGS,
        summary: 'Close a sent form: no more answers or changes',
        description: '409 `FORM_NOT_SENT` for a draft or a form closed already.',
        security: BEARER_AUTH,
        params: IdParamsSchema,
        response: { 200: SchoolFormAnswerSchema, ...CHECKED, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      const form = await principalForm(request.params.id, 'sent', 'notSent');
      if (!(await moveStatus(app.db, form.id, 'sent', 'closed', nowIso())))
        throw conflict(SCHOOL_FORM_ERROR_CODES.notSent, M.notSent);
      return detailOf(currentUser(request), form.id);
    },
  );

  api.post(
    '/school-forms/:id/reminders',
    {
      onRequest: principal,
      schema: {
        tags: TAGS,
        summary: 'Remind the guardians of the pupils who have not answered, by mail',
        description:
          'One mail per active guardian with an email of each pupil of the audience without an answer (a ' +
          'guardian of two such pupils gets one), through the Outbox. `emailed` says how many; ' +
          '`remindedToday` is true when a reminder had gone already on the school’s today (allowed, but ' +
          'said). 409 `FORM_NOT_SENT` for a draft or a closed form.',
        security: BEARER_AUTH,
        params: IdParamsSchema,
        response: { 200: FormMailsSentSchema, ...CHECKED, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      const form = await principalForm(request.params.id, 'sent', 'notSent');
      const [today, timeZone] = [await schoolToday(app.db), await schoolTimeZone(app.db)];
      const remindedToday = remindedOn(form, today, timeZone);
      const emailed = await app.db.transaction().execute(async (trx) => {
        const sent = await mailGuardians(
          trx,
          app.config.mail,
          form,
          await unansweredPupils(trx, form),
          'reminder',
        );
        await markReminded(trx, form.id, nowIso());
        return sent;
      });
      return { data: { emailed, remindedToday } };
    },
  );

  api.get(
    '/school-forms/:id/answers.csv',
    {
      onRequest: principal,
      schema: {
        tags: TAGS,
        summary: 'A form’s answers as a CSV file',
        description:
          'One row per pupil of the form (as `GET school-forms/:id` lists them): class, pupil, answered by, ' +
          'signed name, when (ISO 8601, UTC), then one column per question headed by its text (yes/no in ' +
          'the downloader’s language). Empty cells for a pupil without an answer. UTF-8 with a byte ' +
          'order mark, CRLF line ends; cells a spreadsheet would run as a formula start with a single quote.',
        security: BEARER_AUTH,
        params: IdParamsSchema,
        produces: ['text/csv'],
        response: {
          200: {
            description: 'The CSV file, as an attachment',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...CHECKED,
        },
      },
    },
    async (request, reply) => {
      const viewer = currentUser(request);
      const { form, access } = await staffForm(viewer, request.params.id);
      const detail = await formDetail(app.db, form, access, await schoolToday(app.db));
      const { t } = translatorFor(await userLocale(app.db, viewer.id));
      const cell = (value: string | boolean | undefined): string =>
        value === undefined
          ? ''
          : typeof value === 'boolean'
            ? t(value ? 'school-forms.yes' : 'school-forms.no')
            : value;
      const csv = toCsv([
        [...CSV_HEADERS.map((key) => t(key)), ...form.questions.map((question) => question.prompt)],
        ...detail.pupils.map((pupil) => [
          pupil.className ?? '',
          pupil.studentName,
          pupil.answer?.parentName ?? '',
          pupil.answer?.signedName ?? '',
          pupil.answer?.answeredAt ?? '',
          ...form.questions.map((question) =>
            cell(pupil.answer?.answers.find((answer) => answer.questionId === question.id)?.value),
          ),
        ]),
      ]);
      // The file holds each answering family's answer about their child (docs/decisions/0106-who-looked.md).
      await recordRequestAccess(app.db, request, {
        studentIds: detail.pupils.flatMap((pupil) => (pupil.answer ? [pupil.studentId] : [])),
        kind: 'form-answers-csv',
        detail: form.title,
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="form-${form.id}-answers.csv"`)
        .send(`\uFEFF${csv}`);
    },
  );

  // ---------------------------------------------------------------- the family's side

  /** The forms that go to the parent's children, each with those children. */
  async function familyFormsOf(viewer: Viewer, forms: readonly StoredForm[]) {
    const children = await ownChildren(app.db, viewer);
    return forms.flatMap((form) => {
      const theirs = familyChildrenOf(form, children);
      return theirs.length === 0 ? [] : [{ form, children: theirs }];
    });
  }

  async function familyFormOf(viewer: Viewer, id: number) {
    const form = await findForm(app.db, id);
    const found = form ? (await familyFormsOf(viewer, [form]))[0] : undefined;
    if (!found) throw notFound(THAT_FORM);
    return found;
  }

  api.get(
    '/family/school-forms',
    {
      onRequest: parent,
      schema: {
        tags: TAGS,
        summary: 'The forms for the parent’s children: open ones first, soonest due first',
        description:
          'Sent and closed forms that go to one of the parent’s children (their class, or the whole ' +
          'school), each with those children and their answer: all of it when this parent gave it; only ' +
          'who answered and when when another guardian did (`signedName` and `answers` null).',
        security: BEARER_AUTH,
        response: { 200: FamilyFormListSchema, ...DENIED },
      },
    },
    async (request) => {
      const viewer = currentUser(request);
      const forms = await familyFormsOf(
        viewer,
        (await allForms(app.db)).filter((form) => form.status !== 'draft'),
      );
      return { data: await familyForms(app.db, viewer, forms, await schoolToday(app.db)) };
    },
  );

  api.get(
    '/family/school-forms/:id',
    {
      onRequest: parent,
      schema: {
        tags: TAGS,
        summary: 'One form for the parent’s children',
        description: 'As an entry of `GET family/school-forms`; 404 for a form that goes to none of them.',
        security: BEARER_AUTH,
        params: IdParamsSchema,
        response: { 200: FamilyFormAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      const viewer = currentUser(request);
      const found = await familyFormOf(viewer, request.params.id);
      const [data] = await familyForms(app.db, viewer, [found], await schoolToday(app.db));
      if (!data) throw notFound(THAT_FORM);
      return { data };
    },
  );

  api.put(
    '/family/school-forms/:id/children/:studentId',
    {
      onRequest: parent,
      schema: {
        tags: TAGS,
        summary: 'Answer a form for a child and sign it with one’s typed name',
        description:
          'One answer per pupil per form: a guardian writes it, any of the pupil’s guardians may replace ' +
          'it (the last one signs it) while the form is open; the time and the address it came from are ' +
          'kept. Every required question answered, yes/no as a boolean, a choice as one of its options. ' +
          '404 for a form or child that is not the parent’s; 409 `FORM_NOT_OPEN` after the due date (the ' +
          'school’s today) or once the form is closed. A trip slip: the yes or no of question 1 is appended ' +
          'to the consent ledger as the child’s consent to the trip, in the same transaction, when it is ' +
          'the child’s first or changes it.',
        security: BEARER_AUTH,
        params: FormChildParamsSchema,
        body: FormAnswerInputSchema,
        response: { 200: FamilyFormAnswerSchema, ...CHECKED, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      const viewer = currentUser(request);
      const { form, children } = await familyFormOf(viewer, request.params.id);
      const child = children.find((c) => c.studentId === request.params.studentId);
      if (!child) throw notFound('That child');
      const today = await schoolToday(app.db);
      if (!formIsOpen(form, today)) throw conflict(SCHOOL_FORM_ERROR_CODES.notOpen, M.notOpen);
      const problems = answerProblems(form.questions, request.body.answers);
      if (problems.length > 0) throw invalid(problems[0]?.message ?? M.answerRequired, problems);
      const parentName = await userName(app.db, viewer.id);
      const answers = keptAnswers(form.questions, request.body.answers);
      const at = nowIso();
      await app.db.transaction().execute(async (trx) => {
        await saveAnswer(trx, {
          formId: form.id,
          studentId: child.studentId,
          parentId: viewer.id,
          parentName,
          signedName: request.body.signedName,
          answers,
          at,
          from: request.ip,
        });
        // A trip slip's yes or no is the child's consent to this trip, kept in the consent ledger
        // with the answer (docs/decisions/0115-trips-in-the-consent-ledger.md).
        const mayGo = form.trip ? tripAnswerOf(answers) : undefined;
        if (mayGo !== undefined) {
          await recordTripConsent(trx, {
            studentId: child.studentId,
            formId: form.id,
            given: mayGo,
            by: { id: viewer.id, name: parentName },
            at,
          });
        }
      });
      const [data] = await familyForms(app.db, viewer, [{ form, children }], today);
      if (!data) throw notFound(THAT_FORM);
      return { data };
    },
  );
}
