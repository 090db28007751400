import type { FastifyInstance } from 'fastify';
import { AdmissionCaseWithApplicationAnswerSchema } from '../../../shared/api/admission-application.js';
import { EnrolmentAnswerSchema, EnrolmentInputSchema } from '../../../shared/api/admission-enrolment.js';
import {
  AdmissionBoardAnswerSchema,
  AdmissionMoveInputSchema,
  AdmissionSeatsSchema,
  BoardQuerySchema,
  ClassSeatsAnswerSchema,
  ClassSeatsInputSchema,
  ClassSeatsQuerySchema,
  NewAdmissionCaseSchema,
  OfferReplySchema,
  OfferTokenSchema,
  OfferViewSchema,
} from '../../../shared/api/admissions.js';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import { IdParamsSchema } from '../../../shared/api/ids.js';
import { sendSerializedAnswer, serializedAnswer } from '../../lib/answer-serializer.js';
import { ANSWER_KEYS, AnswersKeptByVersion } from '../../lib/answer-versions.js';
import { NOT_MODIFIED } from '../../lib/cached-answer.js';
import { CHECKED, SCHOOL_TAGS, SET_UP_TAGS, schoolRouting } from '../../lib/school-routes.js';
import { tempFolderHooks, tempFolderOf, uploadTempDir } from '../../lib/upload-temp.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import { readSettings } from '../settings/settings.repository.js';
import { publicSeats, saveSeats, seatsOfYear } from './admissions.service.js';
import {
  board,
  caseWithHistory,
  moveByPrincipal,
  offerOfToken,
  openCase,
  replyToOffer,
} from './cases.service.js';
import { enrolCase } from './enrolment.service.js';

/** What the board and the seats are made of (migration 2026-12-08T0600-admission-answers). */
const ADMISSION_KEYS = [ANSWER_KEYS.admissions];
/** Boards kept, by class and year (some 90 KB for a class of 200 cases), the least recently read dropped first. */
const KEPT_BOARDS = 200;
/** The seats of every class kept, by year asked (or none: the admissions year). */
const KEPT_SEATS = 20;

/**
 * Admissions: seats per class and year (docs/decisions/0101-seats-that-mean-something.md), and the
 * pipeline of admission cases with the offers' reply links (docs/decisions/0102-the-admissions-pipeline.md).
 */
