import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COMMON_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import {
  SSO_MESSAGES,
  SSO_PENDING_MINUTES,
  type SsoAudience,
  SsoCallbackQuerySchema,
  type SsoOptions,
  SsoOptionsSchema,
} from '../../../shared/api/single-sign-on.js';
import { SESSION_COOKIE, SESSION_DAYS } from '../../../shared/constants.js';
import { NOT_MODIFIED } from '../../lib/cached-answer.js';
import { HttpError } from '../../lib/errors.js';
import { lazySecretBox } from '../../lib/secret-box.js';
import { deviceCookie, deviceTokensOf } from '../auth/device-login.js';
import { buttonNameOf, connectionFor, providerInForce } from './sign-in-provider.service.js';
import { SingleSignOn } from './single-sign-on.service.js';

/**
 * `GET users/login/sso`, `.../start` and `.../callback`
 * (docs/decisions/0107-sign-in-with-the-schools-provider.md). They sit under `/api/users/login`
 * so that the device cookie (Path=/api/users/login, auth/device-login.ts) comes with the callback,
 * which leaves the device known to the account as a password log-in does.
 */
export const SSO_BASE = '/api/users/login/sso';
export const SSO_CALLBACK_PATH = `${SSO_BASE}/callback`;
const CALLBACK_PATH = SSO_CALLBACK_PATH;

/** The browser's half of a sign-in under way: the state, HttpOnly, for the callback only. */
const STATE_COOKIE = 'kids_pre_sso_state';

const START_RATE_LIMIT = { max: 30, timeWindow: '10 minutes' } as const;

function cookie(
  name: string,
  value: string,
  path: string,
  maxAgeSeconds: number,
  secure: boolean,
  httpOnly: boolean,
) {
  const parts = [`${name}=${value}`, `Path=${path}`, `Max-Age=${maxAgeSeconds}`, 'SameSite=Lax'];
  if (httpOnly) parts.push('HttpOnly');
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const equals = pair.indexOf('=');
    if (equals > 0 && pair.slice(0, equals).trim() === name) return pair.slice(equals + 1).trim();
  }
  return undefined;
}

export async function singleSignOnRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const publicUrl = app.config.mail.publicUrl;
  const secure = publicUrl.startsWith('https:');
  const redirectUri = `${publicUrl}${CALLBACK_PATH}`;
  const box = lazySecretBox(app.config);
  // The provider as the principal or the environment sets it, read at each sign-in: a change made
  // through any server process holds at the next (docs/decisions/0114-the-principal-sets-the-sign-in-provider.md).
  // The client (and its discovered metadata) is kept while the connection stays the same.
  let kept: { key: string; sso: SingleSignOn } | undefined;
  const current = async (): Promise<{ sso: SingleSignOn; audience: SsoAudience } | undefined> => {
    const inForce = await providerInForce(app.db, app.config);
    if (!inForce.connection) return undefined;
    const connection = connectionFor(inForce.connection, box);
    const key = JSON.stringify([connection.issuer, connection.clientId, connection.clientSecret ?? null]);
    if (kept?.key !== key) kept = { key, sso: new SingleSignOn(connection, redirectUri) };
    return { sso: kept.sso, audience: inForce.audience };
  };
  const off = () => new HttpError(404, COMMON_ERROR_CODES.notFound, SSO_MESSAGES.notFound);
  const clearState = cookie(STATE_COOKIE, '', CALLBACK_PATH, 0, secure, true);
  const options = async (): Promise<SsoOptions> => {
    const inForce = await providerInForce(app.db, app.config);
    return inForce.connection
      ? { enabled: true, name: buttonNameOf(inForce.connection), audience: inForce.audience }
      : { enabled: false, name: '', audience: inForce.audience };
  };
  // Kept for the server rendering of the login page (pages/server-pages.ts reads it): the button is
  // in the page's first HTML, and the login form's island gets the name from there. Kept by the
  // content version, which a change of the principal's settings raises.
  const keptOptions = app.keptAnswers.add(`${app.prefix}/users/login/sso`, SsoOptionsSchema, options);

  api.get(
    '/users/login/sso',
    {
      schema: {
        tags: ['Accounts'],
        summary: 'Whether the login page offers "Sign in with {name}", the school’s OpenID Connect provider',
        description:
          '`audience`: who may use it (staff, parents or both). Answers with a strong `ETag` and ' +
          '`Cache-Control: no-cache`; with `If-None-Match` naming the current tag, 304 without a body.',
        response: { 200: SsoOptionsSchema, 304: NOT_MODIFIED },
      },
    },
    (request, reply) => keptOptions.send(request, reply),
  );

  api.get(
    '/users/login/sso/start',
    {
      config: { rateLimit: START_RATE_LIMIT },
      schema: {
        tags: ['Accounts'],
        summary: 'Start signing in with the school’s provider: 303 to its log-in page',
        description:
          'Authorization code with PKCE, state and nonce; the sign-in must come back within ' +
          `${SSO_PENDING_MINUTES} minutes, in the same browser (an HttpOnly cookie holds the state). ` +
          'When the provider cannot be reached, 303 to /login?sso=failed. 404 when the school has none.',
        response: { 303: z.null().describe('To the provider'), 404: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const provider = await current();
      if (!provider) throw off();
      let started: { url: URL; state: string };
      try {
        started = await provider.sso.start(app.db);
      } catch (error) {
        request.log.warn({ err: error }, 'The OpenID provider could not be reached');
        return reply.redirect('/login?sso=failed', 303);
      }
      reply.header(
        'set-cookie',
        cookie(STATE_COOKIE, started.state, CALLBACK_PATH, SSO_PENDING_MINUTES * 60, secure, true),
      );
      return reply.redirect(started.url.href, 303);
    },
  );

  api.get(
    '/users/login/sso/callback',
    {
      config: { rateLimit: START_RATE_LIMIT },
      schema: {
        tags: ['Accounts'],
        summary: 'The provider’s answer: a session, as a password log-in opens, and 303 to /dashboard',
        description:
          'The id token’s email must be verified by the provider (email_verified true) and name an ' +
          'account the school lets sign in this way; no account is made. A refusal is 303 to ' +
          '/login?sso=<reason> (unverified, unknown, notAllowed, pending, rejected, archived, expired, ' +
          'failed). A success sets the session cookie (kids_pre_token) and the device cookie.',
        querystring: SsoCallbackQuerySchema,
        response: {
          303: z.null().describe('To the dashboard, or back to the login page'),
          404: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const provider = await current();
      if (!provider) throw off();
      const outcome = await provider.sso.finish(app.db, {
        callbackUrl: new URL(request.url, publicUrl),
        browserState: cookieValue(request.headers.cookie, STATE_COOKIE),
        deviceTokens: deviceTokensOf(request.headers.cookie),
        audience: provider.audience,
      });
      if (!outcome.ok) {
        request.log.info(
          { refusal: outcome.refusal, detail: outcome.detail },
          'A sign-in with the provider was refused',
        );
        reply.header('set-cookie', clearState);
        return reply.redirect(`/login?sso=${outcome.refusal}`, 303);
      }
      reply.header('set-cookie', [
        clearState,
        // The same cookie the login page stores after a password log-in (web/lib/session.ts): scripts
        // read it, so it is not HttpOnly.
        cookie(SESSION_COOKIE, outcome.token, '/', SESSION_DAYS * 24 * 60 * 60, secure, false),
        deviceCookie(outcome.deviceToken, publicUrl),
      ]);
      return reply.redirect('/dashboard', 303);
    },
  );
}
