import crypto from 'node:crypto';
import type { Db } from '../../db/connect.js';
import { hashToken, isWellFormedToken } from './session.js';

/**
 * Device cookies (OWASP's "Slow Down Online Guessing Attacks with Device Cookies";
 * docs/decisions/0038-device-cookies.md). A successful log-in leaves an HttpOnly cookie holding a
 * random token; the database keeps its SHA-256 with the account, like a session token, so a copy of
 * the database holds no cookie and the server needs no signing key. A later log-in to the same
 * account that presents the cookie has its own small budget of attempts (login-throttle.ts), apart
 * from the limits that strangers can exhaust. One token may stand for several accounts: a family's
 * shared computer stays known for the parent and for the child.
 */

export const DEVICE_COOKIE = 'kids_pre_device';

/** How long a device stays known after its last successful log-in (the cookie's Max-Age too). */
export const DEVICE_LOGIN_DAYS = 365;

/** The cookie travels only with log-ins: no other call reads it. */
export const DEVICE_COOKIE_PATH = '/api/users/login';

const DAY_MS = 24 * 60 * 60 * 1000;

/** More would only be someone's garbage; a browser sends one, two when paths overlap. */
const MAX_PRESENTED_TOKENS = 4;

/**
 * The well-formed device tokens of a Cookie header (RFC 6265: `name=value` pairs separated by `;`),
 * at most a few. Anything malformed is no token: it counts as an unknown device, never as an error.
 */
export function deviceTokensOf(cookieHeader: string | undefined): string[] {
  if (!cookieHeader) return [];
  const tokens: string[] = [];
  for (const pair of cookieHeader.split(';')) {
    const equals = pair.indexOf('=');
    if (equals < 0 || pair.slice(0, equals).trim() !== DEVICE_COOKIE) continue;
    const value = pair
      .slice(equals + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    if (isWellFormedToken(value) && !tokens.includes(value)) tokens.push(value);
    if (tokens.length >= MAX_PRESENTED_TOKENS) break;
  }
  return tokens;
}

/** A device that logged in to this account before: whose budget a log-in from it uses. */
export interface TrustedDevice {
  userId: number;
  tokenHash: string;
}

/**
 * The device among `tokens` that logged in to the account of `emailKey` and is not expired, if
 * any. A token of another account, an expired or unknown one is no trusted device.
 */
export async function findTrustedDevice(
  db: Db,
  tokens: readonly string[],
  emailKey: string,
  now: Date = new Date(),
): Promise<TrustedDevice | undefined> {
  if (tokens.length === 0) return undefined;
  const row = await db
    .selectFrom('device_login')
    .innerJoin('app_user', 'app_user.id', 'device_login.user_id')
    .select(['device_login.user_id as userId', 'device_login.token_hash as tokenHash'])
    .where('app_user.email_key', '=', emailKey)
    .where('device_login.token_hash', 'in', tokens.map(hashToken))
    .where('device_login.expires_at', '>', now.toISOString())
    .orderBy('device_login.token_hash')
    .executeTakeFirst();
  return row;
}

/**
 * After a successful log-in: the device is known to the account for DEVICE_LOGIN_DAYS more.
 * A token the server issued (to this account or another one on the same device) is kept; none, or
 * only unknown ones, get a fresh token. Answers the token for the cookie.
 */
export async function rememberDevice(
  db: Db,
  presentedTokens: readonly string[],
  userId: number,
  now: Date = new Date(),
): Promise<string> {
  const nowText = now.toISOString();
  const known =
    presentedTokens.length === 0
      ? undefined
      : await db
          .selectFrom('device_login')
          .select('token_hash')
          .where('token_hash', 'in', presentedTokens.map(hashToken))
          .where('expires_at', '>', nowText)
          .orderBy('token_hash')
          .executeTakeFirst();
  const token =
    presentedTokens.find((candidate) => hashToken(candidate) === known?.token_hash) ??
    crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + DEVICE_LOGIN_DAYS * DAY_MS).toISOString();
  await db
    .insertInto('device_login')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: nowText,
      last_used_at: nowText,
      expires_at: expiresAt,
    })
    .onConflict((oc) =>
      oc.columns(['token_hash', 'user_id']).doUpdateSet({ last_used_at: nowText, expires_at: expiresAt }),
    )
    .execute();
  // Devices not seen for a year go on the way (an index range on expires_at).
  await db.deleteFrom('device_login').where('expires_at', '<=', nowText).execute();
  return token;
}

/**
 * Forgets every device that logged in to the account. A new password is a new start: a device that
 * logged in with the old one (maybe whoever learnt it) no longer has a known device's budget; the
 * owner's own device gets a new cookie at their next log-in.
 */
export async function forgetDevices(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('device_login').where('user_id', '=', userId).execute();
}

/**
 * The `Set-Cookie` value for a device token: out of reach of scripts (HttpOnly), not sent with
 * other sites' posts (SameSite=Lax), only over HTTPS when the site is served so, and only to the
 * log-in call.
 */
export function deviceCookie(token: string, publicUrl: string): string {
  const attributes = [
    `${DEVICE_COOKIE}=${token}`,
    `Path=${DEVICE_COOKIE_PATH}`,
    `Max-Age=${DEVICE_LOGIN_DAYS * 24 * 60 * 60}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (publicUrl.startsWith('https:')) attributes.push('Secure');
  return attributes.join('; ');
}