export async function admissionsRoutes(app: FastifyInstance): Promise<void> {
  const { api, principal } = schoolRouting(app);
  // The principal's two reads are kept made, as bytes, by the version of what they are made of
  // (docs/decisions/0105-the-admissions-board.md); neither depends on who reads or in what language.
  const keptBoards = new AnswersKeptByVersion<Buffer>(app.answerVersions, KEPT_BOARDS);
  const keptSeats = new AnswersKeptByVersion<Buffer>(app.answerVersions, KEPT_SEATS);

  api.get(
    '/admin/admissions/classes',
    {
      onRequest: principal,
      schema: {
        tags: SET_UP_TAGS,
        summary: 'Every class’s seats in a school year and whether it takes admissions',
        description:
          'By default the admissions year: the year after the current one when the school keeps it, ' +
          'else the current one. `free` is capacity less the pupils of that year and the accepted ' +
          'offers, never below 0; null without a capacity.',
        security: BEARER_AUTH,
        querystring: ClassSeatsQuerySchema,
        response: { 200: ClassSeatsAnswerSchema, ...CHECKED },
      },
    },
    async (request, reply) => {
      const { yearId } = request.query;
      const body = await keptSeats.get(String(yearId ?? 'admissions'), ADMISSION_KEYS, async () =>
        serializedAnswer(reply, { data: await seatsOfYear(app.db, yearId) }),
      );
      return sendSerializedAnswer(reply, body);
    },
  );

  api.put(
    '/admin/admissions/classes',
    {
      onRequest: principal,
      schema: {
        tags: SET_UP_TAGS,
        summary: 'Set the listed classes’ seats in a school year and whether they take admissions',
        description:
          'Classes left out stay as they are; `seats` null removes the class’s capacity for the year.',
        security: BEARER_AUTH,
        body: ClassSeatsInputSchema,
        response: { 200: ClassSeatsAnswerSchema, ...CHECKED },
      },
    },
    async (request) => ({ data: await saveSeats(app.db, request.body) }),
  );

  const kept = app.keptAnswers.add(`${app.prefix}/admissions/seats`, AdmissionSeatsSchema, () =>
    publicSeats(app.db),
  );
  api.get(
    '/admissions/seats',
    {
      schema: {
        tags: ['Admissions'],
        summary: 'The free seats of the admissions year, per class',
        description:
          'Each class that takes admissions or that a class card names, with its free seats in the ' +
          'admissions year (null without a capacity): what the class cards and Book A Seat show. ' +
          'A strong `ETag`, as the public content calls have.',
        response: { 200: AdmissionSeatsSchema, 304: NOT_MODIFIED },
      },
    },
    async (request, reply) => kept.send(request, reply),
  );

  const CONFLICT = { 409: ErrorBodySchema };

  api.get(
    '/admin/admissions/board',
    {
      onRequest: principal,
      schema: {
        tags: SCHOOL_TAGS,
        summary: 'The admissions board of a class and year: counts per stage, seats, cases',
        description:
          'Cases by stage in pipeline order (enquiry, visit, applied, offered, accepted, enrolled, waiting, ' +
          'closed), the waiting list by place (1 first, by when the family joined it).',
        security: BEARER_AUTH,
        querystring: BoardQuerySchema,
        response: { 200: AdmissionBoardAnswerSchema, ...CHECKED },
      },
    },
    async (request, reply) => {
      const { classId, yearId } = request.query;
      const body = await keptBoards.get(`${classId}:${yearId}`, ADMISSION_KEYS, async () =>
        serializedAnswer(reply, { data: await board(app.db, classId, yearId) }),
      );
      return sendSerializedAnswer(reply, body);
    },
  );

  api.post(
    '/admin/admissions/cases',
    {
      onRequest: principal,
      schema: {
        tags: SCHOOL_TAGS,
        summary: 'Open an admission case, from a contact message (`enquiryId`) or typed in',
        description:
          'At stage "enquiry". From a contact message the family’s name, email and message are the ' +
          'message’s unless given; a message becomes one case at most.',
        security: BEARER_AUTH,
        body: NewAdmissionCaseSchema,
        response: { 201: AdmissionCaseWithApplicationAnswerSchema, ...CHECKED },
      },
    },
    async (request, reply) => {
      const settings = await readSettings(app.db);
      const id = await openCase(app.db, request.body, currentUser(request).id, settings.language);
      return reply.code(201).send({ data: await caseWithHistory(app.db, id) });
    },
  );

  api.get(
    '/admin/admissions/cases/:id',
    {
      onRequest: principal,
      schema: {
        tags: SCHOOL_TAGS,
        summary:
          'An admission case with its history (who moved it, when, from, to, note) and its application',
        description:
          '`application`: the family’s application (null until they save one), a draft or as sent with its ' +
          'signature; `documents`: its uploads (`GET admin/admissions/cases/{id}/documents/{documentId}`).',
        security: BEARER_AUTH,
        params: IdParamsSchema,
        response: { 200: AdmissionCaseWithApplicationAnswerSchema, ...CHECKED },
      },
    },
    async (request) => ({ data: await caseWithHistory(app.db, request.params.id) }),
  );

  api.post(
    '/admin/admissions/cases/:id/moves',
    {
      onRequest: principal,
      schema: {
        tags: SCHOOL_TAGS,
        summary: 'Move an admission case to another stage',
        description:
          'A visit needs `visitDate` and `visitTime`, an offer `offerDeadline` (today or later), a ' +
          'close `closeReason`. A move the transition table does not list is a 409 MOVE_NOT_ALLOWED; a move to ' +
          '"accepted" when the class has no free seat that year is a 409 CLASS_FULL with the counts; ' +
          '"enrolled" is set by the enrolment only. The family is mailed in its language at a visit, ' +
          'an offer (with its reply link) and the waiting list.',
        security: BEARER_AUTH,
        params: IdParamsSchema,
        body: AdmissionMoveInputSchema,
        response: { 200: AdmissionCaseWithApplicationAnswerSchema, ...CHECKED, ...CONFLICT },
      },
    },
    async (request) => {
      await moveByPrincipal(
        app.db,
        app.config.mail,
        request.params.id,
        request.body,
        currentUser(request).id,
      );
      return { data: await caseWithHistory(app.db, request.params.id) };
    },
  );

  api.post(
    '/admin/admissions/cases/:id/enrolment',
    {
      onRequest: principal,
      ...tempFolderHooks,
      schema: {
        tags: SCHOOL_TAGS,
        summary: 'Enrol an accepted case in one step, from the application its family sent',
        description:
          'In one transaction: the pupil account (name, date of birth, photo of the application), each ' +
          'guardian’s Parent account, new (active, no password until set through the mailed link) or an ' +
          'existing one of the same email, the guardian links, the care details with their first history ' +
          'row, the enrolment in the class from the start date, the fees of the first term from the class’s ' +
          'fee plans, and the case at "enrolled". Defaults: the start date the application wanted, the ' +
          'case’s class; no `pupilEmail`: the pupil has no sign-in of their own. 409, and nothing changed, ' +
          'for a case not at "accepted" (CASE_NOT_ACCEPTED), no application sent (NO_APPLICATION), no school ' +
          'year holding the start date (NO_SCHOOL_YEAR), a class without a free seat that year (CLASS_FULL; ' +
          'the case’s own accepted offer counts for its class and year), a guardian’s email of an account ' +
          'that is not a Parent’s (EMAIL_NOT_A_PARENT), a pupil’s email taken (PUPIL_EMAIL_TAKEN).',
        security: BEARER_AUTH,
        params: IdParamsSchema,
        body: EnrolmentInputSchema,
        response: { 201: EnrolmentAnswerSchema, ...CHECKED, ...CONFLICT },
      },
    },
    async (request, reply) => {
      const data = await enrolCase(
        app.db,
        {
          mail: app.config.mail,
          files: app.files,
          temp: tempFolderOf(request, uploadTempDir(app.config.dataDir)),
        },
        request.params.id,
        request.body,
        currentUser(request),
      );
      return reply.code(201).send({ data });
    },
  );

  // The offer's reply link: its token is the key, sent in the body so that it stays out of logs.
  api.post(
    '/admissions/offer',
    {
      schema: {
        tags: ['Admissions'],
        summary: 'An offer of a seat as its reply link shows it',
        description:
          '`state`: open, expired (past its deadline), accepted, declined or withdrawn. 404 for an unknown token.',
        body: OfferTokenSchema,
        response: { 200: OfferViewSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => ({ data: await offerOfToken(app.db, request.body.token) }),
  );

  api.post(
    '/admissions/offer/reply',
    {
      schema: {
        tags: ['Admissions'],
        summary: 'Accept or decline an offer of a seat through its reply link',
        description:
          'Accepting holds the seat (the free seats count it); declining closes the case. 409 ' +
          'OFFER_EXPIRED after the deadline (the school’s day), 409 OFFER_CLOSED once answered or withdrawn, ' +
          '409 CLASS_FULL, the offer still open, when accepting and the class has no free seat left that year.',
        body: OfferReplySchema,
        response: { 200: OfferViewSchema, 400: ErrorBodySchema, 404: ErrorBodySchema, ...CONFLICT },
      },
    },
    async (request) => ({ data: await replyToOffer(app.db, request.body.token, request.body.answer) }),
  );
}
