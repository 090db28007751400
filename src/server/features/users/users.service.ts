import { USER_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { type ApprovalLinks, type ChildSuggestion, FAMILY_MESSAGES } from '../../../shared/api/family.js';
import type {
  ProfileUpdateFields,
  RegisteredUser,
  RegistrationFields,
  User,
  UserWithStatus,
} from '../../../shared/api/users.js';
import { credentialChangeProblem, SECOND_PRINCIPAL, USER_MESSAGES } from '../../../shared/api/users.js';
import { USER_TYPE, type UserType } from '../../../shared/constants.js';
import type { MailConfig } from '../../config.js';
import type { Db } from '../../db/connect.js';
import { claimAttempt } from '../../lib/attempt-counters.js';
import { conflict, HttpError, invalid, notFound } from '../../lib/errors.js';
import type { FileStore } from '../../lib/file-store/file-store.js';
import type { ProcessedImage } from '../../lib/image-processing.js';
import { nowIso } from '../../lib/time.js';
import { removeImages, storeImages } from '../../lib/upload-storage.js';
import { forgetDevices } from '../auth/device-login.js';
import { claimPasswordCheck, passwordCheckSucceeded } from '../auth/login-throttle.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { revokeUserSessions, type SessionUser } from '../auth/session.js';
import {
  accountTypes,
  childrenOf,
  insertChildSuggestions,
  insertGuardiansKeepingExisting,
} from '../family/family.repository.js';
import type { MailContent } from '../mail/compose.js';
import { queueMails } from '../mail/mail.service.js';
import { readSettings, userLocale } from '../settings/settings.repository.js';
import { approvalMail, rejectionMail } from './account-mails.js';
import { toUser, toUserWithStatus } from './users.mapper.js';
import {
  deleteUser,
  emailKeyOf,
  findPasswordHash,
  findUserById,
  findUserIdByEmail,
  insertUser,
  isUniqueViolation,
  photosOf,
  replacePhotos,
  setStatusIfDifferent,
  type UserChanges,
  type UserRecord,
  updateUser,
} from './users.repository.js';

/** Registration and profile photos are stored under `users/`. */
export const USERS_FOLDER = 'users';

export const emailTaken = () =>
  conflict(USER_ERROR_CODES.emailTaken, USER_MESSAGES.emailTaken, [
    { field: 'email', message: USER_MESSAGES.emailTaken },
  ]);

/**
 * Self-registration (docs/contract/fixes-and-gaps.md#fix-9): a pending account with its photos. All or
 * nothing: the pictures are written first, the rows in one transaction, and on any failure the pictures go.
 */
export async function registerUser(
  db: Db,
  files: FileStore,
  fields: RegistrationFields,
  images: readonly ProcessedImage[],
  children: readonly ChildSuggestion[] = [],
): Promise<RegisteredUser> {
  // A Parent may name their children (docs/decisions/0021-families.md); anyone else sending some
  // is told, rather than having them dropped.
  if (children.length > 0 && fields.type !== USER_TYPE.parent) {
    throw invalid(FAMILY_MESSAGES.childrenOnlyForParents, [
      { field: 'children', message: FAMILY_MESSAGES.childrenOnlyForParents },
    ]);
  }
  if ((await findUserIdByEmail(db, fields.email)) !== undefined) throw emailTaken();
  const passwordHash = await hashPassword(fields.password);
  const stored = await storeImages(files, USERS_FOLDER, images);
  try {
    const now = nowIso();
    const id = await db.transaction().execute(async (trx) => {
      const id = await insertUser(
        trx,
        {
          name: fields.name,
          designation: fields.degination,
          description: fields.discription,
          type: fields.type,
          gender: fields.gender,
          dob: fields.dob,
          address: fields.address,
          contact: fields.contact,
          email: fields.email,
          passwordHash,
          socialLink: fields.social_link ?? '',
          status: 'pending',
        },
        now,
      );
      await replacePhotos(trx, id, stored);
      await insertChildSuggestions(trx, id, children);
      return id;
    });
    return { id, name: fields.name, email: fields.email, type: fields.type, status: 'pending' };
  } catch (error) {
    await removeImages(files, USERS_FOLDER, stored);
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/**
 * An active principal from the command line (docs/contract/fixes-and-gaps.md#fix-9). The columns the command
 * does not ask for get neutral values; the principal fills them in on the profile page.
 */
export async function createPrincipal(
  db: Db,
  input: { name: string; email: string; password: string },
): Promise<{ id: number }> {
  if ((await findUserIdByEmail(db, input.email)) !== undefined) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  try {
    const id = await insertUser(
      db,
      {
        name: input.name,
        designation: 'Principal',
        description: '',
        type: USER_TYPE.principal,
        gender: 'Other',
        dob: '',
        address: '',
        contact: '',
        email: input.email,
        passwordHash,
        socialLink: '',
        status: 'active',
      },
      nowIso(),
    );
    return { id };
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/** One user as the API shows them, or undefined. */
export async function loadUser(db: Db, id: number): Promise<User | undefined> {
  const row = await findUserById(db, id);
  return row ? toUser(row, await photosOf(db, id)) : undefined;
}

/** A pupil's profile, or undefined when `id` is not a pupil. */
export async function loadStudent(db: Db, id: number): Promise<User | undefined> {
  const row = await findUserById(db, id);
  if (!row || (row.type as UserType) !== USER_TYPE.student) return undefined;
  return toUser(row, await photosOf(db, id));
}

/**
 * `PUT users/profile`: the caller's own fields, photos and password. A change of password or email
 * needs the current password (a wrong one counts as a failed log-in); a password change ends every
 * other session. New
 * photos replace the old ones, whose files are removed once the change is committed.
 */
export async function updateProfile(
  db: Db,
  files: FileStore,
  user: SessionUser,
  input: ProfileUpdateFields,
  images: readonly ProcessedImage[] | undefined,
  address: string,
): Promise<User> {
  const current = await findUserById(db, user.id);
  if (!current) throw notFound('Your account');

  const problem = credentialChangeProblem(input, current.email);
  if (problem) throw invalid(problem.message, [problem]);
  const changesEmail = input.email !== undefined && emailKeyOf(input.email) !== emailKeyOf(current.email);
  // Counted before anything is looked up: each try answers whether an address is taken.
  if (changesEmail) await claimEmailChange(db, user.id);
  if (input.newPassword || changesEmail) {
    await checkCurrentPassword(db, current, input.currentPassword ?? '', address);
  }
  const passwordHash = input.newPassword ? await hashPassword(input.newPassword) : undefined;
  if (changesEmail && input.email !== undefined) {
    if ((await findUserIdByEmail(db, input.email)) !== undefined) throw emailTaken();
  }

  const changes: UserChanges = {
    name: input.name,
    designation: input.degination,
    description: input.discription,
    gender: input.gender,
    dob: input.dob,
    address: input.address,
    contact: input.contact,
    email: input.email,
    socialLink: input.social_link,
    passwordHash,
  };
  const stored = images && images.length > 0 ? await storeImages(files, USERS_FOLDER, images) : undefined;
  let replaced: string[] = [];
  try {
    await db.transaction().execute(async (trx) => {
      await updateUser(trx, user.id, changes, nowIso());
      if (stored) replaced = await replacePhotos(trx, user.id, stored);
      if (passwordHash) {
        await revokeUserSessions(trx, user.id, user.sessionId);
        await forgetDevices(trx, user.id);
      }
    });
  } catch (error) {
    if (stored) await removeImages(files, USERS_FOLDER, stored);
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  await removeImages(files, USERS_FOLDER, replaced);
  const updated = await loadUser(db, user.id);
  if (!updated) throw notFound('Your account');
  return updated;
}

/**
 * Tries at changing one's email per account and hour. An email change answers whether the new
 * address belongs to someone else (409) or not, so without a limit a logged-in user could test
 * address after address; a person correcting a typo needs one or two.
 */
export const EMAIL_CHANGE_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 } as const;

async function claimEmailChange(db: Db, userId: number): Promise<void> {
  const claim = await claimAttempt(db, [{ subject: `email-change:${userId}`, ...EMAIL_CHANGE_LIMIT }]);
  if (claim.granted) return;
  const minutes = Math.max(1, Math.ceil(claim.retryAfterSeconds / 60));
  throw new HttpError(
    429,
    USER_ERROR_CODES.tooManyEmailChanges,
    `${USER_MESSAGES.tooManyEmailChanges} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    [{ field: 'email', message: USER_MESSAGES.tooManyEmailChanges }],
    claim.retryAfterSeconds,
  );
}

/** The caller's current password, for a change of password or email; a wrong one counts as a failed log-in. */
async function checkCurrentPassword(
  db: Db,
  current: { id: number; email: string },
  currentPassword: string,
  address: string,
): Promise<void> {
  const subject = { emailKey: emailKeyOf(current.email), address };
  await claimPasswordCheck(db, subject);
  const stored = await findPasswordHash(db, current.id);
  if (stored === undefined || !(await verifyPassword(stored, currentPassword))) {
    throw invalid(USER_MESSAGES.wrongCurrentPassword, [
      { field: 'currentPassword', message: USER_MESSAGES.wrongCurrentPassword },
    ]);
  }
  await passwordCheckSucceeded(db, subject);
}

/**
 * The principal approves or rejects an account; rejecting ends its sessions at once. Approving a
 * Parent may link them to pupils in the same transaction (`links`, docs/decisions/0021-families.md):
 * all the links or none, with the approval. When the status really changes, the account's holder
 * is mailed (approved or rejected, docs/decisions/0024-family-mails.md), in the same transaction:
 * the mail exists exactly when the decision does. Setting the status it has already sends nothing.
 */
export async function changeStatus(
  db: Db,
  mail: MailConfig,
  actor: SessionUser,
  id: number,
  status: 'active' | 'rejected',
  links?: ApprovalLinks,
  approval?: { password: string | undefined; address: string },
): Promise<UserWithStatus> {
  if (id === actor.id) {
    throw conflict(USER_ERROR_CODES.ownAccount, 'You cannot change the status of your own account.');
  }
  if (status === 'active') {
    const target = await findUserById(db, id);
    if (!target) throw notFound('That user');
    if (target.type === USER_TYPE.principal) {
      await checkApproverPassword(db, actor, approval?.password, approval?.address ?? '');
    }
  }
  const found = await db.transaction().execute(async (trx) => {
    const target = await findUserById(trx, id);
    if (!target) return false;
    if (links !== undefined && (status !== 'active' || target.type !== USER_TYPE.parent)) {
      throw invalid(FAMILY_MESSAGES.linksOnlyForParents, [
        { field: 'links', message: FAMILY_MESSAGES.linksOnlyForParents },
      ]);
    }
    // The row count decides, not the status read above: of two decisions at the same moment, only
    // the one that changed the row mails.
    const changed = await setStatusIfDifferent(trx, id, status, nowIso());
    if (status === 'rejected') await revokeUserSessions(trx, id);
    if (links !== undefined) await linkApprovedParent(trx, id, links);
    if (changed) await queueMails(trx, mail, [await statusMail(trx, mail, target, status)]);
    return true;
  });
  const row = found ? await findUserById(db, id) : undefined;
  if (!row) throw notFound('That user');
  return toUserWithStatus(row, await photosOf(db, id));
}

/**
 * Approving a Principle makes a second principal: only with the approving principal's own password
 * (someone at a screen left logged in cannot), 403 without it or with a wrong one. A wrong one counts
 * as a failed log-in of the approver's account, as a wrong current password does.
 */
async function checkApproverPassword(
  db: Db,
  actor: SessionUser,
  password: string | undefined,
  address: string,
): Promise<void> {
  if (password === undefined || password === '') {
    throw new HttpError(403, SECOND_PRINCIPAL.codes.passwordRequired, SECOND_PRINCIPAL.passwordRequired, [
      { field: 'password', message: SECOND_PRINCIPAL.passwordRequired },
    ]);
  }
  const approver = await findUserById(db, actor.id);
  const subject = { emailKey: emailKeyOf(approver?.email ?? ''), address };
  await claimPasswordCheck(db, subject);
  const stored = await findPasswordHash(db, actor.id);
  if (stored === undefined || !(await verifyPassword(stored, password))) {
    throw new HttpError(403, SECOND_PRINCIPAL.codes.wrongPassword, SECOND_PRINCIPAL.wrongPassword, [
      { field: 'password', message: SECOND_PRINCIPAL.wrongPassword },
    ]);
  }
  await passwordCheckSucceeded(db, subject);
}

/** The mail of a changed status; a Parent's approval names the children linked by then. */
async function statusMail(
  trx: Db,
  mail: MailConfig,
  target: UserRecord,
  status: 'active' | 'rejected',
): Promise<MailContent> {
  const school = await readSettings(trx);
  const holder = {
    name: target.name,
    email: target.email,
    previousStatus: target.status,
    locale: await userLocale(trx, target.id),
  };
  if (status === 'rejected') return rejectionMail(school, holder);
  const children =
    target.type === USER_TYPE.parent ? await childrenOf(trx, target.id, holder.locale) : undefined;
  return approvalMail(mail, school, holder, children);
}

/**
 * With a Parent's approval, inside its transaction: links the parent to each pupil. Every id must be
 * a Student (else 400, and the transaction, approval included, is undone); a link that exists
 * already is kept as it is.
 */
async function linkApprovedParent(trx: Db, parentId: number, links: ApprovalLinks): Promise<void> {
  const types = await accountTypes(
    trx,
    links.map((link) => link.studentId),
  );
  const problems = links.flatMap((link, index) =>
    types.get(link.studentId) === USER_TYPE.student
      ? []
      : [{ field: `links.${index}.studentId`, message: FAMILY_MESSAGES.notAPupil }],
  );
  if (problems.length > 0) throw invalid(FAMILY_MESSAGES.notAPupil, problems);
  await insertGuardiansKeepingExisting(trx, parentId, links, nowIso());
}

/** The principal deletes an account (never their own); its photos go once the row is gone. */
export async function removeUser(db: Db, files: FileStore, actor: SessionUser, id: number): Promise<void> {
  if (id === actor.id) {
    throw conflict(
      USER_ERROR_CODES.ownAccount,
      'You cannot delete your own account; another principal can do it.',
    );
  }
  const photos = await db.transaction().execute(async (trx) => {
    const photos = await photosOf(trx, id);
    await revokeUserSessions(trx, id);
    if (!(await deleteUser(trx, id))) throw notFound('That user');
    return photos;
  });
  await removeImages(files, USERS_FOLDER, photos);
}
