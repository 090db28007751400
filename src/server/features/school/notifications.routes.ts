import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import { NotificationListAnswerSchema } from '../../../shared/api/school-admin.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import { EVERYONE, EVERYONE_AUDIENCE, listVisibleNotifications } from './notifications.repository.js';

/** `GET notification`. */
export async function notificationsRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/notification',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: ['School'],
        summary: 'Notifications the caller may see, newest first',
        description:
          'A pupil: those to their class, to them and to everyone. A teacher: those they sent, those to ' +
          'their classes and those to everyone. The principal: all. `name` is who it is for: the pupil, ' +
          `"All of <class>" or "${EVERYONE_AUDIENCE}"; \`classes\` is the class ("${EVERYONE}" for everyone). ` +
          'Ours: `from` (the sender), `createdAt`, and `unread` for the caller (see POST notification/{id}/read).',
        security: BEARER_AUTH,
        response: { 200: NotificationListAnswerSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => ({
      data: (await listVisibleNotifications(app.db, currentUser(request))).map((n) => ({
        id: n.id,
        name: n.name,
        classes: n.classes,
        notification: n.body,
        from: n.from,
        createdAt: n.createdAt,
        unread: n.unread,
      })),
    }),
  );
}
