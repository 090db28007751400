import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * A client that resets its connection right after sending a request leaves a request whose
 * socket is already destroyed, so it has no address (`request.ip` is undefined). Handling it would
 * be work for nobody, and worse: the rate limit and the log-in throttle count by address, and
 * `@fastify/rate-limit` throws a TypeError on the missing one, which was logged as a failure with
 * a stack. Such a request stops here, before any other hook, and is noted at debug level only: a
 * client going away is not an error of ours.
 *
 * Requests whose client goes away later (during the body, or while the answer is being made) are
 * noted at debug level through `onRequestAbort`.
 */
export const clientGonePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.raw.socket?.remoteAddress !== undefined) {
      done();
      return;
    }
    request.log.debug('the client went away before its request was handled');
    // Nobody is left to answer; hijacking ends the request's way through the hooks quietly.
    reply.hijack();
    request.raw.destroy();
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    request.log.debug('the client went away while its request was being handled');
    done();
  });
});
