/**
 * Cuts off a request whose body trickles in (docs/decisions/0010-shutdown-and-timeouts.md).
 *
 * Node's own limits, set in app.ts from the config, cover the rest: `headersTimeout` (the headers,
 * and a connection that never sends a byte), `requestTimeout` (a whole request), `keepAliveTimeout`
 * and the socket's inactivity timeout. None of them tells a phone sending ten photos over a poor
 * link from a client sending one byte a second to hold the connection: both keep bytes coming, and
 * both need a long time to finish. Their rate tells them apart. After a head start as long as the
 * headers timeout, a body must have come at `bodyMinRate` bytes a second on average since its
 * headers; otherwise the server answers 408 and closes the connection, as Node does when one of its
 * own timeouts runs out. Counted from the socket's `bytesRead`, so the body stream is never touched.
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { COMMON_ERROR_CODES } from '../../shared/api/error-codes.js';
import { requestedLocale, translatorFor } from '../lib/i18n.js';
import { schoolLanguages } from '../lib/school-languages.js';
import { requestIdOf } from './request-id.js';

interface Watched {
  request: IncomingMessage;
  response: ServerResponse;
  /** performance.now() and the socket's bytesRead when the headers had arrived. */
  startedAt: number;
  bytesAtStart: number;
}

const CHECK_EVERY_MS = 1_000;
const LINGER_MS = 2_000;

/** The 408 in the language the request asks for among the school's (the default when the database does not say). */
async function timeoutAnswer(app: FastifyInstance, request: IncomingMessage): Promise<string> {
  const school = await schoolLanguages(app.db).catch(() => undefined);
  const locale = requestedLocale(request, school?.languages, school?.language);
  const body = JSON.stringify({
    error: {
      code: COMMON_ERROR_CODES.requestTimeout,
      message: translatorFor(locale).t('errors.request.bodyTooSlow'),
    },
  });
  return (
    'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}

/** Watches every request with a body that has not fully arrived with its headers. */
export async function slowBodiesPlugin(app: FastifyInstance): Promise<void> {
  const { headers: headStart, bodyMinRate } = app.config.timeouts;
  const watched = new Set<Watched>();
  let timer: NodeJS.Timeout | undefined;

  function check(): void {
    const now = performance.now();
    for (const entry of watched) {
      const { request, response } = entry;
      const socket = request.socket;
      if (request.complete || socket.destroyed) {
        watched.delete(entry);
        continue;
      }
      const seconds = (now - entry.startedAt - headStart) / 1000;
      if (seconds <= 0 || socket.bytesRead - entry.bytesAtStart >= seconds * bodyMinRate) continue;
      watched.delete(entry);
      app.log.info(
        {
          reqId: requestIdOf(request),
          method: request.method,
          url: request.url,
          remoteAddress: socket.remoteAddress,
        },
        'request body arrived too slowly; connection closed',
      );
      if (response.headersSent || !socket.writable) {
        socket.destroy();
        continue;
      }
      void timeoutAnswer(app, request).then((answer) => {
        if (response.headersSent || !socket.writable) return socket.destroy();
        // Ended, not destroyed at once: closing a socket with unread bytes sends a reset, which can
        // make the client drop the answer unread. The client closes its end on ours; if it does not,
        // the socket goes after a moment anyway.
        socket.end(answer);
        setTimeout(() => socket.destroy(), LINGER_MS).unref();
      });
    }
    if (watched.size === 0) stop();
  }

  function stop(): void {
    clearInterval(timer);
    timer = undefined;
  }

  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const hasBody =
      request.headers['transfer-encoding'] !== undefined ||
      Number(request.headers['content-length'] ?? 0) > 0;
    if (!hasBody || request.complete) return;
    watched.add({
      request,
      response,
      startedAt: performance.now(),
      bytesAtStart: request.socket.bytesRead,
    });
    timer ??= setInterval(check, CHECK_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => {
    stop();
    watched.clear();
  });
}
