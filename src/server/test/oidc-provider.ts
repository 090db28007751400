import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A real OpenID Connect provider (oidc-provider) on a free port of this machine, for the tests of
 * signing in with the school's provider (docs/decisions/0107-sign-in-with-the-schools-provider.md):
 * one static client that must use PKCE, the dev log-in page (any password; the login is the account
 * id), consent given without asking, and accounts whose claims the test sets.
 */

export interface ProviderAccount {
  email: string;
  email_verified: boolean;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The accounts by login; change them at will. */
  accounts: Map<string, ProviderAccount>;
  close(): Promise<void>;
}

export async function startTestProvider(redirectUri: string): Promise<TestProvider> {
  const clientId = 'schoolyard';
  const clientSecret = crypto.randomBytes(24).toString('base64url');
  const accounts = new Map<string, ProviderAccount>();
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  // The port first, so the issuer names it.
  const server = (await import('node:http')).createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Its warnings about its development settings (memory store, dev log-in page) are for deployments.
  const warn = console.warn;
  console.warn = () => {};
  let provider: Provider;
  try {
    provider = makeProvider();
  } finally {
    console.warn = warn;
  }
  function makeProvider(): Provider {
    return new Provider(issuer, {
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
      ttl: {
        AccessToken: 600,
        AuthorizationCode: 60,
        IdToken: 600,
        Interaction: 600,
        Session: 600,
        Grant: 600,
      },
      jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig', alg: 'RS256' }] },
      cookies: { keys: [crypto.randomBytes(32).toString('base64url')] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'] },
      features: { devInteractions: { enabled: true } },
      async findAccount(_ctx: KoaContextWithOIDC, id: string) {
        const account = accounts.get(id);
        if (!account) return undefined;
        return { accountId: id, claims: async () => ({ sub: id, ...account }) };
      },
      // A first-party client: the grant is given without a consent page.
      async loadExistingGrant(ctx: KoaContextWithOIDC) {
        const session = ctx.oidc.session;
        const client = ctx.oidc.client;
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
  }
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's cookies for one provider, by name (paths ignored: enough for the provider's few). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const equals = pair.indexOf('=');
      const name = pair.slice(0, equals).trim();
      const value = pair.slice(equals + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Goes through the provider's log-in as a person would in a browser: from the authorization address
 * to the address the provider sends back to (the app's callback, with its code and state).
 */
export async function logInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new CookieJar();
  let url = new URL(authorizationUrl);
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 10; hop += 1) {
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    });
    jar.take(response);
    body = undefined;
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== url.origin && !next.pathname.startsWith('/auth')) return next;
      url = next;
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(page)?.[1];
    if (!action || !prompt)
      throw new Error(`The provider answered ${response.status}: ${page.slice(0, 300)}`);
    url = new URL(action, url);
    body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
  }
  throw new Error('The provider never sent the browser back');
}
