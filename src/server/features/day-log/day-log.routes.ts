import type { FastifyInstance } from 'fastify';
import {
  ChildDayAnswerSchema,
  ClassDayLogAnswerSchema,
  LOG_MESSAGES,
  LogDayQuerySchema,
  LogEntriesAnswerSchema,
  LogEntryAnswerSchema,
  LogEntryBodySchema,
  UnacknowledgedAnswerSchema,
} from '../../../shared/api/day-log.js';
import { DAY_LOG_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import { IdParamSchema } from '../../../shared/api/school.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { sendSerializedAnswer, serializedAnswer } from '../../lib/answer-serializer.js';
import { ANSWER_KEYS, AnswersKeptByVersion } from '../../lib/answer-versions.js';
import { conflict, notFound } from '../../lib/errors.js';
import { CHECKED, DENIED, schoolRouting } from '../../lib/school-routes.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import { findCareAccess } from '../care/care.policy.js';
import { schoolToday } from '../settings/settings.repository.js';
import { acknowledgeableIncident, loggableClass, writablePupils } from './day-log.policy.js';
import { findLogEntry, unacknowledgedIncidents } from './day-log.repository.js';
import {
  childDay,
  classDayLog,
  guardianChildren,
  recordEntries,
  tellOfAcknowledgement,
} from './day-log.service.js';
import { DaySummaryJob } from './day-summary.js';

/**
 * The daily log (docs/decisions/0078-the-daily-log.md; bodies and answers:
 * src/shared/api/day-log.ts). Record-level rules: day-log.policy.ts.
 */

const TAGS = ['Daily log'];
/** Children's days kept (some 5 KB each), and classes' logs of a day (some 60 KB each). */
const KEPT_DAYS = 2000;
const KEPT_CLASS_LOGS = 120;

export async function dayLogRoutes(app: FastifyInstance): Promise<void> {
  const { api, staff } = schoolRouting(app);
  // The end-of-day summaries (day-summary.ts): every process looks, one sends.
  const summaries = new DaySummaryJob(app, app.log);
  app.addHook('onReady', async () => summaries.start());
  app.addHook('onClose', async () => summaries.stop());
  const parent = app.requireTypes(USER_TYPE.parent);
  // Answers read far more often than their day changes, kept as their checked bytes
  // (docs/decisions/0084-kept-answers-of-the-day.md).
  const keptDays = new AnswersKeptByVersion<Buffer>(app.answerVersions, KEPT_DAYS);
  const keptClassLogs = new AnswersKeptByVersion<Buffer>(app.answerVersions, KEPT_CLASS_LOGS);

  api.post(
    '/log-entries',
    {
      onRequest: staff,
      schema: {
        tags: TAGS,
        summary: 'Log one entry for one or several children (teachers of their classes, the principal)',
        description:
          'The same entry is written for each child in studentIds, all or none: a child the caller may ' +
          'not log (not in a class they teach; for the principal, in no class) is a 404 for the whole ' +
          'request. The day is today in the school’s time zone; time (HH:MM) defaults to now. Medication ' +
          'must be named in each child’s care details (names compared ignoring case and spacing) or come ' +
          'with a reason (400 otherwise). An incident is sent to the guardians (alert kind incidents). ' +
          'Entries are a school record: they are never changed or deleted; a mistake is put right with a note.',
        security: BEARER_AUTH,
        body: LogEntryBodySchema,
        response: { 201: LogEntriesAnswerSchema, ...CHECKED },
      },
    },
    async (request, reply) => {
      const viewer = currentUser(request);
      const pupils = await writablePupils(app.db, viewer, request.body.studentIds);
      const data = await recordEntries(app, viewer, pupils, request.body);
      return reply.code(201).send({ data });
    },
  );

  api.get(
    '/classes/:id/day-log',
    {
      onRequest: staff,
      schema: {
        tags: TAGS,
        summary: 'A class’s daily log of a day (teachers of the class, the principal)',
        description:
          'Every entry written for a child while in this class, in time order. date: YYYY-MM-DD, default ' +
          'today in the school’s time zone. Another teacher’s class: 404.',
        security: BEARER_AUTH,
        params: IdParamSchema,
        querystring: LogDayQuerySchema,
        response: { 200: ClassDayLogAnswerSchema, ...CHECKED },
      },
    },
    async (request, reply) => {
      const found = await loggableClass(app.db, currentUser(request), request.params.id);
      if (!found) throw notFound('That class');
      const date = request.query.date ?? (await schoolToday(app.db));
      const body = await keptClassLogs.get(
        `${found.id}:${date}`,
        [ANSWER_KEYS.classLog(found.id), ANSWER_KEYS.school],
        async () => serializedAnswer(reply, await classDayLog(app, found, date)),
      );
      return sendSerializedAnswer(reply, body);
    },
  );

  api.get(
    '/pupils/:id/day',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'A child’s day as a timeline (guardians, teachers of the child’s class, the principal)',
        description:
          'Arrivals and collections from the register and the daily log’s entries, in time order ' +
          '(items by `type`). date: YYYY-MM-DD, default today in the school’s time zone. unacknowledged: ' +
          'the child’s incidents no guardian has acknowledged yet. Anyone else: 404.',
        security: BEARER_AUTH,
        params: IdParamSchema,
        querystring: LogDayQuerySchema,
        response: { 200: ChildDayAnswerSchema, ...CHECKED },
      },
    },
    async (request, reply) => {
      const viewer = currentUser(request);
      const { pupil } = (await findCareAccess(app.db, viewer, request.params.id)) ?? {};
      if (!pupil) throw notFound('That pupil');
      const date = request.query.date ?? (await schoolToday(app.db));
      // What the viewer may see of the day depends on who they are: kept per viewer.
      const body = await keptDays.get(
        `${viewer.id}:${pupil.id}:${date}`,
        [ANSWER_KEYS.child(pupil.id), ANSWER_KEYS.school],
        async () => serializedAnswer(reply, { data: await childDay(app, viewer, pupil, date) }),
      );
      return sendSerializedAnswer(reply, body);
    },
  );

  api.post(
    '/log-entries/:id/acknowledgement',
    {
      onRequest: parent,
      schema: {
        tags: TAGS,
        summary: 'Acknowledge an incident of your child (the child’s guardians)',
        description:
          'Once per incident: the first guardian’s name and the time are kept and shown to staff; a second ' +
          'acknowledgement is a 409 ALREADY_ACKNOWLEDGED. An entry that is no incident, or not of your ' +
          'child: 404.',
        security: BEARER_AUTH,
        params: IdParamSchema,
        response: { 200: LogEntryAnswerSchema, ...CHECKED, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      const viewer = currentUser(request);
      const entry = await acknowledgeableIncident(app.db, viewer, request.params.id);
      if (!entry) throw notFound('That incident');
      if (entry.acknowledged)
        throw conflict(DAY_LOG_ERROR_CODES.alreadyAcknowledged, LOG_MESSAGES.alreadyAcknowledged);
      const done = await tellOfAcknowledgement(app, viewer, entry);
      if (!done) throw conflict(DAY_LOG_ERROR_CODES.alreadyAcknowledged, LOG_MESSAGES.alreadyAcknowledged);
      const data = await findLogEntry(app.db, entry.id);
      if (!data) throw notFound('That incident');
      return { data };
    },
  );

  api.get(
    '/family/incidents/unacknowledged',
    {
      onRequest: parent,
      schema: {
        tags: TAGS,
        summary: 'Your children’s incidents waiting for your acknowledgement (a parent)',
        description: 'Oldest first, with their count.',
        security: BEARER_AUTH,
        response: { 200: UnacknowledgedAnswerSchema, ...DENIED },
      },
    },
    async (request) => {
      const data = await unacknowledgedIncidents(
        app.db,
        await guardianChildren(app.db, currentUser(request).id),
      );
      return { count: data.length, data };
    },
  );
}
