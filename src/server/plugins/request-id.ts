/**
 * One id per request (docs/decisions/0034-several-processes.md): on every log line written for the
 * request (Fastify's `request.log` adds it as `reqId`) and on its answer as `X-Request-Id`, so that
 * a line in one server process's log, the load balancer's log and a user's report of an answer can
 * be matched. The load balancer's id is kept when it sends one; anything else a client sends there
 * is replaced, so that no stranger writes what they like into our logs.
 */
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const REQUEST_ID_HEADER = 'x-request-id';
/** A token a proxy would send (a UUID, a hex or base64url id, `lb-1.4711`). */
const SANE_ID = /^[A-Za-z0-9._-]{1,64}$/;

const idOfRequest = new WeakMap<IncomingMessage, string>();

/** Fastify's `genReqId`: the incoming `X-Request-Id` when it is a sane token, else a new random id. */
export function requestIdOf(request: IncomingMessage): string {
  let id = idOfRequest.get(request);
  if (id === undefined) {
    const sent = request.headers[REQUEST_ID_HEADER];
    id = typeof sent === 'string' && SANE_ID.test(sent) ? sent : crypto.randomUUID();
    idOfRequest.set(request, id);
  }
  return id;
}

/**
 * Puts the id on every answer. Set on the raw response in the first request hook, so that it is on
 * answers made outside the reply too (the content cache's early answers, errors, 404s).
 */
export const requestIdPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
      done();
    });
  },
  { name: 'schoolyard-request-id' },
);
