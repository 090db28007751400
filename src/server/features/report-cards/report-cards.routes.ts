import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ClassReportCardsAnswerSchema,
  PublishedReportCardsAnswerSchema,
  PublishedReportCardsListSchema,
  ReportCardAnswerSchema,
  ReportCardClassParamsSchema,
  ReportCardPupilParamsSchema,
  ReportCardVersionQuerySchema,
  SavedReportCardsAnswerSchema,
  SaveReportCardCommentsSchema,
  SaveReportCardRemarksSchema,
} from '../../../shared/api/report-cards.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { sendSerializedAnswer, serializedAnswer } from '../../lib/answer-serializer.js';
import { ANSWER_KEYS, AnswersKeptByVersion } from '../../lib/answer-versions.js';
import { notFound } from '../../lib/errors.js';
import { requestLocale } from '../../lib/i18n.js';
import { userLocale } from '../../lib/school-languages.js';
import { CHECKED, DENIED, schoolRouting, SCHOOL_TAGS as TAGS } from '../../lib/school-routes.js';
import { nowIso } from '../../lib/time.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import { recordRequestAccess } from '../access-log/record-access.js';
import { receiptLogo } from '../fees/receipt-pdf.js';
import { readSettings } from '../settings/settings.repository.js';
import { type PrintedCard, renderReportCards } from './report-card-pdf.js';
import { findCardPupil, ownCardPupilIds } from './report-cards.policy.js';
import { cardVersions, latestCardsOfClass, latestCardsOfPupils } from './report-cards.repository.js';
import { classDraftCards, publishClassCards, saveComments, saveRemarks } from './report-cards.service.js';

/**
 * Report cards (docs/decisions/0090-report-cards.md): staff read a class's drafts and write their
 * comments a class at a time; the principal writes remarks and publishes; the pupil, their
 * guardians, their class's teachers and the principal read the published cards and their PDFs.
 */

const CLASS_NOT_FOUND = 'That class or term';
const CARD_NOT_FOUND = 'That report card';
/**
 * A class's cards kept made, by reader, class, term and language (docs/decisions/0093-kept-report-cards.md):
 * at most this many, the least recently read dropped first (some 40 KB each at the large school).
 */
const KEPT_CLASS_CARDS = 300;
/**
 * What a class's cards are made of (ANSWER_KEYS): marks, the register in any class, comments...;
 * names, enrolments; the calendar's closures, whose days the attendance leaves out.
 */
const CLASS_CARD_KEYS = [ANSWER_KEYS.reportCards, ANSWER_KEYS.school, ANSWER_KEYS.calendar];
const PDF_ANSWER = {
  200: {
    description: 'The report cards, as a PDF file',
    content: { 'application/pdf': { schema: z.string() } },
  },
  ...CHECKED,
};

