import * as client from 'openid-client';
import { SSO_ERROR_CODES } from '../../../shared/api/error-codes.js';
import {
  type SignInProvider,
  type SignInProviderCheck,
  type SignInProviderInput,
  SSO_MESSAGES,
  type SsoAudience,
  type SsoCheckFailure,
} from '../../../shared/api/single-sign-on.js';
import { type Config, isLocalAddress, type SsoConnection } from '../../config.js';
import type { Db } from '../../db/connect.js';
import { HttpError } from '../../lib/errors.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { DEFAULT_POLICY, findStoredProvider, saveStoredProvider } from './sign-in-provider.repository.js';

/**
 * The provider in force and the principal's changes to it
 * (docs/decisions/0114-the-principal-sets-the-sign-in-provider.md). The connection is the
 * environment's when OIDC_ISSUER_URL names one (then the screen shows it read-only), else the one the
 * principal entered; who may use it and whether staff must are the principal's once chosen, else
 * OIDC_FOR and OIDC_STAFF_MUST.
 */

/** What the client secret is sealed for (lib/secret-box.ts): copied into another sealed column, it does not open. */
export const CLIENT_SECRET_PURPOSE = 'sso-client-secret';

type AppConfig = Pick<Config, 'sso' | 'ssoDefaults'>;

/** The provider's connection with where it comes from; the secret as kept (in clear only from the environment). */
export interface ConnectionInForce {
  source: 'environment' | 'school';
  issuer: string;
  clientId: string;
  name: string;
  secret: { kind: 'none' } | { kind: 'environment'; value: string } | { kind: 'sealed'; value: string };
}

export interface ProviderInForce {
  connection: ConnectionInForce | undefined;
  audience: SsoAudience;
  staffMust: boolean;
  /** Whether the principal has chosen (false: the environment's defaults apply). */
  chosen: boolean;
}

export async function providerInForce(db: Db, config: AppConfig): Promise<ProviderInForce> {
  const stored = await findStoredProvider(db);
  const defaults = config.ssoDefaults ?? DEFAULT_POLICY;
  const environment = config.sso;
  let connection: ConnectionInForce | undefined;
  if (environment) {
    connection = {
      source: 'environment',
      issuer: environment.issuer,
      clientId: environment.clientId,
      name: environment.name,
      secret:
        environment.clientSecret === undefined
          ? { kind: 'none' }
          : { kind: 'environment', value: environment.clientSecret },
    };
  } else if (stored?.connection) {
    const { issuer, clientId, name, clientSecretSealed } = stored.connection;
    connection = {
      source: 'school',
      issuer,
      clientId,
      name,
      secret:
        clientSecretSealed === undefined ? { kind: 'none' } : { kind: 'sealed', value: clientSecretSealed },
    };
  }
  return {
    connection,
    audience: stored?.audience ?? defaults.audience,
    staffMust: stored?.staffMust ?? defaults.staffMust,
    chosen: stored !== undefined,
  };
}

/** The name on the login page's button: the school's, else the issuer's host. */
export const buttonNameOf = (connection: Pick<ConnectionInForce, 'name' | 'issuer'>): string =>
  connection.name || new URL(connection.issuer).hostname;

/**
 * The client secret in clear, for the provider's token endpoint; undefined for a public client, and
 * for a sealed secret that does not open with this server's key (then the token endpoint refuses
 * the sign-in, and the principal's screen asks for the secret again).
 */
export function clientSecretOf(connection: ConnectionInForce, box: () => SecretBox): string | undefined {
  const { secret } = connection;
  if (secret.kind === 'none') return undefined;
  if (secret.kind === 'environment') return secret.value;
  return box().open(CLIENT_SECRET_PURPOSE, secret.value);
}

/** The connection as openid-client takes it. */
export const connectionFor = (connection: ConnectionInForce, box: () => SecretBox): SsoConnection => ({
  issuer: connection.issuer,
  clientId: connection.clientId,
  clientSecret: clientSecretOf(connection, box),
  name: connection.name,
});

