import { STAFF_TYPES, type StaffTwoFactor, TWO_FACTOR } from '../../../shared/api/two-factor.js';
import type { AnyLocale } from '../../../shared/i18n/locales.js';
import { sortByName } from '../../../shared/i18n/name-order.js';
import type { Db } from '../../db/connect.js';
import { hashToken, newSecretToken } from '../../lib/secret-token.js';
import type { ResetTarget } from './two-factor.policy.js';

/** Two-factor's rows (docs/decisions/0108-two-factor-for-staff.md). Every secret here is sealed or hashed. */

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const POLICY_ID = 1;

export interface TwoFactorRecord {
  secretSealed: string;
  /** Undefined while the secret waits for its first code. */
  enabledAt: string | undefined;
  lastStep: number;
}

export async function findTwoFactor(db: Db, userId: number): Promise<TwoFactorRecord | undefined> {
  const row = await db
    .selectFrom('two_factor')
    .select(['secret_sealed', 'enabled_at', 'last_step'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    secretSealed: row.secret_sealed,
    enabledAt: row.enabled_at ?? undefined,
    lastStep: Number(row.last_step),
  };
}

/** Whether the account has two-factor turned on (confirmed with a first code). */
export async function hasTwoFactor(db: Db, userId: number): Promise<boolean> {
  return (await findTwoFactor(db, userId))?.enabledAt !== undefined;
}

/** A new secret waiting for its first code; an account with two-factor on keeps its own. */
export async function savePendingSecret(db: Db, userId: number, sealed: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('two_factor')
      .select('enabled_at')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (current?.enabled_at) return false;
    await trx.deleteFrom('two_factor').where('user_id', '=', userId).execute();
    await trx
      .insertInto('two_factor')
      .values({
        user_id: userId,
        secret_sealed: sealed,
        enabled_at: null,
        last_step: 0,
        created_at: now.toISOString(),
      })
      .execute();
    return true;
  });
}

/**
 * Takes the step of an accepted code: only when it is later than the last one, so two requests
 * with the same code cannot both pass.
 */
export async function takeStep(db: Db, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('two_factor')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where('last_step', '<', step)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Turns two-factor on with its first code's step and the recovery codes' hashes. */
export async function enableTwoFactor(
  db: Db,
  userId: number,
  step: number,
  codeHashes: readonly string[],
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('two_factor')
      .set({ enabled_at: now.toISOString(), last_step: step })
      .where('user_id', '=', userId)
      .where('enabled_at', 'is', null)
      .where('last_step', '<', step)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await writeRecoveryCodes(trx, userId, codeHashes);
    return true;
  });
}

async function writeRecoveryCodes(db: Db, userId: number, codeHashes: readonly string[]): Promise<void> {
  await db.deleteFrom('two_factor_recovery_code').where('user_id', '=', userId).execute();
  await db
    .insertInto('two_factor_recovery_code')
    .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
    .execute();
  // New codes are a new start: no device skips the code any more.
  await db.deleteFrom('two_factor_device').where('user_id', '=', userId).execute();
}

export async function replaceRecoveryCodes(
  db: Db,
  userId: number,
  codeHashes: readonly string[],
): Promise<void> {
  await db.transaction().execute((trx) => writeRecoveryCodes(trx, userId, codeHashes));
}

/** Uses a recovery code: true once, for a code of the account not used before. */
export async function spendRecoveryCode(
  db: Db,
  userId: number,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('two_factor_recovery_code')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('two_factor_recovery_code')
    .select((eb) => eb.fn.countAll<number>().as('left'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.left ?? 0);
}

/** Turns two-factor off: the secret, the recovery codes and the remembered devices go. */
export async function disableTwoFactor(db: Db, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('two_factor_device').where('user_id', '=', userId).execute();
    await trx.deleteFrom('two_factor_recovery_code').where('user_id', '=', userId).execute();
    await trx.deleteFrom('two_factor').where('user_id', '=', userId).execute();
  });
}

/** Whether the principal requires two-factor of all staff. */
export async function staffRequired(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('two_factor_policy')
    .select('staff_required')
    .where('id', '=', POLICY_ID)
    .executeTakeFirst();
  return Number(row?.staff_required ?? 0) === 1;
}

export async function setStaffRequired(db: Db, required: boolean, now: Date): Promise<void> {
  const values = { staff_required: required ? 1 : 0, updated_at: now.toISOString() };
  await db
    .insertInto('two_factor_policy')
    .values({ id: POLICY_ID, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}

export interface Challenge {
  tokenHash: string;
  userId: number;
  enrol: boolean;
}

/** A right password's challenge: the token for the answer; only its hash is kept. */
export async function createChallenge(db: Db, userId: number, enrol: boolean, now: Date): Promise<string> {
  const token = newSecretToken(32);
  const nowText = now.toISOString();
  await db.deleteFrom('two_factor_challenge').where('expires_at', '<=', nowText).execute();
  await db
    .insertInto('two_factor_challenge')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      enrol: enrol ? 1 : 0,
      expires_at: new Date(now.getTime() + TWO_FACTOR.challengeMinutes * MINUTE_MS).toISOString(),
    })
    .execute();
  return token;
}

