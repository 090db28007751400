import type { SsoAudience } from '../../../shared/api/single-sign-on.js';
import { SSO_AUDIENCES } from '../../../shared/api/single-sign-on.js';
import type { Config, SsoPolicy } from '../../config.js';
import type { Db } from '../../db/connect.js';
import { bumpDataVersion } from '../../lib/data-version.js';

/**
 * The principal's sign-in provider settings, one row (docs/decisions/0114-the-principal-sets-the-sign-in-provider.md).
 * Read at each request that needs them (a log-in, the provider's start and callback, the principal's
 * screen), so a change made through any server process holds at once in every other; the login
 * page's kept answer and rendered page follow the content version, which a change raises.
 */

const ROW_ID = 1;

export interface StoredProvider {
  audience: SsoAudience;
  staffMust: boolean;
  /** The school's own provider; undefined when it entered none. */
  connection:
    | { issuer: string; clientId: string; clientSecretSealed: string | undefined; name: string }
    | undefined;
  updatedAt: string;
}

const audienceOf = (value: string): SsoAudience =>
  (SSO_AUDIENCES as readonly string[]).includes(value) ? (value as SsoAudience) : 'both';

export async function findStoredProvider(db: Db): Promise<StoredProvider | undefined> {
  const row = await db.selectFrom('sso_settings').selectAll().where('id', '=', ROW_ID).executeTakeFirst();
  if (!row) return undefined;
  return {
    audience: audienceOf(row.audience),
    staffMust: Number(row.staff_must) === 1,
    connection:
      row.issuer_url !== null && row.client_id !== null
        ? {
            issuer: row.issuer_url,
            clientId: row.client_id,
            clientSecretSealed: row.client_secret_sealed ?? undefined,
            name: row.provider_name,
          }
        : undefined,
    updatedAt: row.updated_at,
  };
}

/**
 * Writes the row and raises the content version in the same transaction: the login page's kept
 * answer and its rendered page are made afresh by every process at its next request.
 */
export async function saveStoredProvider(
  db: Db,
  provider: Omit<StoredProvider, 'updatedAt'>,
  now: Date,
): Promise<void> {
  const values = {
    audience: provider.audience,
    staff_must: provider.staffMust ? 1 : 0,
    issuer_url: provider.connection?.issuer ?? null,
    client_id: provider.connection?.clientId ?? null,
    client_secret_sealed: provider.connection?.clientSecretSealed ?? null,
    provider_name: provider.connection?.name ?? '',
    updated_at: now.toISOString(),
  };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sso_settings')
      .values({ id: ROW_ID, ...values })
      .onConflict((oc) => oc.column('id').doUpdateSet(values))
      .execute();
    await bumpDataVersion(trx, 'content');
  });
}

/** What a password log-in needs to know: whether the school has a provider at all, and its policy. */
export interface PasswordPolicy extends SsoPolicy {
  provider: boolean;
}

/**
 * The policy in force: the principal's once chosen, else the environment's OIDC_FOR and
 * OIDC_STAFF_MUST. "Staff must" means nothing without a provider (the environment's or the
 * school's own): staff are never sent to a button the login page does not show.
 */
export async function passwordPolicy(
  db: Db,
  config: Pick<Config, 'sso' | 'ssoDefaults'>,
): Promise<PasswordPolicy> {
  const stored = await findStoredProvider(db);
  const defaults = config.ssoDefaults ?? DEFAULT_POLICY;
  return {
    audience: stored?.audience ?? defaults.audience,
    staffMust: stored?.staffMust ?? defaults.staffMust,
    provider: config.sso !== undefined || stored?.connection !== undefined,
  };
}

/** Without OIDC_FOR and OIDC_STAFF_MUST: parents and staff may use the provider; nobody must. */
export const DEFAULT_POLICY: SsoPolicy = { audience: 'both', staffMust: false };