/** The principal's screen: never the secret, only whether one is kept and whether it opens. */
export function providerView(
  inForce: ProviderInForce,
  redirectUri: string,
  box: () => SecretBox,
): SignInProvider {
  const { connection } = inForce;
  const secretSet = connection !== undefined && connection.secret.kind !== 'none';
  return {
    audience: inForce.audience,
    staffMust: inForce.staffMust,
    chosen: inForce.chosen,
    connection: {
      source: connection?.source ?? 'none',
      issuerUrl: connection?.issuer ?? '',
      clientId: connection?.clientId ?? '',
      name: connection?.name ?? '',
      secretSet,
      secretReadable:
        connection?.secret.kind !== 'sealed' ||
        box().open(CLIENT_SECRET_PURPOSE, connection.secret.value) !== undefined,
    },
    redirectUri,
  };
}

/**
 * Saves the principal's choices. With the environment naming the provider, the connection's fields
 * must be empty (it is not the screen's to change); otherwise an empty issuer forgets the school's
 * provider, secret and all, and an empty secret keeps the one kept.
 */
export async function saveProviderSettings(
  db: Db,
  config: AppConfig,
  box: () => SecretBox,
  input: SignInProviderInput,
  now: Date,
): Promise<void> {
  const stored = await findStoredProvider(db);
  const connectionGiven =
    input.issuerUrl !== '' ||
    input.clientId !== '' ||
    input.clientSecret !== '' ||
    input.name !== '' ||
    input.removeSecret;
  if (config.sso && connectionGiven)
    throw new HttpError(409, SSO_ERROR_CODES.setByEnvironment, SSO_MESSAGES.setByEnvironment);
  let connection = stored?.connection;
  if (!config.sso) {
    if (input.issuerUrl === '') {
      connection = undefined;
    } else {
      const kept = input.removeSecret ? undefined : stored?.connection?.clientSecretSealed;
      connection = {
        issuer: input.issuerUrl,
        clientId: input.clientId,
        name: input.name,
        clientSecretSealed:
          input.clientSecret !== '' ? box().seal(CLIENT_SECRET_PURPOSE, input.clientSecret) : kept,
      };
    }
  }
  await saveStoredProvider(db, { audience: input.audience, staffMust: input.staffMust, connection }, now);
}

/** How long a check waits for the provider. */
const CHECK_TIMEOUT_SECONDS = 10;

/**
 * Runs the provider's discovery (`<issuer>/.well-known/openid-configuration`) as a sign-in would, and
 * says whether it worked or why not.
 */
export async function checkProvider(issuer: string, clientId: string): Promise<SignInProviderCheck> {
  const insecure = isLocalAddress(issuer) && issuer.startsWith('http:');
  try {
    const configuration = await client.discovery(new URL(issuer), clientId || 'check', undefined, undefined, {
      timeout: CHECK_TIMEOUT_SECONDS,
      ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
    });
    const metadata = configuration.serverMetadata();
    return {
      ok: true,
      issuerUrl: issuer,
      detail: `authorization endpoint ${metadata.authorization_endpoint ?? '(none)'}`,
    };
  } catch (error) {
    const { failure, detail } = failureOf(error);
    return { ok: false, issuerUrl: issuer, failure, detail };
  }
}

/** openid-client's (and fetch's) errors in the screen's terms. */
function failureOf(error: unknown): { failure: SsoCheckFailure; detail: string } {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown }).code;
  const cause = (error as { cause?: unknown }).cause;
  if (code === 'OAUTH_TIMEOUT') return { failure: 'timeout', detail: message };
  if (code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED')
    return { failure: 'issuerMismatch', detail: message };
  if (code === 'OAUTH_RESPONSE_IS_NOT_CONFORM') {
    const status = cause instanceof Response ? ` (HTTP ${cause.status})` : '';
    return { failure: 'badAnswer', detail: `${message}${status}` };
  }
  if (typeof code === 'string' && code.startsWith('OAUTH_'))
    return { failure: 'notProvider', detail: message };
  // fetch's own: "fetch failed", with the network's reason as its cause.
  const causeCode = String((cause as { code?: unknown } | undefined)?.code ?? '');
  const causeMessage = cause instanceof Error ? cause.message : '';
  const detail = [message, causeCode, causeMessage].filter((part) => part !== '').join(': ');
  if (/CERT|SELF_SIGNED|TLS|SSL/i.test(causeCode)) return { failure: 'certificate', detail };
  if ((error as { name?: unknown }).name === 'TimeoutError') return { failure: 'timeout', detail };
  return { failure: 'unreachable', detail };
}
