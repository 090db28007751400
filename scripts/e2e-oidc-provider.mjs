// The school's OpenID Connect provider for the end-to-end tests: a real oidc-provider on a free port
// of this machine, started by scripts/e2e-server.mjs before the server under test, which it names in
// OIDC_* (docs/decisions/0107-sign-in-with-the-schools-provider.md). Its log-in page is oidc-provider's
// own development page (any password; the login is the account id); the consent is given without a
// page, as for the school's own, first-party client. src/server/test/oidc-provider.ts is its twin for
// the API tests, with accounts the test sets; here the accounts are fixed (E2E_OIDC_ACCOUNTS).
import crypto from 'node:crypto';
import http from 'node:http';
import Provider from 'oidc-provider';

/** The name the login page shows: "Sign in with {name}". */
export const E2E_OIDC_NAME = 'Demo School ID';

/** The provider's accounts by login: what each one's id token says. */
export const E2E_OIDC_ACCOUNTS = {
  /** The demo teacher, whose email the provider vouches for. */
  'teacher@demo.school': { email: 'teacher@demo.school', email_verified: true },
  /** The demo teacher's email, unverified: the app must refuse it. */
  'unverified-teacher': { email: 'teacher@demo.school', email_verified: false },
};

/**
 * Starts the provider for the app whose callback is `redirectUri`; answers its issuer, client and the
 * OIDC_* variables that name it to the app (for parents and staff alike, password log-in still on).
 */
export async function startE2eOidcProvider(redirectUri) {
  const clientId = 'schoolyard-e2e';
  const clientSecret = crypto.randomBytes(24).toString('base64url');
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  // The port first, so that the issuer names it.
  const server = http.createServer();
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const issuer = `http://127.0.0.1:${server.address().port}`;
  // Its warnings about its development settings (memory store, dev log-in page) are for deployments.
  const warn = console.warn;
  console.warn = () => undefined;
  let provider;
  try {
    provider = new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: [redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      pkce: { required: () => true },
      jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'e2e', use: 'sig', alg: 'RS256' }] },
      cookies: { keys: [crypto.randomBytes(32).toString('base64url')] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'] },
      features: { devInteractions: { enabled: true } },
      async findAccount(_ctx, id) {
        const account = Object.hasOwn(E2E_OIDC_ACCOUNTS, id) ? E2E_OIDC_ACCOUNTS[id] : undefined;
        if (!account) return undefined;
        return { accountId: id, claims: async () => ({ sub: id, ...account }) };
      },
      // A first-party client: the grant is given without a consent page.
      async loadExistingGrant(ctx) {
        const { session, client } = ctx.oidc;
        if (!session?.accountId || !client) return undefined;
        const grant = new ctx.oidc.provider.Grant({
          clientId: client.clientId,
          accountId: session.accountId,
        });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
    });
  } finally {
    console.warn = warn;
  }
  server.on('request', provider.callback());
  return {
    issuer,
    env: {
      OIDC_ISSUER_URL: issuer,
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: clientSecret,
      OIDC_NAME: E2E_OIDC_NAME,
      OIDC_FOR: 'both',
      OIDC_STAFF_MUST: 'false',
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