export async function reportCardsRoutes(app: FastifyInstance): Promise<void> {
  const { api, staff, principal } = schoolRouting(app);
  const keptClassCards = new AnswersKeptByVersion<Buffer | null>(app.answerVersions, KEPT_CLASS_CARDS);

  /** A PDF in the language of whoever downloads it (as receipts are). */
  async function sendPdf(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: number,
    cards: PrintedCard[],
    filename: string,
  ) {
    const settings = await readSettings(app.db);
    const pdf = await renderReportCards(
      cards,
      { logo: await receiptLogo(app.files, settings.logo), timeZone: settings.timeZone },
      await userLocale(app.db, userId),
    );
    // Who downloaded which child's card (docs/decisions/0106-who-looked.md).
    const [first] = cards;
    await recordRequestAccess(app.db, request, {
      studentIds: cards.map((card) => card.content.student.id),
      kind: 'report-card-pdf',
      detail: first ? first.content.term.name : '',
    });
    return (
      reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="${filename}"`)
        // The schema's string stands for the file in the OpenAPI document; the bytes go as they are.
        .send(pdf as unknown as string)
    );
  }

  api.get(
    '/report-cards/classes/:classId/terms/:termId',
    {
      onRequest: staff,
      schema: {
        tags: TAGS,
        summary: 'A class’s report cards for a term as they stand (drafts), with what is published',
        description:
          'A teacher: the classes they teach; the principal: any. Each card has the pupil’s marks by ' +
          'subject with result, total, percentage and division, the term’s attendance, the comments ' +
          'and the remark, its latest published version and whether it changed since.',
        security: BEARER_AUTH,
        params: ReportCardClassParamsSchema,
        response: { 200: ClassReportCardsAnswerSchema, ...CHECKED },
      },
    },
    async (request, reply) => {
      const { classId, termId } = request.params;
      const viewer = currentUser(request);
      const locale = await requestLocale(request);
      // Who may read the class is decided in the making, by rows whose writes raise the keys: a
      // teacher taken off the class gets the 404 at the next request.
      const body = await keptClassCards.get(
        `${viewer.id}:${viewer.type}:${classId}:${termId}:${locale}`,
        CLASS_CARD_KEYS,
        async () => {
          const data = await classDraftCards(app.db, viewer, classId, termId, locale);
          return data ? serializedAnswer(reply, { data }) : null;
        },
      );
      if (body === null) throw notFound(CLASS_NOT_FOUND);
      return sendSerializedAnswer(reply, body);
    },
  );

  api.put(
    '/report-cards/classes/:classId/terms/:termId/comments',
    {
      onRequest: staff,
      schema: {
        tags: TAGS,
        summary: 'Save comments on a class’s report cards for a term, all or nothing',
        description:
          'Subject comments: of a subject the caller teaches in the class (the principal: any). The ' +
          'class teacher’s comment: any teacher of the class, or the principal. An empty comment ' +
          'clears one. A pupil not in the class or a subject not the caller’s fails the whole batch ' +
          'with 404 and details naming the rows; nothing is saved.',
        security: BEARER_AUTH,
        params: ReportCardClassParamsSchema,
        body: SaveReportCardCommentsSchema,
        response: { 200: SavedReportCardsAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      const saved = await saveComments(
        app.db,
        currentUser(request),
        request.params,
        request.body,
        nowIso(),
        await requestLocale(request),
      );
      if (saved === undefined) throw notFound(CLASS_NOT_FOUND);
      return { data: { saved } };
    },
  );

  api.put(
    '/report-cards/classes/:classId/terms/:termId/remarks',
    {
      onRequest: principal,
      schema: {
        tags: TAGS,
        summary: 'Save the principal’s remarks on a class’s report cards for a term, all or nothing',
        security: BEARER_AUTH,
        params: ReportCardClassParamsSchema,
        body: SaveReportCardRemarksSchema,
        response: { 200: SavedReportCardsAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      const saved = await saveRemarks(
        app.db,
        currentUser(request),
        request.params,
        request.body,
        nowIso(),
        await requestLocale(request),
      );
      if (saved === undefined) throw notFound(CLASS_NOT_FOUND);
      return { data: { saved } };
    },
  );

  api.post(
    '/report-cards/classes/:classId/terms/:termId/publish',
    {
      onRequest: principal,
      schema: {
        tags: TAGS,
        summary: 'Publish a class’s report cards for a term',
        description:
          'Each current pupil’s card as it stands becomes its next version when it shows something ' +
          'its latest published version does not; every version is kept as it was published.',
        security: BEARER_AUTH,
        params: ReportCardClassParamsSchema,
        response: { 200: PublishedReportCardsAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      const data = await publishClassCards(app.db, currentUser(request), request.params, nowIso());
      if (!data) throw notFound(CLASS_NOT_FOUND);
      return { data };
    },
  );

  api.get(
    '/report-cards/classes/:classId/terms/:termId/cards.pdf',
    {
      onRequest: principal,
      schema: {
        tags: TAGS,
        summary: 'A class’s published report cards for a term as one PDF (the principal)',
        description: 'The latest published version of each card, a card a page on. None published: 404.',
        security: BEARER_AUTH,
        params: ReportCardClassParamsSchema,
        produces: ['application/pdf'],
        response: PDF_ANSWER,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { classId, termId } = request.params;
      const cards = await latestCardsOfClass(app.db, classId, termId, await requestLocale(request));
      if (cards.length === 0) throw notFound('Published report cards of that class and term');
      return sendPdf(
        request,
        reply,
        user.id,
        cards.map((card) => ({
          content: card.content,
          published: { version: card.version, publishedAt: card.publishedAt },
        })),
        `report-cards-${classId}-${termId}.pdf`,
      );
    },
  );

  api.get(
    '/report-cards',
    {
      onRequest: app.requireTypes(USER_TYPE.student, USER_TYPE.parent),
      schema: {
        tags: TAGS,
        summary: 'The published report cards of the pupil, or of the parent’s children',
        description: 'The latest version of each card, the latest term first.',
        security: BEARER_AUTH,
        response: { 200: PublishedReportCardsListSchema, ...DENIED },
      },
    },
    async (request) => {
      const cards = await latestCardsOfPupils(app.db, await ownCardPupilIds(app.db, currentUser(request)));
      return {
        data: cards.map((card) => ({
          studentId: card.studentId,
          studentName: card.content.student.name,
          className: card.content.className,
          termId: card.termId,
          termName: card.content.term.name,
          yearName: card.content.term.yearName,
          version: card.version,
          publishedAt: card.publishedAt,
        })),
      };
    },
  );

  /** The published version asked for (the latest by default) and every version, if the viewer may read them. */
  async function publishedCard(
    request: { params: { studentId: number; termId: number }; query: { version?: number | undefined } },
    viewer: ReturnType<typeof currentUser>,
  ) {
    const pupil = await findCardPupil(app.db, viewer, request.params.studentId, request.params.termId);
    if (!pupil) throw notFound(CARD_NOT_FOUND);
    const versions = await cardVersions(app.db, pupil.id, request.params.termId);
    const wanted = request.query.version;
    const card = wanted === undefined ? versions[0] : versions.find((v) => v.version === wanted);
    if (!card) throw notFound(CARD_NOT_FOUND);
    return { card, versions };
  }

  api.get(
    '/report-cards/pupils/:studentId/terms/:termId',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'A pupil’s published report card for a term (the latest version, or `version`)',
        description:
          'The pupil, their guardians, the teachers of their class and the principal, and a teacher ' +
          'who taught the pupil in a class they have left, for the terms they taught them in; anyone ' +
          'else, and a card not published yet, 404.',
        security: BEARER_AUTH,
        params: ReportCardPupilParamsSchema,
        querystring: ReportCardVersionQuerySchema,
        response: { 200: ReportCardAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      const { card, versions } = await publishedCard(request, currentUser(request));
      return {
        data: {
          version: card.version,
          publishedAt: card.publishedAt,
          versions: versions.map((v) => ({ version: v.version, publishedAt: v.publishedAt })),
          content: card.content,
        },
      };
    },
  );

  api.get(
    '/report-cards/pupils/:studentId/terms/:termId/card.pdf',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'A pupil’s published report card for a term as a PDF, in the reader’s language',
        description: 'Who may read the card; the latest version, or `version`.',
        security: BEARER_AUTH,
        params: ReportCardPupilParamsSchema,
        querystring: ReportCardVersionQuerySchema,
        produces: ['application/pdf'],
        response: PDF_ANSWER,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { card } = await publishedCard(request, user);
      return sendPdf(
        request,
        reply,
        user.id,
        [{ content: card.content, published: { version: card.version, publishedAt: card.publishedAt } }],
        `report-card-${card.studentId}-${card.termId}-v${card.version}.pdf`,
      );
    },
  );
}
