import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { COMMON_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import type { LiveEvent } from '../../../shared/api/live.js';
import { SESSION_COOKIE } from '../../../shared/constants.js';
import { HttpError } from '../../lib/errors.js';
import { BEARER_AUTH, currentUser, PRIVATE_CACHE_CONTROL } from '../../plugins/auth.js';
import { findSessionUser } from '../auth/session.js';
import { type Audience, audienceOf, hears } from './audience.js';

/**
 * How often the stream says it is alive (proxies close quiet connections; the browser learns of a
 * dead one) and how often it reads again whom the user may hear of and whether their session
 * still stands. Tests shorten them.
 */
export const EVENT_STREAM_TIMING = { heartbeatMs: 25_000, refreshMs: 60_000 };

/** The session token of an EventSource, which sends the app's cookie and cannot set a header. */
function sessionToken(request: FastifyRequest): string | undefined {
  const bearer = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '')?.[1];
  if (bearer) return bearer;
  for (const pair of request.headers.cookie?.split(';') ?? []) {
    const [name, ...value] = pair.trim().split('=');
    if (name !== SESSION_COOKIE) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * `GET /api/events`: the school area's server-sent events (docs/decisions/0081-push-and-live.md).
 * Each `live` event names a kind and a child; the browser asks again for what it shows. A user
 * hears only of the children whose day they may read (audience.ts); the stream ends when the
 * server drains or closes, and when the session has ended (checked with the audience).
 */
export async function eventsRoutes(app: FastifyInstance): Promise<void> {
  const streams = new Set<() => void>();
  const endAll = () => {
    for (const end of [...streams]) end();
  };
  const stopDrain = app.onDrain(endAll);
  app.addHook('preClose', async () => {
    stopDrain();
    endAll();
  });

  app.get(
    '/events',
    {
      onRequest: [
        async (request) => {
          // The guard reads the bearer header; an EventSource has the session cookie instead.
          const token = sessionToken(request);
          if (!request.headers.authorization && token) request.headers.authorization = `Bearer ${token}`;
        },
        app.requireSchoolUser,
      ],
      schema: {
        tags: ['Live'],
        summary: 'The events of the children whose day the caller may read (text/event-stream)',
        description:
          'Server-sent events: `event: live` with a LiveEvent ({kind, childId}) as data; a comment line as heartbeat. Needs `Accept: text/event-stream`; the session may come as the session cookie.',
        security: BEARER_AUTH,
        response: {
          200: z.string().describe('An endless text/event-stream'),
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      if (!(request.headers.accept ?? '').includes('text/event-stream')) {
        throw new HttpError(
          400,
          COMMON_ERROR_CODES.badRequest,
          'This is an event stream: ask with Accept: text/event-stream.',
        );
      }
      const user = currentUser(request);
      const token = sessionToken(request) ?? '';
      let audience: Audience = await audienceOf(app.db, user);

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': PRIVATE_CACHE_CONTROL,
        connection: 'keep-alive',
        // Proxies (nginx) must pass each event on at once.
        'x-accel-buffering': 'no',
      });
      // The browser waits 3 s before it connects again after the stream ended.
      raw.write('retry: 3000\n\n');

      let ended = false;
      const send = (event: LiveEvent) => {
        if (!ended && hears(audience, event.childId))
          raw.write(`event: live\ndata: ${JSON.stringify(event)}\n\n`);
      };
      const stopSignals = app.signals.subscribe((signal) => {
        if (signal.channel === 'live') send(signal.event);
        // Events may have been missed (this process's LISTEN connection was down): the browser
        // asks again for everything the live events concern.
        else if (signal.channel === 'resync' && !ended) raw.write('event: resync\ndata: {}\n\n');
      });
      const heartbeat = setInterval(() => {
        if (!ended) raw.write(': alive\n\n');
      }, EVENT_STREAM_TIMING.heartbeatMs);
      const refresh = setInterval(async () => {
        try {
          const still = await findSessionUser(app.db, token);
          if (!still) return end();
          audience = await audienceOf(app.db, still);
        } catch (error) {
          request.log.warn({ err: error }, 'event stream: could not read the audience again');
        }
      }, EVENT_STREAM_TIMING.refreshMs);
      function end(): void {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        clearInterval(refresh);
        stopSignals();
        streams.delete(end);
        raw.end();
      }
      streams.add(end);
      raw.once('close', end);
      if (app.draining) end();
    },
  );
}
