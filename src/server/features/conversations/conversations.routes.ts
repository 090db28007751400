import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AttachmentParamsSchema,
  CONVERSATION_MESSAGES,
  CONVERSATION_RULES,
  ConversationAnswerSchema,
  ConversationQuerySchema,
  ConversationsAnswerSchema,
  DayNotesAnswerSchema,
  DayNotesQuerySchema,
  MessageAnswerSchema,
  MessageFieldsSchema,
  type MessageHours,
  MessageHoursAnswerSchema,
  MessageHoursSchema,
  ReadAnswerSchema,
  ReadBodySchema,
  refineMessage,
  UnreadAnswerSchema,
} from '../../../shared/api/conversations.js';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import { IdParamSchema } from '../../../shared/api/school.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { sendSerializedAnswer, serializedAnswer } from '../../lib/answer-serializer.js';
import { ANSWER_KEYS, AnswersKeptByVersion } from '../../lib/answer-versions.js';
import { notFound } from '../../lib/errors.js';
import { requestLocale } from '../../lib/i18n.js';
import { CHECKED, DENIED } from '../../lib/school-routes.js';
import { nowIso } from '../../lib/time.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import type { Viewer } from '../school/school.policy.js';
import { schoolToday } from '../settings/settings.repository.js';
import { attachmentForm, claimAttachment, uploadedAttachmentSchema } from './attachments.js';
import { ConversationAlertJob } from './conversation-alerts.js';
import { type ConversationAccess, findConversationAccess } from './conversations.policy.js';
import {
  conversationPage,
  conversationsOf,
  dayNotesOf,
  findAttachment,
  markRead,
  pupilDayNotes,
  unreadByChild,
} from './conversations.repository.js';
import { postMessage } from './conversations.service.js';
import { hoursAnswerAt, messageHoursAnswer, readHoursAndZone, writeMessageHours } from './message-hours.js';

/**
 * Messages between home and school (docs/decisions/0080-conversations.md; bodies and answers:
 * src/shared/api/conversations.ts). Who belongs to a conversation: conversations.policy.ts.
 */

const TAGS = ['Conversations'];
const PRIVATE_NO_STORE = 'private, no-store';
/** Conversation pages kept, per viewer (some 12 KB each). */
const KEPT_PAGES = 1000;

async function conversationAccess(
  app: FastifyInstance,
  viewer: Viewer,
  studentId: number,
): Promise<ConversationAccess> {
  const access = await findConversationAccess(app.db, viewer, studentId);
  if (!access) throw notFound('That pupil');
  return access;
}

