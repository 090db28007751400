import crypto from 'node:crypto';
import { USER_ERROR_CODES } from '../../../shared/api/error-codes.js';
import {
  SETUP_ERROR_CODES,
  SETUP_MESSAGES,
  type SetupDone,
  type SetupRequest,
} from '../../../shared/api/setup.js';
import { USER_MESSAGES } from '../../../shared/api/users.js';
import { USER_TYPE } from '../../../shared/constants.js';
import type { Db } from '../../db/connect.js';
import { conflict, HttpError } from '../../lib/errors.js';
import type { FileStore } from '../../lib/file-store/file-store.js';
import { nowIso } from '../../lib/time.js';
import { hashPassword } from '../auth/password.js';
import { hashToken, isWellFormedToken } from '../auth/session.js';
import { readSettings, writeSettings } from '../settings/settings.repository.js';
import { findUserIdByEmail, insertUser, isUniqueViolation } from '../users/users.repository.js';
import { replaceSetupToken, takeSetupToken } from './setup.repository.js';
import { plantStarterSite, writeStarterPictures } from './starter-site.js';

/**
 * A real school's first start (docs/decisions/0041-first-start-of-a-real-school.md): instead of the
 * demo school's published passwords, a one-time link makes the first principal.
 */

export const setupLinkInvalid = () =>
  new HttpError(403, SETUP_ERROR_CODES.linkInvalid, SETUP_MESSAGES.linkInvalid);

/**
 * A new set-up link's token, its hash stored in place of any earlier one: a restart before set-up
 * prints a new link, so the operator is never left with a link that is lost. Run under the
 * start-up lock (db/startup-lock.ts), on an empty database. The starter site's pictures are drawn
 * now (kept when already there), so the set-up itself only writes rows
 * (docs/decisions/0053-a-starter-site-for-a-real-school.md).
 */
export async function openSetup(db: Db, files: FileStore): Promise<string> {
  await writeStarterPictures(files);
  const token = crypto.randomBytes(32).toString('base64url');
  await db.transaction().execute((trx) => replaceSetupToken(trx, hashToken(token), nowIso()));
  return token;
}

/**
 * `POST setup`: uses the link, makes the principal's account (active at once), names the school and
 * plants the starter site (starter-site.ts), all in one transaction: whatever is refused leaves the
 * link usable and nothing changed.
 */
export async function completeSetup(db: Db, request: SetupRequest): Promise<SetupDone> {
  if (!isWellFormedToken(request.token)) throw setupLinkInvalid();
  const tokenHash = hashToken(request.token);
  const passwordHash = await hashPassword(request.password);
  try {
    const id = await db.transaction().execute(async (trx) => {
      if (!(await takeSetupToken(trx, tokenHash))) throw setupLinkInvalid();
      if ((await findUserIdByEmail(trx, request.email)) !== undefined) throw emailTaken();
      // As `npm run create-principal` makes one: the columns set-up does not ask for are neutral,
      // the principal fills them in on the profile page.
      const now = nowIso();
      const id = await insertUser(
        trx,
        {
          name: request.name,
          designation: 'Principal',
          description: '',
          type: USER_TYPE.principal,
          gender: 'Other',
          dob: '',
          address: '',
          contact: '',
          email: request.email,
          passwordHash,
          socialLink: '',
          status: 'active',
        },
        now,
      );
      await writeSettings(trx, { ...(await readSettings(trx)), name: request.schoolName });
      await plantStarterSite(trx, request.schoolName);
      return id;
    });
    return {
      id,
      name: request.name,
      email: request.email,
      schoolName: request.schoolName,
      message: SETUP_MESSAGES.done,
    };
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

const emailTaken = () =>
  conflict(USER_ERROR_CODES.emailTaken, USER_MESSAGES.emailTaken, [
    { field: 'email', message: USER_MESSAGES.emailTaken },
  ]);
