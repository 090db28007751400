import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import {
  AlertSettingsBodySchema,
  AlertSettingsSchema,
  PushPublicKeySchema,
  PushSubscriptionAnswerSchema,
  PushSubscriptionBodySchema,
  PushUnsubscribeBodySchema,
} from '../../../shared/api/push.js';
import { invalid } from '../../lib/errors.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import {
  countDevices,
  deleteSubscription,
  ensureVapidKeys,
  readChannels,
  saveChannels,
  saveSubscription,
} from './alerts.repository.js';
import { isAllowedPushEndpoint } from './send-alert.js';

const TAGS = ['Alerts'];
const ERRORS = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

/**
 * Alerts outside the app (docs/decisions/0081-push-and-live.md): the VAPID public key a browser
 * subscribes with, the user's push subscriptions (one per browser), and their choice per kind.
 * Every school user has their own; nobody reads or changes another's.
 */
export async function alertsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Made at the first start, not at the first subscription: every process then signs with it.
  app.addHook('onReady', async () => {
    await ensureVapidKeys(app.db);
  });

  api.get(
    '/push/public-key',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'The server’s VAPID public key, for a browser’s push subscription',
        security: BEARER_AUTH,
        response: { 200: PushPublicKeySchema, ...ERRORS },
      },
    },
    async () => ({ publicKey: (await ensureVapidKeys(app.db)).publicKey }),
  );

  api.post(
    '/push/subscriptions',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'Push to this browser (its PushSubscription as JSON); again with new keys replaces it',
        security: BEARER_AUTH,
        body: PushSubscriptionBodySchema,
        response: { 201: PushSubscriptionAnswerSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { endpoint } = request.body;
      if (!isAllowedPushEndpoint(endpoint)) {
        const message = 'The endpoint must be a push service’s HTTPS address.';
        throw invalid(`endpoint: ${message}`, [{ field: 'endpoint', message }]);
      }
      const devices = await saveSubscription(app.db, currentUser(request).id, request.body);
      return reply.code(201).send({ devices });
    },
  );

  api.delete(
    '/push/subscriptions',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'No more push to this browser (by its endpoint)',
        security: BEARER_AUTH,
        body: PushUnsubscribeBodySchema,
        response: { 200: PushSubscriptionAnswerSchema, ...ERRORS },
      },
    },
    async (request) => ({
      devices: await deleteSubscription(app.db, currentUser(request).id, request.body.endpoint),
    }),
  );

  api.get(
    '/alert-settings',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'The caller’s channel (push, email, off) for each kind of alert',
        security: BEARER_AUTH,
        response: { 200: AlertSettingsSchema, ...ERRORS },
      },
    },
    async (request) => {
      const { id } = currentUser(request);
      return { channels: await readChannels(app.db, id), pushDevices: await countDevices(app.db, id) };
    },
  );

  api.put(
    '/alert-settings',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'Change the caller’s channel for some kinds of alert',
        security: BEARER_AUTH,
        body: AlertSettingsBodySchema,
        response: { 200: AlertSettingsSchema, ...ERRORS },
      },
    },
    async (request) => {
      const { id } = currentUser(request);
      await saveChannels(app.db, id, request.body.channels);
      return { channels: await readChannels(app.db, id), pushDevices: await countDevices(app.db, id) };
    },
  );
}
