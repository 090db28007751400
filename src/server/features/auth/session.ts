import crypto from 'node:crypto';
import type { AccountStatus, UserType } from '../../../shared/constants.js';
import { SESSION_DAYS } from '../../../shared/constants.js';
import type { Db } from '../../db/connect.js';
import { hashToken } from '../../lib/secret-token.js';
import { nowIso } from '../../lib/time.js';
import type { SessionUser } from '../../plugins/auth.js';
import { archivedAccessOpen } from '../rollover/rollover.repository.js';

/**
 * Log-in sessions. A token is 32 random bytes in base64url (43 characters), shown to the client
 * once; the database keeps only its SHA-256, so a copy of the database lets nobody log in. A
 * session lasts SESSION_DAYS (the login cookie's lifetime) and ends early on logout, on a password
 * change (the other sessions), or when the user is rejected or deleted.
 */

// Who a valid token belongs to: declared by the auth plugin, which puts it on `request.user`.
export type { SessionUser };

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

export const isWellFormedToken = (token: string): boolean => TOKEN_PATTERN.test(token);

export { hashToken };

/** Opens a session for `userId` and answers its token; expired sessions of the user go on the way. */
export async function createSession(db: Db, userId: number, now: Date = new Date()): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db
    .deleteFrom('session')
    .where('user_id', '=', userId)
    .where('expires_at', '<=', now.toISOString())
    .execute();
  await db
    .insertInto('session')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_DAYS * DAY_MS).toISOString(),
    })
    .execute();
  return token;
}

/** The active user behind a token, or undefined for an unknown, expired or revoked one. */
export async function findSessionUser(db: Db, token: string): Promise<SessionUser | undefined> {
  if (!isWellFormedToken(token)) return undefined;
  const row = await db
    .selectFrom('session')
    .innerJoin('app_user', 'app_user.id', 'session.user_id')
    .select([
      'session.id as sessionId',
      'session.expires_at as expiresAt',
      'app_user.id as id',
      'app_user.type as type',
      'app_user.name as name',
      'app_user.status as status',
      'app_user.archived_at as archivedAt',
    ])
    .where('session.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.expiresAt <= nowIso()) {
    await db.deleteFrom('session').where('id', '=', row.sessionId).execute();
    return undefined;
  }
  // Sessions of a user who is no longer active are revoked when that happens; this is the backstop.
  if (row.status !== 'active') return undefined;
  if (row.archivedAt !== null && !(await archivedAccessOpen(db, row.archivedAt, nowIso()))) return undefined;
  return {
    id: row.id,
    type: row.type as UserType,
    name: row.name,
    status: row.status as AccountStatus,
    sessionId: row.sessionId,
    archived: row.archivedAt !== null,
  };
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.deleteFrom('session').where('id', '=', sessionId).execute();
}

/** Ends every session of the user, or every one but `keep` (the caller's own, on a password change). */
export async function revokeUserSessions(db: Db, userId: number, keep?: number): Promise<void> {
  let query = db.deleteFrom('session').where('user_id', '=', userId);
  if (keep !== undefined) query = query.where('id', '!=', keep);
  await query.execute();
}
