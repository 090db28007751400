import crypto from 'node:crypto';
import {
  SETUP_ERROR_CODES,
  SETUP_MESSAGES,
  type SetupDone,
  type SetupRequest,
} from '../../../shared/api/setup.js';
import type { Db } from '../../db/connect.js';
import { HttpError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { hashToken, isWellFormedToken } from '../auth/session.js';
import { readSettings, writeSettings } from '../settings/settings.repository.js';
import { createPrincipal } from '../users/users.service.js';
import { replaceSetupToken, takeSetupToken } from './setup.repository.js';

/**
 * A real school's first start (docs/decisions/0041-first-start-of-a-real-school.md): instead of the
 * demo school's published passwords, a one-time link makes the first principal.
 */

export const setupLinkInvalid = () =>
  new HttpError(403, SETUP_ERROR_CODES.linkInvalid, SETUP_MESSAGES.linkInvalid);

/**
 * A new set-up link's token, its hash stored in place of any earlier one: a restart before set-up
 * prints a new link, so the operator is never left with a link that is lost. Run under the
 * start-up lock (db/startup-lock.ts), on an empty database.
 */
export async function openSetup(db: Db): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.transaction().execute((trx) => replaceSetupToken(trx, hashToken(token), nowIso()));
  return token;
}

/**
 * `POST setup`: uses the link, makes the principal's account and names the school, all in one
 * transaction: a refused email leaves the link usable and nothing changed.
 */
export async function completeSetup(db: Db, request: SetupRequest): Promise<SetupDone> {
  if (!isWellFormedToken(request.token)) throw setupLinkInvalid();
  const tokenHash = hashToken(request.token);
  const { id } = await db.transaction().execute(async (trx) => {
    if (!(await takeSetupToken(trx, tokenHash))) throw setupLinkInvalid();
    const principal = await createPrincipal(trx, {
      name: request.name,
      email: request.email,
      password: request.password,
    });
    await writeSettings(trx, { ...(await readSettings(trx)), name: request.schoolName });
    return principal;
  });
  return {
    id,
    name: request.name,
    email: request.email,
    schoolName: request.schoolName,
    message: SETUP_MESSAGES.done,
  };
}
