import type { FastifyInstance } from 'fastify';
import { IdParamSchema } from '../../../shared/api/school.js';
import {
  NotificationListAnswerSchema,
  NotificationListQuerySchema,
  SendNotificationBodySchema,
  SentNotificationAnswerSchema,
} from '../../../shared/api/school-admin.js';
import { notFound } from '../../lib/errors.js';
import { CHECKED, NO_CONTENT, schoolRouting, SCHOOL_TAGS as TAGS } from '../../lib/school-routes.js';
import { nowIso } from '../../lib/time.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import { sendAlert } from '../alerts/send-alert.js';
import { readSettings } from '../settings/settings.repository.js';
import {
  EVERYONE,
  EVERYONE_AUDIENCE,
  listVisibleNotifications,
  markNotificationRead,
  noticeYear,
  yearsWithNotices,
} from './notifications.repository.js';
import { sendNotification } from './notifications.service.js';

/** Notifications: reading them (`GET notification`, marking one read) and sending them. */
export async function notificationsRoutes(app: FastifyInstance): Promise<void> {
  readingRoutes(app);
  sendingRoutes(app);
}

function readingRoutes(app: FastifyInstance): void {
  const { api } = schoolRouting(app);
  api.get(
    '/notification',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'Notifications the caller may see, of one school year, newest first',
        description:
          'A pupil: those to them, to everyone, and to a class they were in on the day it was sent. A ' +
          'teacher: those they sent, those to their classes and those to everyone. The principal: all. ' +
          '`name` is who it is for: the pupil, ' +
          `"All of <class>" or "${EVERYONE_AUDIENCE}"; \`classes\` is the class ("${EVERYONE}" for everyone). ` +
          'Ours: `from` (the sender), `createdAt`, and `unread` for the caller (see POST notification/{id}/read). ' +
          '`yearId` picks a school year (unknown: 404); without it, the current year, with any notice ' +
          'sent before the school kept years. `year` is the year shown, `years` the current one and ' +
          'every year the caller has notices in, the latest first.',
        security: BEARER_AUTH,
        querystring: NotificationListQuerySchema,
        response: { 200: NotificationListAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      const viewer = currentUser(request);
      const { yearId } = request.query;
      const year = await noticeYear(app.db, yearId);
      if (yearId !== undefined && !year) throw notFound('That school year');
      const [rows, years] = await Promise.all([
        listVisibleNotifications(app.db, viewer, year),
        yearsWithNotices(app.db, viewer),
      ]);
      return {
        data: rows.map((n) => ({
          id: n.id,
          name: n.name,
          classes: n.classes,
          notification: n.body,
          from: n.from,
          createdAt: n.createdAt,
          unread: n.unread,
        })),
        year: year ?? null,
        years,
      };
    },
  );

  api.post(
    '/notification/:id/read',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'Mark a notification read for the caller',
        security: BEARER_AUTH,
        params: IdParamSchema,
        response: { 204: NO_CONTENT, ...CHECKED },
      },
    },
    async (request, reply) => {
      if (!(await markNotificationRead(app.db, currentUser(request), request.params.id, nowIso())))
        throw notFound('That notification');
      return reply.code(204).send(null);
    },
  );
}

function sendingRoutes(app: FastifyInstance): void {
  const { api, staff } = schoolRouting(app);
  api.post(
    '/notification',
    {
      onRequest: staff,
      schema: {
        tags: TAGS,
        summary: 'Send a notification to a class, a pupil or everyone',
        description:
          'Exactly one of classId, studentId, everyone. A teacher: a class they teach or a pupil of one ' +
          '(else 404); everyone only for the principal (403). With `emailFamilies: true` the guardians ' +
          'of the pupils it reaches (the pupil, the class’s current pupils, every pupil in a class) ' +
          'are emailed too, each once; `emailed` is how many mails were queued.',
        security: BEARER_AUTH,
        body: SendNotificationBodySchema,
        response: { 201: SentNotificationAnswerSchema, ...CHECKED },
      },
    },
    async (request, reply) => {
      const { familyIds, ...sent } = await sendNotification(
        app.db,
        app.config.mail,
        currentUser(request),
        request.body,
        nowIso(),
      );
      // Open school-area pages refresh their notices (docs/decisions/0081-push-and-live.md).
      const childId = request.body.studentId ?? null;
      await app.signals.publish({ channel: 'live', event: { kind: 'notice', childId } }).catch((error) => {
        request.log.warn({ err: error }, 'the live event of a notice was not published');
      });
      // Families with push on a device hear of it there; mail stays the sender's choice above
      // (docs/decisions/0081-push-and-live.md), so no mail instead of a push.
      const school = await readSettings(app.db);
      const text = request.body.notification.trim();
      await sendAlert(app, {
        kind: 'notices',
        userIds: familyIds,
        title: { key: 'alerts.notice.title', params: { school: school.name } },
        body: {
          key: 'alerts.notice.body',
          params: {
            sender: currentUser(request).name,
            text: text.length > 140 ? `${text.slice(0, 139)}…` : text,
          },
        },
        path: '/notification',
        pushOnly: true,
      });
      return reply.code(201).send({ data: sent });
    },
  );
}
