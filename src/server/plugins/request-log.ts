/**
 * One log line per request at `info` (Fastify's own two, "incoming request" and "request
 * completed", are switched off in app.ts): method, address, status and time, with the request's
 * id (request-id.ts). The load balancer's health and readiness probes, asked every few seconds
 * around the clock, write nothing: at `info` they would be most of the log.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** The probes' routes (features/health/health.routes.ts), as registered under /api. */
export const UNLOGGED_ROUTES: ReadonlySet<string> = new Set(['/api/health', '/api/ready']);

/** A key in an address (a password reset, a newsletter link) is not for the log: `token=…`. */
const LINK_KEY = /([?&]token=)[^&#]*/gi;

/** A calendar feed's secret address (features/calendar) is its key: `/calendar/feeds/….ics`. */
const FEED_KEY = /(\/calendar\/feeds\/)[^/?#.]+/gi;

/** The address as logged: path and query, with any link key left out. */
export const loggedUrl = (url: string): string => url.replace(LINK_KEY, '$1…').replace(FEED_KEY, '$1…');

const isProbe = (request: FastifyRequest): boolean =>
  UNLOGGED_ROUTES.has(request.routeOptions.url ?? '') || UNLOGGED_ROUTES.has(request.url.split('?')[0] ?? '');

/** The message of the line, the same for every request: the facts are its fields. */
export const REQUEST_LINE = 'request';

/**
 * Writes the request's line, from onResponse: it runs for every answer, a hijacked one too (the
 * content cache's early answers, lib/cached-answer.ts), and for 404s and errors.
 */
function logRequest(request: FastifyRequest, reply: FastifyReply): void {
  if (isProbe(request)) return;
  request.log.info(
    {
      method: request.method,
      url: loggedUrl(request.url),
      statusCode: reply.statusCode,
      // Milliseconds, to a tenth.
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    },
    REQUEST_LINE,
  );
}

export const requestLogPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onResponse', (request, reply, done) => {
      logRequest(request, reply);
      done();
    });
  },
  { name: 'schoolyard-request-log' },
);
