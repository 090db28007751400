import type { Db } from '../../db/connect.js';

/** Whether a set-up link waits to be used, that is, the school is not set up yet. */
export async function hasSetupToken(db: Db): Promise<boolean> {
  const row = await db.selectFrom('setup_token').select('token_hash').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Stores the hash of a new link in place of any earlier one. */
export async function replaceSetupToken(db: Db, tokenHash: string, now: string): Promise<void> {
  await db.deleteFrom('setup_token').execute();
  await db.insertInto('setup_token').values({ token_hash: tokenHash, created_at: now }).execute();
}

/**
 * Uses the link whose token has this hash: true when it was there (and every link is gone now),
 * false when it was not. The delete decides, so of two uses at the same moment only one gets true.
 */
export async function takeSetupToken(db: Db, tokenHash: string): Promise<boolean> {
  const taken = await db.deleteFrom('setup_token').where('token_hash', '=', tokenHash).executeTakeFirst();
  if (taken.numDeletedRows === 0n) return false;
  await db.deleteFrom('setup_token').execute();
  return true;
}

/** Removes every set-up link (the first principal was made another way). */
export async function clearSetupTokens(db: Db): Promise<void> {
  await db.deleteFrom('setup_token').execute();
}