export async function findChallenge(db: Db, token: string, now: Date): Promise<Challenge | undefined> {
  const row = await db
    .selectFrom('two_factor_challenge')
    .select(['token_hash', 'user_id', 'enrol'])
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row && { tokenHash: row.token_hash, userId: row.user_id, enrol: Number(row.enrol) === 1 };
}

/** Uses the challenge up: true for the one call that does. */
export async function consumeChallenge(db: Db, tokenHash: string): Promise<boolean> {
  const result = await db
    .deleteFrom('two_factor_challenge')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A device that skips the code for the account for TWO_FACTOR.rememberDays; answers its token. */
export async function rememberTwoFactorDevice(db: Db, userId: number, now: Date): Promise<string> {
  const token = newSecretToken(32);
  const nowText = now.toISOString();
  await db
    .deleteFrom('two_factor_device')
    .where('user_id', '=', userId)
    .where('expires_at', '<=', nowText)
    .execute();
  await db
    .insertInto('two_factor_device')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: nowText,
      expires_at: new Date(now.getTime() + TWO_FACTOR.rememberDays * DAY_MS).toISOString(),
    })
    .execute();
  return token;
}

export async function isRememberedDevice(
  db: Db,
  userId: number,
  tokens: readonly string[],
  now: Date,
): Promise<boolean> {
  if (tokens.length === 0) return false;
  const row = await db
    .selectFrom('two_factor_device')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('token_hash', 'in', tokens.map(hashToken))
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

/** The account's type and email: who must have two-factor, and the label the app shows. */
export async function findAccount(
  db: Db,
  userId: number,
): Promise<{ type: string; email: string } | undefined> {
  return db.selectFrom('app_user').select(['type', 'email']).where('id', '=', userId).executeTakeFirst();
}

// ------------------------------------------------------------ the principal's reset
// docs/decisions/0116-the-principal-resets-two-factor.md

/** An account as the reset sees it, with its name and email for the mail; undefined when there is none. */
export async function findResetTarget(
  db: Db,
  userId: number,
): Promise<(ResetTarget & { name: string; email: string }) | undefined> {
  const row = await db
    .selectFrom('app_user')
    .leftJoin('two_factor', 'two_factor.user_id', 'app_user.id')
    .select(['app_user.id', 'app_user.type', 'app_user.name', 'app_user.email', 'two_factor.enabled_at'])
    .where('app_user.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return { id: row.id, type: row.type, name: row.name, email: row.email, enabled: row.enabled_at != null };
}

/**
 * The principal's reset, in the caller's transaction: the secret, the recovery codes, the remembered
 * devices and any log-in waiting for a code go, and the reset is kept with who made it. False, with
 * nothing changed, when the account had no two-factor on (another principal reset it first).
 */
export async function resetTwoFactor(
  trx: Db,
  userId: number,
  by: { id: number; name: string },
  now: Date,
): Promise<boolean> {
  const removed = await trx
    .deleteFrom('two_factor')
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) return false;
  await trx.deleteFrom('two_factor_recovery_code').where('user_id', '=', userId).execute();
  await trx.deleteFrom('two_factor_device').where('user_id', '=', userId).execute();
  await trx.deleteFrom('two_factor_challenge').where('user_id', '=', userId).execute();
  await trx
    .insertInto('two_factor_reset')
    .values({ user_id: userId, reset_by: by.id, reset_by_name: by.name, reset_at: now.toISOString() })
    .execute();
  return true;
}

/**
 * The staff accounts by name (in the reader's language's order), with two-factor on or off and
 * their last reset: the active ones but `exceptId` (the principal reading, whose own is on their
 * screen), or `onlyId` whatever its status.
 */
export async function listStaffTwoFactor(
  db: Db,
  which: { exceptId: number } | { onlyId: number },
  locale: AnyLocale,
): Promise<StaffTwoFactor[]> {
  let query = db
    .selectFrom('app_user')
    .leftJoin('two_factor', 'two_factor.user_id', 'app_user.id')
    .select(['app_user.id', 'app_user.name', 'app_user.email', 'app_user.type', 'two_factor.enabled_at'])
    .where('app_user.type', 'in', STAFF_TYPES);
  query =
    'onlyId' in which
      ? query.where('app_user.id', '=', which.onlyId)
      : query.where('app_user.id', '!=', which.exceptId).where('app_user.status', '=', 'active');
  const rows = sortByName(await query.orderBy('app_user.id').execute(), locale, (row) => row.name);
  if (rows.length === 0) return [];
  const resets = await db
    .selectFrom('two_factor_reset')
    .select(['user_id', 'reset_by_name', 'reset_at'])
    .where(
      'user_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('id', 'desc')
    .execute();
  const lastReset = new Map<number, { at: string; byName: string }>();
  for (const reset of resets) {
    if (!lastReset.has(reset.user_id))
      lastReset.set(reset.user_id, { at: reset.reset_at, byName: reset.reset_by_name });
  }
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    type: row.type as StaffTwoFactor['type'],
    enabled: row.enabled_at != null,
    lastReset: lastReset.get(row.id) ?? null,
  }));
}
