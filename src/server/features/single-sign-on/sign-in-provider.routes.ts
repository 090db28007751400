import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SSO_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import {
  SignInProviderCheckInputSchema,
  SignInProviderCheckSchema,
  SignInProviderInputSchema,
  SignInProviderSchema,
  SSO_MESSAGES,
} from '../../../shared/api/single-sign-on.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { HttpError } from '../../lib/errors.js';
import { DENIED } from '../../lib/school-routes.js';
import { lazySecretBox } from '../../lib/secret-box.js';
import { BEARER_AUTH } from '../../plugins/auth.js';
import {
  checkProvider,
  providerInForce,
  providerView,
  saveProviderSettings,
} from './sign-in-provider.service.js';
import { SSO_CALLBACK_PATH } from './single-sign-on.routes.js';

const TAGS = ['Accounts'];

/** A check reaches out to the address the principal typed: a few a minute are plenty. */
const CHECK_RATE_LIMIT = { max: 10, timeWindow: '1 minute' } as const;

/**
 * The principal's sign-in provider (docs/decisions/0114-the-principal-sets-the-sign-in-provider.md):
 * who may sign in with it, whether staff must, and its connection when the environment names none.
 */
export async function signInProviderRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const onlyPrincipal = app.requireTypes(USER_TYPE.principal);
  const box = lazySecretBox(app.config);
  const redirectUri = `${app.config.mail.publicUrl}${SSO_CALLBACK_PATH}`;
  const view = async () => providerView(await providerInForce(app.db, app.config), redirectUri, box);

  api.get(
    '/admin/sign-in-provider',
    {
      onRequest: onlyPrincipal,
      schema: {
        tags: TAGS,
        summary: 'The school’s sign-in provider: who may use it, whether staff must, and its connection',
        description:
          '`connection.source` is `environment` when the server’s OIDC_* variables name the provider (shown, ' +
          'not changed here), `school` when the principal entered it, `none` without one. The client secret ' +
          'is never sent: `secretSet` says whether one is kept, `secretReadable` whether it opens with this ' +
          'server’s key. `chosen` is false until the principal saves (OIDC_FOR and OIDC_STAFF_MUST apply).',
        security: BEARER_AUTH,
        response: { 200: SignInProviderSchema, ...DENIED },
      },
    },
    view,
  );

  api.put(
    '/admin/sign-in-provider',
    {
      onRequest: onlyPrincipal,
      schema: {
        tags: TAGS,
        summary:
          'Set who may sign in with the provider, whether staff must, and (without OIDC_*) its connection',
        description:
          'Applies at the next log-in, in every server process; the login page follows. Staff other than ' +
          'the principal are refused a password log-in (403 SSO_REQUIRED) only while a provider is set and ' +
          '`staffMust` is true. An empty `issuerUrl` and `clientId`: no provider of the school’s own. An ' +
          'empty `clientSecret` keeps the one kept; `removeSecret` forgets it. The secret is stored sealed ' +
          'with a key kept outside the database. 409 SSO_SET_BY_ENVIRONMENT when a connection field is given ' +
          'while the environment names the provider.',
        security: BEARER_AUTH,
        body: SignInProviderInputSchema,
        response: { 200: SignInProviderSchema, 400: ErrorBodySchema, ...DENIED, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      await saveProviderSettings(app.db, app.config, box, request.body, new Date());
      return view();
    },
  );

  api.post(
    '/admin/sign-in-provider/check',
    {
      onRequest: onlyPrincipal,
      config: { rateLimit: CHECK_RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary: 'Check a provider: run its discovery and say whether it answers as an OpenID provider',
        description:
          '`issuerUrl` "" checks the provider in use (409 SSO_NO_PROVIDER when there is none). The answer ' +
          'is 200 either way: `ok`, or a `failure` (unreachable, certificate, timeout, badAnswer, ' +
          'notProvider, issuerMismatch) with a technical `detail`. Waits at most ten seconds.',
        security: BEARER_AUTH,
        body: SignInProviderCheckInputSchema,
        response: {
          200: SignInProviderCheckSchema,
          400: ErrorBodySchema,
          ...DENIED,
          409: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      let issuer = request.body.issuerUrl;
      let clientId = '';
      if (issuer === '') {
        const { connection } = await providerInForce(app.db, app.config);
        if (!connection) throw new HttpError(409, SSO_ERROR_CODES.noProvider, SSO_MESSAGES.noProvider);
        issuer = connection.issuer;
        clientId = connection.clientId;
      }
      return checkProvider(issuer, clientId);
    },
  );
}