export async function conversationsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const members = app.requireTypes(USER_TYPE.teacher, USER_TYPE.principal, USER_TYPE.parent);
  const staff = app.requireTypes(USER_TYPE.teacher, USER_TYPE.principal);
  const principal = app.requireTypes(USER_TYPE.principal);

  const keptPages = new AnswersKeptByVersion<{
    page: Awaited<ReturnType<typeof conversationPage>>;
    hours: MessageHours;
    timeZone: string;
    /** The answer's bytes by what the hours say now (open, or when they open next). */
    answers: Map<string, Buffer>;
  }>(app.answerVersions, KEPT_PAGES);
  const job = new ConversationAlertJob(app);
  app.addHook('onReady', async () => job.start());
  app.addHook('onClose', async () => job.stop());

  api.get(
    '/pupils/:id/conversation',
    {
      onRequest: members,
      schema: {
        tags: TAGS,
        summary: 'A child’s conversation between home and school (guardians, class teachers, the principal)',
        description:
          `The newest ${CONVERSATION_RULES.pageSize} messages before \`before\` (a message id; default the ` +
          'newest), oldest first, each with who of the other side read it and when; and the school’s ' +
          'message hours. Anyone else: 404.',
        security: BEARER_AUTH,
        params: IdParamSchema,
        querystring: ConversationQuerySchema,
        response: { 200: ConversationAnswerSchema, ...CHECKED },
      },
    },
    async (request, reply) => {
      const viewer = currentUser(request);
      const access = await conversationAccess(app, viewer, request.params.id);
      const { before } = request.query;
      // The page and the hours are kept (docs/decisions/0084-kept-answers-of-the-day.md), and the
      // answer's bytes with them for each thing the hours say: whether the school is open is worked
      // out at each request.
      const kept = await keptPages.get(
        `${viewer.id}:${access.pupil.id}:${before ?? ''}`,
        [ANSWER_KEYS.conversation(access.pupil.id), ANSWER_KEYS.school],
        async () => ({
          page: await conversationPage(app.db, access.pupil.id, viewer.id, before),
          ...(await readHoursAndZone(app.db)),
          answers: new Map(),
        }),
      );
      const hours = hoursAnswerAt(kept.hours, kept.timeZone, new Date());
      const now = `${hours.openNow}:${hours.nextOpening}`;
      let answer = kept.answers.get(now);
      if (answer === undefined) {
        answer = serializedAnswer(reply, {
          data: {
            studentId: access.pupil.id,
            studentName: access.pupil.name,
            className: access.pupil.className,
            side: access.side,
            ...kept.page,
            hours,
          },
        });
        // The next opening moves on each day: the bytes of earlier ones are not needed again.
        if (kept.answers.size >= 2) kept.answers.clear();
        kept.answers.set(now, answer);
      }
      return sendSerializedAnswer(reply, answer);
    },
  );

  const form = attachmentForm();
  api.post(
    '/pupils/:id/conversation/messages',
    {
      onRequest: members,
      ...form,
      preValidation: [
        // A stranger's upload is not read at all.
        async (request) => {
          const params = IdParamSchema.safeParse(request.params);
          if (!params.success) return;
          const viewer = currentUser(request);
          await conversationAccess(app, viewer, params.data.id);
          if (request.isMultipart()) await claimAttachment(app.db, viewer.id);
        },
        form.preValidation,
      ],
      schema: {
        tags: TAGS,
        summary: 'Send a message in a child’s conversation (guardians, class teachers, the principal)',
        description:
          'JSON, or a multipart form whose `attachment` is one picture (re-encoded, without metadata) or ' +
          `one PDF, at most 5 MB (${CONVERSATION_RULES.attachmentsPerHour} multipart forms an hour per account, then 429 ` +
          'TOO_MANY_UPLOADS with Retry-After). `type`: text (text or an attachment), or, from the family only, absent ' +
          '(reason), late-pickup (time, HH:MM) or other-collector (name, phone), which are about the ' +
          'school’s today and show on the class’s Today. Nothing sent can be changed or removed. A ' +
          'parent’s message alerts the school at once within the message hours, else when they open.',
        security: BEARER_AUTH,
        consumes: ['application/json', 'multipart/form-data'],
        params: IdParamSchema,
        body: MessageFieldsSchema.extend({
          [CONVERSATION_RULES.attachmentField]: uploadedAttachmentSchema().optional(),
        }).superRefine(refineMessage),
        response: { 201: MessageAnswerSchema, ...CHECKED, 413: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const viewer = currentUser(request);
      const access = await conversationAccess(app, viewer, request.params.id);
      const { attachment, ...body } = request.body;
      const data = await postMessage(app, access, viewer, body, attachment, new Date());
      return reply.code(201).send({ data });
    },
  );

  api.post(
    '/pupils/:id/conversation/read',
    {
      onRequest: members,
      schema: {
        tags: TAGS,
        summary:
          'Mark the other side’s messages read, up to a message (guardians, class teachers, the principal)',
        description:
          'Every message of the other side up to `upTo` that the caller had not read gets the caller’s ' +
          'receipt (name and time; a first read stays). Answers how many were newly read.',
        security: BEARER_AUTH,
        params: IdParamSchema,
        body: ReadBodySchema,
        response: { 200: ReadAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      const viewer = currentUser(request);
      const access = await conversationAccess(app, viewer, request.params.id);
      const marked = await markRead(
        app.db,
        access.pupil.id,
        { id: viewer.id, name: viewer.name, side: access.side },
        request.body.upTo,
        nowIso(),
      );
      if (marked > 0)
        await app.signals.publish({ channel: 'live', event: { kind: 'message', childId: access.pupil.id } });
      return { data: { marked } };
    },
  );

  api.get(
    '/pupils/:id/conversation/attachments/:messageId',
    {
      onRequest: members,
      compress: false,
      schema: {
        tags: TAGS,
        summary: 'A message’s attachment (the conversation’s members)',
        description:
          'The picture (WebP) or PDF, with `Cache-Control: private, no-store`. Anyone who is not a member ' +
          'of the conversation, or a message without an attachment: 404. /uploads never serves these.',
        security: BEARER_AUTH,
        params: AttachmentParamsSchema,
        produces: ['image/webp', 'application/pdf'],
        response: {
          200: {
            description: 'The attachment',
            content: { 'image/webp': { schema: z.string() }, 'application/pdf': { schema: z.string() } },
          },
          ...CHECKED,
        },
      },
    },
    async (request, reply) => {
      const access = await conversationAccess(app, currentUser(request), request.params.id);
      const stored = await findAttachment(app.db, access.pupil.id, request.params.messageId);
      const file = stored && (await app.files.open(stored.path));
      if (!stored || !file) throw notFound('That attachment');
      const type = stored.kind === 'pdf' ? 'application/pdf' : 'image/webp';
      return (
        reply
          .header('Cache-Control', PRIVATE_NO_STORE)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Length', file.info.size)
          // A PDF is downloaded, never shown inside the app's origin.
          .header(
            'Content-Disposition',
            `${stored.kind === 'pdf' ? 'attachment' : 'inline'}; filename*=UTF-8''${encodeURIComponent(stored.name)}`,
          )
          .type(type)
          .send(file.body as unknown as string)
      );
    },
  );

  api.get(
    '/pupils/:id/conversation/day-notes',
    {
      onRequest: members,
      schema: {
        tags: TAGS,
        summary: 'A child’s typed messages about a day (the conversation’s members)',
        description:
          'Absent today, late pick-up and someone else collects, in the order sent: what the check-out ' +
          'dialog offers. date: YYYY-MM-DD, default today in the school’s time zone. Anyone else: 404.',
        security: BEARER_AUTH,
        params: IdParamSchema,
        querystring: DayNotesQuerySchema,
        response: { 200: DayNotesAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      const access = await conversationAccess(app, currentUser(request), request.params.id);
      const date = request.query.date ?? (await schoolToday(app.db));
      return { date, data: await pupilDayNotes(app.db, access.pupil.id, date) };
    },
  );

  api.get(
    '/conversations',
    {
      onRequest: members,
      schema: {
        tags: TAGS,
        summary: 'The caller’s conversations with their unread counts',
        description:
          'A parent: their children’s. A teacher: the current pupils of their classes. The principal: ' +
          'every child with a message. Those with unread messages first, then by the newest message.',
        security: BEARER_AUTH,
        response: { 200: ConversationsAnswerSchema, ...DENIED },
      },
    },
    async (request) => ({
      data: await conversationsOf(app.db, currentUser(request), await requestLocale(request)),
    }),
  );

  api.get(
    '/conversations/unread',
    {
      onRequest: members,
      schema: {
        tags: TAGS,
        summary: 'The caller’s unread messages, in all and by child (for badges)',
        description:
          'A message is unread until the caller marks it read; one’s own side’s messages never are.',
        security: BEARER_AUTH,
        response: { 200: UnreadAnswerSchema, ...DENIED },
      },
    },
    async (request) => {
      const unread = await unreadByChild(app.db, currentUser(request));
      const children = [...unread].map(([studentId, count]) => ({ studentId, unread: count }));
      return { data: { total: children.reduce((sum, child) => sum + child.unread, 0), children } };
    },
  );

  api.get(
    '/conversations/hours',
    {
      onRequest: members,
      schema: {
        tags: TAGS,
        summary: 'The school’s message hours',
        description: 'Weekdays (0 = Sunday) and times in the school’s time zone; whether they are open now.',
        security: BEARER_AUTH,
        response: { 200: MessageHoursAnswerSchema, ...DENIED },
      },
    },
    async () => ({ data: await messageHoursAnswer(app.db) }),
  );

  api.put(
    '/admin/conversations/hours',
    {
      onRequest: principal,
      schema: {
        tags: TAGS,
        summary: 'Set the school’s message hours (the principal)',
        security: BEARER_AUTH,
        body: MessageHoursSchema,
        response: { 200: MessageHoursAnswerSchema, 400: ErrorBodySchema, ...DENIED },
      },
    },
    async (request) => {
      await writeMessageHours(app.db, request.body, nowIso());
      return { data: await messageHoursAnswer(app.db) };
    },
  );

  api.get(
    '/classes/:id/day-notes',
    {
      onRequest: staff,
      schema: {
        tags: TAGS,
        summary: 'The families’ typed messages about a day for a class (its teachers, the principal)',
        description:
          'Absent today, late pick-ups and other collectors of the class’s current pupils, in the order ' +
          'sent. date: YYYY-MM-DD, default today in the school’s time zone.',
        security: BEARER_AUTH,
        params: IdParamSchema,
        querystring: DayNotesQuerySchema,
        response: { 200: DayNotesAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      const date = request.query.date ?? (await schoolToday(app.db));
      const data = await dayNotesOf(app.db, currentUser(request), request.params.id, date);
      if (!data) throw notFound('That class');
      return { date, data };
    },
  );
}

export { CONVERSATION_MESSAGES };
