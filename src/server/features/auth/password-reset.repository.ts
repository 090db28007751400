import type { Db } from '../../db/connect.js';

/**
 * The links to set a new password (docs/decisions/0023-password-reset.md). A row holds the SHA-256
 * of its token, never the token: the token is only in the mail, so a copy of the database opens no
 * account.
 */

/** Who a reset mail would go to: the account behind an email key, whatever its status. */
export interface ResetRecipient {
  id: number;
  name: string;
  email: string;
  status: string;
}

export async function findResetRecipient(db: Db, emailKey: string): Promise<ResetRecipient | undefined> {
  return db
    .selectFrom('app_user')
    .select(['id', 'name', 'email', 'status'])
    .where('email_key', '=', emailKey)
    .executeTakeFirst();
}

/**
 * Stores a new link of the user; the user's earlier links go (a new request makes older links
 * useless), and so do the links of every user that have expired.
 */
export async function replaceResetLink(
  db: Db,
  link: { userId: number; tokenHash: string; createdAt: string; expiresAt: string },
): Promise<void> {
  await db
    .deleteFrom('password_reset')
    .where((eb) => eb.or([eb('user_id', '=', link.userId), eb('expires_at', '<=', link.createdAt)]))
    .execute();
  await db
    .insertInto('password_reset')
    .values({
      user_id: link.userId,
      token_hash: link.tokenHash,
      created_at: link.createdAt,
      expires_at: link.expiresAt,
      used_at: null,
    })
    .execute();
}

export interface ResetLink {
  id: number;
  userId: number;
  expiresAt: string;
  usedAt: string | null;
  userStatus: string;
}

export async function findResetLink(db: Db, tokenHash: string): Promise<ResetLink | undefined> {
  return db
    .selectFrom('password_reset')
    .innerJoin('app_user', 'app_user.id', 'password_reset.user_id')
    .select([
      'password_reset.id as id',
      'password_reset.user_id as userId',
      'password_reset.expires_at as expiresAt',
      'password_reset.used_at as usedAt',
      'app_user.status as userStatus',
    ])
    .where('password_reset.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Marks the link used if it still works: unused, not expired, its user active. Conditional, so of
 * two confirmations at once only one changes the row (the other waits for its lock, then finds
 * `used_at` set); answers whether this one did.
 */
export async function useResetLink(db: Db, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('password_reset')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('user_id', 'in', (eb) => eb.selectFrom('app_user').select('id').where('status', '=', 'active'))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The user's other links stop working once one of them has set the password. */
export async function dropOtherResetLinks(db: Db, userId: number, keepId: number): Promise<void> {
  await db.deleteFrom('password_reset').where('user_id', '=', userId).where('id', '!=', keepId).execute();
}
