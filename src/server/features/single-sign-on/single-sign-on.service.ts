import * as client from 'openid-client';
import {
  SSO_PENDING_MINUTES,
  type SsoAudience,
  type SsoRefusal,
  ssoAllowedFor,
} from '../../../shared/api/single-sign-on.js';
import { isLocalAddress, type SsoConnection } from '../../config.js';
import type { Db } from '../../db/connect.js';
import { nowIso } from '../../lib/time.js';
import { rememberDevice } from '../auth/device-login.js';
import { createSession, hashToken } from '../auth/session.js';
import { archivedAccessOpen } from '../rollover/rollover.repository.js';
import { emailKeyOf, findLoginRecord } from '../users/users.repository.js';

/**
 * Sign-in with the school's OpenID Connect provider, by authorization code with PKCE
 * (docs/decisions/0107-sign-in-with-the-schools-provider.md). `start` keeps the state's hash, the
 * nonce and the code verifier for a few minutes and answers the provider's address; `finish` takes
 * the provider's answer back, once, in the browser that started it, checks the id token (state,
 * nonce, PKCE, signature, issuer, audience: openid-client) and matches its verified email to an
 * account. What it opens is the product's own session, as a password log-in does.
 */

/** The outcome of a finished sign-in: a session, or why not (the login page says it). */
export type SsoOutcome =
  | { ok: true; token: string; deviceToken: string; userId: number }
  | { ok: false; refusal: SsoRefusal; detail?: string };

const refused = (refusal: SsoRefusal, detail?: string): SsoOutcome => ({ ok: false, refusal, detail });

export class SingleSignOn {
  private configuration: Promise<client.Configuration> | undefined;

  constructor(
    /** Who may use it is asked at each sign-in (`finish`): the principal may change it at any time. */
    readonly settings: SsoConnection,
    /** `${PUBLIC_URL}/api/sso/callback`: registered with the provider as the redirect URI. */
    readonly redirectUri: string,
  ) {}

  /** The provider's metadata, discovered once; a failure is retried at the next sign-in. */
  private discover(): Promise<client.Configuration> {
    this.configuration ??= client
      .discovery(
        new URL(this.settings.issuer),
        this.settings.clientId,
        { redirect_uris: [this.redirectUri] },
        this.settings.clientSecret === undefined
          ? client.None()
          : client.ClientSecretPost(this.settings.clientSecret),
        // Plain http only to a provider on this machine (tests); config.ts refuses it elsewhere.
        isLocalAddress(this.settings.issuer) && this.settings.issuer.startsWith('http:')
          ? { execute: [client.allowInsecureRequests], timeout: 10 }
          : { timeout: 10 },
      )
      .catch((error: unknown) => {
        this.configuration = undefined;
        throw error;
      });
    return this.configuration;
  }

  /** Starts a sign-in: answers the provider's address and the state the browser keeps. */
  async start(db: Db, now: Date = new Date()): Promise<{ url: URL; state: string }> {
    const configuration = await this.discover();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const codeVerifier = client.randomPKCECodeVerifier();
    const codeChallenge = await client.calculatePKCECodeChallenge(codeVerifier);
    const nowText = now.toISOString();
    await db.deleteFrom('sso_pending').where('expires_at', '<=', nowText).execute();
    await db
      .insertInto('sso_pending')
      .values({
        state_hash: hashToken(state),
        nonce,
        code_verifier: codeVerifier,
        created_at: nowText,
        expires_at: new Date(now.getTime() + SSO_PENDING_MINUTES * 60_000).toISOString(),
      })
      .execute();
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url, state };
  }

  /**
   * Finishes a sign-in. `callbackUrl` is the address the provider sent the browser to (with its
   * `code` and `state`); `browserState` the state the browser kept from `start`; `audience` who the
   * school lets sign in this way now. The pending row is used up whatever happens next, so an answer
   * is never taken twice.
   */
  async finish(
    db: Db,
    input: {
      callbackUrl: URL;
      browserState: string | undefined;
      deviceTokens: readonly string[];
      audience: SsoAudience;
    },
  ): Promise<SsoOutcome> {
    const state = input.callbackUrl.searchParams.get('state') ?? '';
    // The state must be the one this browser started with: another's answer (a link someone sent,
    // to sign the victim in to the sender's account) is refused here.
    if (state === '' || input.browserState === undefined || input.browserState !== state)
      return refused('expired', 'the state is not the one this browser started with');
    const stateHash = hashToken(state);
    const pending = await db
      .selectFrom('sso_pending')
      .select(['nonce', 'code_verifier as codeVerifier', 'expires_at as expiresAt'])
      .where('state_hash', '=', stateHash)
      .executeTakeFirst();
    if (!pending) return refused('expired', 'no sign-in under way with this state');
    const deleted = await db.deleteFrom('sso_pending').where('state_hash', '=', stateHash).executeTakeFirst();
    // Two answers at once: only the one that deleted the row goes on.
    if (Number(deleted.numDeletedRows) !== 1) return refused('expired', 'the sign-in was already used');
    if (pending.expiresAt <= nowIso()) return refused('expired', 'the sign-in took too long');
    if (input.callbackUrl.searchParams.has('error'))
      return refused('failed', `the provider answered ${input.callbackUrl.searchParams.get('error')}`);

    let claims: Record<string, unknown> | undefined;
    try {
      const configuration = await this.discover();
      const tokens = await client.authorizationCodeGrant(configuration, input.callbackUrl, {
        expectedState: state,
        expectedNonce: pending.nonce,
        pkceCodeVerifier: pending.codeVerifier,
        idTokenExpected: true,
      });
      claims = tokens.claims();
      // Some providers put the email in the userinfo answer only.
      if (claims && typeof claims.email !== 'string') {
        const info = await client.fetchUserInfo(configuration, tokens.access_token, String(claims.sub));
        claims = { ...claims, email: info.email, email_verified: info.email_verified };
      }
    } catch (error) {
      return refused('failed', error instanceof Error ? error.message : String(error));
    }
    if (!claims) return refused('failed', 'no id token');
    const email = claims.email;
    // Only an email the provider vouches for names an account: an unverified one could be anyone's.
    if (typeof email !== 'string' || claims.email_verified !== true)
      return refused('unverified', 'the provider does not vouch for the email');
    const account = await findLoginRecord(db, emailKeyOf(email));
    if (!account) return refused('unknown');
    if (!ssoAllowedFor(input.audience, account.type)) return refused('notAllowed');
    if (account.status === 'pending') return refused('pending');
    if (account.status !== 'active') return refused('rejected');
    if (account.archivedAt !== null && !(await archivedAccessOpen(db, account.archivedAt, nowIso())))
      return refused('archived');
    const token = await createSession(db, account.id);
    const deviceToken = await rememberDevice(db, input.deviceTokens, account.id);
    return { ok: true, token, deviceToken, userId: account.id };
  }
}
