/**
 * Authentication and roles, for every route that needs a logged-in user.
 *
 * A client sends `Authorization: Bearer <token>` (the token `POST /api/users/login` answered).
 * Guards are `onRequest` hooks, so nothing of the body is read before the caller is known:
 *
 * ```ts
 * import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
 *
 * api.get('/classes', {
 *   onRequest: app.requireSchoolUser,            // Student, Teacher, Principle or Parent; others 403
 *   schema: { tags: ['School'], security: BEARER_AUTH, response: { 200: ..., 401: ErrorBodySchema, 403: ErrorBodySchema } },
 * }, async (request) => {
 *   const user = currentUser(request);           // { id, type, name, status, sessionId }
 *   ...
 * });
 *
 * api.post('/studentclass', { onRequest: app.requireTypes(USER_TYPE.principal), ... }, handler);
 * api.post('/users/logout', { onRequest: app.authenticate, ... }, handler);   // any active user
 * ```
 *
 * - `app.authenticate`: any valid session (any user type). Missing, malformed, unknown, expired
 *   or revoked token -> 401 `UNAUTHORIZED`.
 * - `app.requireSchoolUser`: authenticate, then the type must have a school area (SCHOOL_TYPES);
 *   Director, HOD, Pion, Gard, Driver and Parent get 403 `FORBIDDEN`.
 * - `app.requireTypes(...types)`: authenticate, then one of `types`, else 403 `FORBIDDEN`.
 *
 * Each guard authenticates by itself (once per request), so one guard is enough; listing
 * `[app.authenticate, app.requireTypes(USER_TYPE.principal)]` works too. Record-level rules ("a teacher
 * sees the pupils of the classes they teach") belong in the feature's policy function, and a
 * record the caller may not see is a 404 (docs/contract/api.md#errors).
 *
 * Every answer of a guarded route, refusals included, says `Cache-Control: no-store`
 * (PRIVATE_CACHE_CONTROL; docs/decisions/0039-private-answers-and-limits.md): what a signed-in caller
 * gets is theirs alone (a child's medical notes, a family's fees), so no browser or proxy keeps it.
 * A route may say more (`private, no-store`), never less.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_ERROR_CODES } from '../../shared/api/error-codes.js';
import { ROLLOVER_MESSAGES } from '../../shared/api/rollover.js';
import {
  type AccountStatus,
  isSchoolType,
  SCHOOL_TYPES,
  USER_TYPE,
  USER_TYPES,
  type UserType,
} from '../../shared/constants.js';
import type { Db } from '../db/connect.js';
import { forbidden, HttpError, unauthorized } from '../lib/errors.js';

/** Who a valid token belongs to; `request.user` holds this on authenticated routes. */
export interface SessionUser {
  id: number;
  type: UserType;
  name: string;
  status: AccountStatus;
  /** The session the request came with, so a password change can keep it and end the others. */
  sessionId: number;
  /**
   * Archived by the year rollover (docs/decisions/0091-the-year-rollover.md): the account reads
   * (GET) and signs out, nothing else.
   */
  archived?: boolean;
}

export interface AuthPluginOptions {
  /**
   * The user of a session token, or undefined when it names no live session. Given by app.ts
   * (features/auth/session.ts), so that this plugin depends on no feature.
   */
  findSessionUser: (db: Db, token: string) => Promise<SessionUser | undefined>;
}

/** An `onRequest` guard; usable alone or in an array in route options. */
export type AuthGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: AuthGuard;
    requireSchoolUser: AuthGuard;
    requireTypes(...types: UserType[]): AuthGuard;
  }
  interface FastifyRequest {
    /** Set by the guards above; null on routes without one. Read it with `currentUser(request)`. */
    user: SessionUser | null;
  }
}

/** The Cache-Control of every answer of a guarded route: no cache on the way keeps a copy. */
export const PRIVATE_CACHE_CONTROL = 'no-store';

/** Whether a Cache-Control value already forbids keeping the answer (`no-store`, maybe with more). */
export const forbidsStoring = (cacheControl: unknown): boolean =>
  typeof cacheControl === 'string' && /(?:^|[\s,])no-store(?:$|[\s,=])/i.test(cacheControl);

