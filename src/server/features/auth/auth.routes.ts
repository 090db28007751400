import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import { passwordRefusedFor } from '../../../shared/api/single-sign-on.js';
import { LoginSchema, TokenSchema } from '../../../shared/api/users.js';
import { DENIED } from '../../lib/school-routes.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import { passwordPolicy } from '../single-sign-on/sign-in-provider.repository.js';
import {
  DEVICE_COOKIE,
  DEVICE_COOKIE_PATH,
  DEVICE_LOGIN_DAYS,
  deviceCookie,
  deviceTokensOf,
} from './device-login.js';
import { getDummyHash, logIn } from './login.js';
import { LOGIN_LIMITS } from './login-throttle.js';
import { revokeSession } from './session.js';

/** `POST users/login` and `POST users/logout` (docs/contract/api.md#tag-accounts). */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Computed ahead, so the first log-in with an unknown email is not slower than the others.
  await getDummyHash();

  api.post(
    '/users/login',
    {
      schema: {
        tags: ['Accounts'],
        summary: 'Log in with email and password; answers a token valid for 7 days',
        description:
          'Wrong email and wrong password get the same 401. Pending and rejected accounts get 403 ' +
          '(ACCOUNT_PENDING, ACCOUNT_REJECTED). Passwords checked without success: at most 5 for an ' +
          'account from one address and 20 from one address within 15 minutes, and 50 for an ' +
          'account from all addresses within an hour; then 429 TOO_MANY_ATTEMPTS with Retry-After ' +
          `(seconds). A successful log-in sets an HttpOnly device cookie (\`${DEVICE_COOKIE}\`, Path ` +
          `${DEVICE_COOKIE_PATH}, ${DEVICE_LOGIN_DAYS} days); a log-in to the same account that sends ` +
          `it back is counted on its own, at most ${LOGIN_LIMITS.accountOnDevice.max} in an hour, and ` +
          'is not stopped by the limits above. When the school makes staff sign in with its provider, ' +
          'a staff member other than the principal gets 403 SSO_REQUIRED after a right password. A staff account with two-factor sign-in (or one the school ' +
          'requires to have it) gets no token for its right password but 401 SECOND_FACTOR_REQUIRED, whose ' +
          '`details` are `{ challenge, enrol }` for `POST users/login/second-factor`.',
        body: LoginSchema,
        response: {
          200: TokenSchema,
          400: ErrorBodySchema,
          ...DENIED,
          429: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const loggedIn = await logIn(app.db, {
        email: request.body.email,
        password: request.body.password,
        address: request.ip,
        deviceTokens: deviceTokensOf(request.headers.cookie),
        // The provider and its policy as they are now (the principal may change them at any time).
        passwordRefusedFor: async (type) => {
          const policy = await passwordPolicy(app.db, app.config);
          return policy.provider && passwordRefusedFor(policy, type);
        },
        cookieHeader: request.headers.cookie,
      });
      reply.header('set-cookie', deviceCookie(loggedIn.deviceToken, app.config.mail.publicUrl));
      return { token: loggedIn.token };
    },
  );

  api.post(
    '/users/logout',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['Accounts'],
        summary: 'End this session: the token no longer works anywhere',
        security: BEARER_AUTH,
        response: { 204: z.null().describe('Logged out'), 401: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await revokeSession(app.db, currentUser(request).sessionId);
      return reply.code(204).send(null);
    },
  );
}
