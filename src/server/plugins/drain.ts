/**
 * Stopping without losing a request (docs/decisions/0010-shutdown-and-timeouts.md).
 *
 * `app.close()` alone loses requests on kept-alive connections: Fastify answers 503 to every request
 * that arrives while it closes, and Node's `http.Server#close()` destroys idle kept-alive sockets at
 * once, so a client that has just sent its next request on one gets a connection reset.
 * `app.drainAndClose()` (main.ts calls it on SIGTERM and SIGINT) instead:
 *
 * 1. marks the app draining: `GET /api/ready` answers 503, and every answer from then on carries
 *    `Connection: close`, so the server itself closes each kept-alive socket after its next answer;
 * 2. stops accepting connections with `net.Server#close()`, which, unlike `http.Server#close()`,
 *    leaves the open sockets alone and keeps Node's header and request timeouts running;
 * 3. closes a socket once it has had no request under way for `idleGrace` since the signal and since
 *    its last answer: its client is not using it, and the wait lets requests already on the wire in;
 * 4. when no socket is left (or, at `timeout` after the signal, after cutting the rest) runs
 *    `app.close()`, whose onClose hooks close the database.
 *
 * Only the main server's sockets are drained: with HOST=localhost Fastify also listens on a second
 * address, and that server closes the way `app.close()` closes it.
 */
import net, { type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** True from the start of `drainAndClose()`. */
    readonly draining: boolean;
    /** Lets every request that reached the server finish, then closes the app and its database. */
    drainAndClose(): Promise<void>;
    /**
     * Calls `listener` when the drain starts: an answer that never ends by itself (an event stream)
     * ends then, so the drain need not wait for its timeout. Returns the way to stop listening.
     */
    onDrain(listener: () => void): () => void;
  }
}

interface SocketState {
  /** Requests whose headers arrived and whose answer is not finished. */
  busy: number;
  /** When the socket last had no request under way (performance.now()). */
  idleSince: number;
}

export const drainPlugin = fp(async (app: FastifyInstance) => {
  const { idleGrace, timeout } = app.config.shutdown;
  const sockets = new Map<Socket, SocketState>();
  let draining = false;
  let drainStartedAt = 0;
  let closed: Promise<void> | undefined;

  app.server.on('connection', (socket: Socket) => {
    sockets.set(socket, { busy: 0, idleSince: performance.now() });
    socket.once('close', () => sockets.delete(socket));
  });
  app.server.on('request', (request, response) => {
    // Requests made with app.inject have no socket of the server.
    const state = sockets.get(request.socket);
    if (!state) return;
    state.busy += 1;
    response.once('close', () => {
      state.busy -= 1;
      state.idleSince = performance.now();
    });
  });
  // At the moment the answer is sent, so that requests already under way when the drain starts
  // close their connection too.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });

  app.decorate('draining', {
    getter: () => draining,
  });
  const drainListeners = new Set<() => void>();
  app.decorate('onDrain', (listener: () => void) => {
    drainListeners.add(listener);
    return () => {
      drainListeners.delete(listener);
    };
  });
  app.decorate('drainAndClose', () => {
    closed ??= drain().then(() => app.close());
    return closed;
  });

  async function drain(): Promise<void> {
    draining = true;
    drainStartedAt = performance.now();
    for (const listener of [...drainListeners]) listener();
    const server = app.server;
    if (!server.listening) return;
    await new Promise<void>((resolve) => {
      const reaper = setInterval(closeIdleSockets, Math.max(10, Math.min(100, idleGrace / 4)));
      const deadline = setTimeout(() => {
        app.log.warn(
          `${sockets.size} connection(s) still open ${timeout} ms after the shutdown began; closing them`,
        );
        for (const socket of sockets.keys()) socket.destroy();
      }, timeout);
      // The callback runs once the last connection has closed.
      net.Server.prototype.close.call(server, () => {
        clearInterval(reaper);
        clearTimeout(deadline);
        resolve();
      });
    });
  }

  function closeIdleSockets(): void {
    const now = performance.now();
    for (const [socket, state] of sockets) {
      if (state.busy === 0 && now - Math.max(state.idleSince, drainStartedAt) >= idleGrace) socket.destroy();
    }
  }
});