/** `security` of an authenticated route's schema, for the OpenAPI document. */
export const BEARER_AUTH = [{ bearerAuth: [] }];

/**
 * The OpenAPI extension naming the account types a route's guard lets through (all of
 * USER_TYPES for `app.authenticate`), so that the document, and docs/contract/api.md generated
 * from it, say who may call what. Written from the guard itself, so it cannot drift from the code.
 */
export const CALLERS_EXTENSION = 'x-callers';

/** What an archived account may still do: read, and sign out. */
const READS = new Set(['GET', 'HEAD']);
const SIGN_OUT = '/api/users/logout';

const callersOfGuard = new WeakMap<AuthGuard, readonly UserType[]>();

const MESSAGES = {
  missing: 'Please log in.',
  ended: 'Your session has ended. Please log in again.',
  noSchoolArea: 'The school area is not available for your account type yet.',
  wrongType: (types: readonly string[]) =>
    types.length === 1 && types[0] === USER_TYPE.principal
      ? 'Only the principal may do that.'
      : `Only these account types may do that: ${types.join(', ')}.`,
};

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  return match?.[1];
}

/** The logged-in user of a guarded route; throws 401 if a route forgot its guard. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized(MESSAGES.missing);
  return request.user;
}

export const authPlugin = fp(
  async (app: FastifyInstance, { findSessionUser }: AuthPluginOptions) => {
    app.decorateRequest('user', null);

    // The requests that met a guard: their answers are private even when the guard refused them.
    const guarded = new WeakSet<FastifyRequest>();

    const authenticate: AuthGuard = async (request) => {
      guarded.add(request);
      if (!request.user) {
        const token = bearerToken(request.headers.authorization);
        if (!token) throw unauthorized(MESSAGES.missing);
        const user = await findSessionUser(app.db, token);
        if (!user) throw unauthorized(MESSAGES.ended);
        request.user = user;
      }
      if (request.user.archived && !READS.has(request.method) && request.routeOptions.url !== SIGN_OUT)
        throw new HttpError(403, AUTH_ERROR_CODES.accountArchived, ROLLOVER_MESSAGES.accountArchived);
    };

    const requireSchoolUser: AuthGuard = async (request, reply) => {
      await authenticate(request, reply);
      if (!isSchoolType(currentUser(request).type)) throw forbidden(MESSAGES.noSchoolArea);
    };

    const requireTypes = (...types: UserType[]): AuthGuard => {
      if (types.length === 0) throw new Error('requireTypes needs at least one type');
      const guard: AuthGuard = async (request, reply) => {
        await authenticate(request, reply);
        if (!types.includes(currentUser(request).type)) throw forbidden(MESSAGES.wrongType(types));
      };
      callersOfGuard.set(guard, types);
      return guard;
    };

    // The one place that keeps signed-in callers' answers out of caches.
    const keepPrivate = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (
        (request.user !== null || guarded.has(request)) &&
        !forbidsStoring(reply.getHeader('cache-control'))
      ) {
        reply.header('cache-control', PRIVATE_CACHE_CONTROL);
      }
      return payload;
    };

    callersOfGuard.set(authenticate, USER_TYPES);
    callersOfGuard.set(requireSchoolUser, SCHOOL_TYPES);
    app.addHook('onRoute', (route) => {
      // A route's own onSend hooks run after those of every plugin around it: last of all, this one
      // sees the headers the route and its plugins set (a route that said `no-cache` gets `no-store`).
      route.onSend = [...[route.onSend ?? []].flat(), keepPrivate];
      const guards = [route.onRequest ?? []].flat() as AuthGuard[];
      const callers = guards.map((guard) => callersOfGuard.get(guard)).filter((types) => types !== undefined);
      // Every guard must let the caller through, so the narrowest list is the route's.
      const narrowest = callers.sort((a, b) => a.length - b.length)[0];
      if (narrowest && route.schema) {
        const callers: Record<string, string[]> = { [CALLERS_EXTENSION]: [...narrowest] };
        route.schema = { ...route.schema, ...callers };
      }
    });

    app.decorate('authenticate', authenticate);
    app.decorate('requireSchoolUser', requireSchoolUser);
    app.decorate('requireTypes', requireTypes);
  },
  { name: 'schoolyard-auth' },
);
