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

const timeoutBody = JSON.stringify({
  error: { code: COMMON_ERROR_CODES.requestTimeout, message: 'The request body arrived too slowly.' },
});
const timeoutAnswer =
  'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n' +
  `Content-Length: ${Buffer.byteLength(timeoutBody)}\r\n\r\n${timeoutBody}`;

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
      // Ended, not destroyed at once: closing a socket with unread bytes sends a reset, which can
      // make the client drop the answer unread. The client closes its end on ours; if it does not,
      // the socket goes after a moment anyway.
      socket.end(timeoutAnswer);
      setTimeout(() => socket.destroy(), LINGER_MS).unref();
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
