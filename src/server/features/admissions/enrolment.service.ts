import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import type { ApplicationGuardian } from '../../../shared/api/admission-application.js';
import {
  ENROLMENT_MESSAGES,
  type EnrolmentAnswer,
  type EnrolmentInput,
} from '../../../shared/api/admission-enrolment.js';
import { ADMISSIONS_MESSAGES } from '../../../shared/api/admissions.js';
import { ENROLMENT_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { type CareDetails, EMPTY_CARE_DETAILS } from '../../../shared/api/family.js';
import { MAIL_LINK_PATHS } from '../../../shared/api/mail.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { isLocale, type Locale } from '../../../shared/i18n/locales.js';
import { careChanges } from '../../../shared/rules/care-changes.js';
import { sumAmounts } from '../../../shared/rules/money.js';
import type { MailConfig } from '../../config.js';
import type { Db } from '../../db/connect.js';
import { bumpDataVersion } from '../../lib/data-version.js';
import { conflict, invalid, notFound } from '../../lib/errors.js';
import type { FileStore } from '../../lib/file-store/file-store.js';
import { translatorFor } from '../../lib/i18n.js';
import { ImageRejected, processImage } from '../../lib/image-processing.js';
import { hashToken, newSecretToken } from '../../lib/secret-token.js';
import { nowIso } from '../../lib/time.js';
import { removeImages, storeImages } from '../../lib/upload-storage.js';
import type { TempFolder } from '../../lib/upload-temp.js';
import { hashPassword } from '../auth/password.js';
import { replaceResetLink } from '../auth/password-reset.repository.js';
import type { SessionUser } from '../auth/session.js';
import { insertCareChange, saveCareRecord } from '../care/care.repository.js';
import { recordChildConsents } from '../consents/consents.repository.js';
import { insertGuardian } from '../family/family.repository.js';
import { auditMoney } from '../fees/money-audit.repository.js';
import { lockPlan, planItems } from '../fees/plans.repository.js';
import { mailLink } from '../mail/compose.js';
import { queueMails } from '../mail/mail.service.js';
import { openEnrolment } from '../pupils/pupils.repository.js';
import { readSettings, schoolToday } from '../settings/settings.repository.js';
import { emailKeyOf, isUniqueViolation, replacePhotos } from '../users/users.repository.js';
import { classSeats, findSeatsYear } from './admissions.repository.js';
import { type SubmittedApplication, submittedApplication } from './application.repository.js';
import { findCase, moveCase } from './cases.repository.js';
import {
  accountsOfEmailKeys,
  caseToEnrol,
  insertAccount,
  insertInvoice,
  lockClass,
  noEmailKey,
  plansOfClassAndTerm,
  setCaseStudent,
  termOf,
  unarchive,
  yearHolding,
} from './enrolment.repository.js';

/**
 * Enrolment in one step (docs/decisions/0104-enrolment-in-one-step.md): from an accepted case and
 * the application its family sent, in one transaction, the pupil account, the guardians' Parent
 * accounts or links to existing ones, the guardian links, the care details with their first history
 * row, the enrolment from the start date, the first term's fees, the case at "enrolled", and a mail
 * to each new guardian with a link to set their password. A refusal changes nothing.
 */

const C = ENROLMENT_ERROR_CODES;

/** How long the link of a new guardian's first password works: a family may read its mail late. */
export const INVITE_LINK_DAYS = 7;
const DAY_MS = 86_400_000;
/** Where user photos are stored (features/users: `users/<random>.webp`). */
const USERS_FOLDER = 'users';

export interface EnrolmentDeps {
  mail: MailConfig;
  files: FileStore;
  /** The request's temporary folder, for the child's photo on its way into a user photo. */
  temp: TempFolder;
}

/** A guardian of the application, once per email: the first one named with an email wins. */
function guardiansOnce(guardians: readonly ApplicationGuardian[]): ApplicationGuardian[] {
  const seen = new Set<string>();
  return guardians.filter((guardian) => {
    const key = emailKeyOf(guardian.email);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The care details of the application as the care screen keeps them (pick-ups without photos). */
const careOf = (application: SubmittedApplication['application']): CareDetails => ({
  emergencyContacts: application.care.emergencyContacts,
  medical: application.care.medical,
  pickups: application.care.pickups.map((pickup) => ({ ...pickup, photo: null })),
  photoConsent: application.care.photoConsent,
});

const localeOf = (language: string): Locale => (isLocale(language) ? language : 'en');

/** A hash of a secret nobody holds: the account has no usable password until one is set by mail. */
const noPassword = () => hashPassword(crypto.randomBytes(32).toString('base64url'));

/**
 * The child's photo of the application as a user photo (`users/<random>.webp`), or none when the
 * application has none or it is no picture after all; stored before the transaction, like every
 * upload, and removed by the caller when the transaction fails.
 */
async function storeChildPhoto(deps: EnrolmentDeps, sent: SubmittedApplication): Promise<string[]> {
  const id = sent.application.child.photoDocumentId;
  const document = sent.documents.find((d) => d.id === id && d.kind === 'child-photo');
  if (!document) return [];
  const bytes = await deps.files.read(document.storedName);
  if (!bytes) return [];
  const input = await deps.temp.newPath('.upload');
  await fs.writeFile(input, bytes);
  try {
    return await storeImages(deps.files, USERS_FOLDER, [await processImage(input, deps.temp)]);
  } catch (error) {
    // A document the family uploaded as the photo that does not decode: the pupil has no photo.
    if (error instanceof ImageRejected) return [];
    throw error;
  }
}

/** The checks of the case (in the transaction, its row locked): 404, or 409 when it cannot be enrolled. */
async function enrollableApplication(db: Db, caseId: number, lock: boolean): Promise<SubmittedApplication> {
  const found = await caseToEnrol(db, caseId, lock);
  if (!found) throw notFound('That admission case');
  if (found.stage !== 'accepted')
    throw conflict(C.caseNotAccepted, 'errors.enrolment.notAccepted').withValues({ stage: found.stage });
  const sent = await submittedApplication(db, caseId);
  if (!sent) throw conflict(C.noApplication, 'errors.enrolment.noApplication').withValues({});
  return sent;
}

/**
 * `POST admin/admissions/cases/{id}/enrolment`. 404 for no case; 400 for an unknown class; 409 (and
 * nothing changed) for a case not accepted, no application sent, no school year holding the start
 * date, a class without a free seat that year, a guardian's email of an account that is no Parent's,
 * a pupil's email taken.
 */
export async function enrolCase(
  db: Db,
  deps: EnrolmentDeps,
  caseId: number,
  input: EnrolmentInput,
  actor: SessionUser,
): Promise<EnrolmentAnswer> {
  // Refusals that need no work come first; the transaction checks everything again.
  const sent = await enrollableApplication(db, caseId, false);
  const guardians = guardiansOnce(sent.application.guardians);
  // Hashed and stored before the transaction: argon2 and image work take a while, a transaction should not.
  const hashes = await Promise.all([noPassword(), ...guardians.map(() => noPassword())]);
  const photos = await storeChildPhoto(deps, sent);
  try {
    return await db
      .transaction()
      .execute((trx) => enrolIn(trx, deps.mail, caseId, input, actor, hashes, photos));
  } catch (error) {
    await removeImages(deps.files, USERS_FOLDER, photos);
    // An account made with one of these emails at the same moment (a registration).
    if (isUniqueViolation(error))
      throw conflict(C.pupilEmailTaken, 'errors.enrolment.pupilEmailTaken').withValues({
        email: input.pupilEmail || sent.application.guardians.map((g) => g.email).join(', '),
      });
    throw error;
  }
}

async function enrolIn(
  trx: Db,
  mail: MailConfig,
  caseId: number,
  input: EnrolmentInput,
  actor: SessionUser,
  hashes: readonly string[],
  photos: readonly string[],
): Promise<EnrolmentAnswer> {
  const sent = await enrollableApplication(trx, caseId, true);
  const found = await findCase(trx, caseId);
  if (!found) throw notFound('That admission case');
  const { application } = sent;
  const guardians = guardiansOnce(application.guardians);
  const at = nowIso();
  const today = await schoolToday(trx);

  // The class and the start date: the principal's, else the case's class and the wanted date.
  const classId = input.classId ?? found.classId;
  if (classId === null)
    throw invalid(ENROLMENT_MESSAGES.chooseClass, [
      { field: 'classId', message: ENROLMENT_MESSAGES.chooseClass },
    ]);
  const schoolClass = await lockClass(trx, classId);
  if (!schoolClass)
    throw invalid(ADMISSIONS_MESSAGES.unknownClass, [
      { field: 'classId', message: ADMISSIONS_MESSAGES.unknownClass },
    ]);
  const caseYear = found.yearId === null ? undefined : await findSeatsYear(trx, found.yearId);
  const startDate =
    input.startDate ??
    application.wanted.startDate ??
    (caseYear && caseYear.firstDay > today ? caseYear.firstDay : today);
  const yearRow = await yearHolding(trx, startDate);
  const year = yearRow && (await findSeatsYear(trx, yearRow.id));
  if (!year) throw conflict(C.noYear, 'errors.enrolment.noYear').withValues({ date: startDate });

  // A seat: this case's accepted offer holds one in its own class and year; elsewhere a free one is needed.
  const [seats] = await classSeats(trx, year, classId);
  if (seats && seats.capacity !== null) {
    const own = found.classId === classId && found.yearId === year.id ? 1 : 0;
    const free = seats.capacity - seats.enrolled - (seats.acceptedOffers - own);
    if (free < 1)
      throw conflict(C.classFull, 'errors.enrolment.classFull').withValues({
        className: schoolClass.name,
        year: year.name,
        capacity: seats.capacity,
        enrolled: seats.enrolled,
        accepted: seats.acceptedOffers - own,
      });
  }

  // The accounts the emails belong to: a guardian's must be a Parent's; the pupil's must be free.
  const pupilEmail = input.pupilEmail?.trim() ?? '';
  const keys = [
    ...guardians.map((g) => emailKeyOf(g.email)),
    ...(pupilEmail ? [emailKeyOf(pupilEmail)] : []),
  ];
  const accounts = await accountsOfEmailKeys(trx, keys);
  if (pupilEmail) {
    const key = emailKeyOf(pupilEmail);
    if (accounts.has(key) || guardians.some((g) => emailKeyOf(g.email) === key))
      throw conflict(C.pupilEmailTaken, 'errors.enrolment.pupilEmailTaken').withValues({ email: pupilEmail });
  }
  for (const guardian of guardians) {
    const account = accounts.get(emailKeyOf(guardian.email));
    if (account && account.type !== USER_TYPE.parent)
      throw conflict(C.emailNotAParent, 'errors.enrolment.emailNotAParent', {
        email: guardian.email,
        type: account.type,
      }).withValues({ email: guardian.email, type: account.type });
  }

  // The pupil.
  const language = localeOf(found.language);
  const studentId = await insertAccount(
    trx,
    {
      name: application.child.name,
      type: USER_TYPE.student,
      designation: 'Student',
      gender: input.gender ?? 'Other',
      dob: application.child.dateOfBirth,
      contact: application.guardians[0]?.phone ?? '',
      email: pupilEmail,
      emailKey: pupilEmail ? emailKeyOf(pupilEmail) : noEmailKey(crypto.randomUUID()),
      passwordHash: hashes[0] ?? (await noPassword()),
      language: null,
    },
    at,
  );
  if (photos.length > 0) await replacePhotos(trx, studentId, [...photos]);

  // The guardians: an existing Parent account is linked, else one is made (active, no password yet).
  const answered: EnrolmentAnswer['guardians'] = [];
  const made: { id: number; name: string; email: string }[] = [];
  const linked: { id: number; name: string; email: string; language: string | null }[] = [];
  for (const [index, guardian] of guardians.entries()) {
    const account = accounts.get(emailKeyOf(guardian.email));
    let parentId = account?.id;
    if (parentId === undefined) {
      parentId = await insertAccount(
        trx,
        {
          name: guardian.name,
          type: USER_TYPE.parent,
          designation: 'Parent',
          gender: 'Other',
          dob: '',
          contact: guardian.phone,
          email: guardian.email,
          emailKey: emailKeyOf(guardian.email),
          passwordHash: hashes[index + 1] ?? (await noPassword()),
          language,
        },
        at,
      );
      made.push({ id: parentId, name: guardian.name, email: guardian.email });
    } else {
      // To the account's own address and in its own language: the application may spell them otherwise.
      linked.push({
        id: parentId,
        name: account?.name ?? guardian.name,
        email: account?.email ?? guardian.email,
        language: account?.language ?? null,
      });
    }
    await insertGuardian(trx, { parentId, studentId, relationship: guardian.relationship }, at);
    answered.push({
      parentId,
      name: guardian.name,
      email: guardian.email,
      relationship: guardian.relationship,
      account: account ? 'linked' : 'new',
    });
  }
  await unarchive(
    trx,
    [...accounts.values()]
      .filter((row) => row.archived_at !== null && row.type === USER_TYPE.parent)
      .map((row) => row.id),
    at,
  );

  // The care details and their first history row: everything the application said.
  const care = careOf(application);
  await saveCareRecord(trx, { studentId, details: care, at, by: actor.id });
  await insertCareChange(trx, {
    studentId,
    by: { id: actor.id, name: actor.name },
    at,
    changes: careChanges(EMPTY_CARE_DETAILS, care),
  });
  // The consents of the application are the child's first entries in the ledger: given by the
  // family who signed it, when it was signed (docs/decisions/0111-consent-as-a-ledger.md).
  await recordChildConsents(trx, {
    studentId,
    wanted: care.photoConsent,
    by: { id: null, name: sent.signatureName },
    how: 'application',
    at: sent.signedAt,
    answeredWhole: true,
  });

  // The class from the start date (one after the current year stays through the rollover).
  await openEnrolment(trx, studentId, classId, startDate);

  const fees = await firstFees(trx, actor, {
    studentId,
    studentName: application.child.name,
    classId,
    className: schoolClass.name,
    startDate,
    at,
  });

  const moved = await moveCase(
    trx,
    caseId,
    {
      from: 'accepted',
      to: 'enrolled',
      by: actor.id,
      at,
      note: '',
      details: { studentId: String(studentId), classId: String(classId), startDate },
    },
    {},
  );
  if (!moved)
    throw conflict(C.caseNotAccepted, 'errors.enrolment.notAccepted').withValues({ stage: 'enrolled' });
  await setCaseStudent(trx, caseId, studentId);
  // The accepted offer became a pupil: the free seats the public site shows are made afresh.
  await bumpDataVersion(trx, 'content');

  const facts = {
    child: application.child.name,
    className: schoolClass.name,
    startDate,
    locale: language,
    at,
  };
  await inviteGuardians(trx, mail, made, facts);
  await tellLinkedGuardians(trx, mail, linked, facts);

  return {
    caseId,
    studentId,
    pupilName: application.child.name,
    pupilEmail: pupilEmail || null,
    classId,
    className: schoolClass.name,
    yearId: year.id,
    yearName: year.name,
    startDate,
    guardians: answered,
    fees,
    mailsQueued: made.length + linked.length,
  };
}

/**
 * The pupil's fees of the first term: the term holding the start date, else the next one; an invoice
 * on each plan of the class for that term, with the plan's items as its lines (a new pupil has no
 * discount), each audited like an issue. No term or no plan: no fees, and the answer says which.
 */
async function firstFees(
  trx: Db,
  actor: SessionUser,
  pupil: {
    studentId: number;
    studentName: string;
    classId: number;
    className: string;
    startDate: string;
    at: string;
  },
): Promise<EnrolmentAnswer['fees']> {
  const term = await termOf(trx, pupil.startDate);
  if (!term) return { term: null, invoices: [], noFeesReason: 'no-term' };
  const plans = await plansOfClassAndTerm(trx, pupil.classId, term.id);
  if (plans.length === 0) return { term, invoices: [], noFeesReason: 'no-plan' };
  const invoices: EnrolmentAnswer['fees']['invoices'] = [];
  for (const { id: planId } of plans) {
    const plan = await lockPlan(trx, planId);
    if (!plan) continue;
    const lines = await planItems(trx, planId);
    const total = sumAmounts(lines.map((line) => line.amount));
    const id = await insertInvoice(trx, {
      planId,
      studentId: pupil.studentId,
      studentName: pupil.studentName,
      className: pupil.className,
      lines,
      total,
      at: pupil.at,
      by: actor.id,
    });
    await auditMoney(
      trx,
      actor,
      {
        action: 'invoice.issue',
        entity: 'invoice',
        entityId: id,
        studentId: pupil.studentId,
        after: {
          planId,
          studentName: pupil.studentName,
          className: pupil.className,
          lines,
          subtotal: total,
          discount: 0,
          discountReason: '',
          total,
        },
      },
      pupil.at,
    );
    invoices.push({ id, planId, planName: plan.name, total, currency: plan.currency });
  }
  return { term, invoices, noFeesReason: invoices.length > 0 ? null : 'no-plan' };
}

/**
 * Each guardian whose account was linked (an existing Parent's), in the account's own language, else
 * the family's: the child is enrolled and shows on their dashboard, with a link to sign in. Without
 * it a parent would find a new child in the app with no word from the school.
 */
async function tellLinkedGuardians(
  trx: Db,
  mail: MailConfig,
  linked: readonly { id: number; name: string; email: string; language: string | null }[],
  facts: { child: string; className: string; startDate: string; locale: Locale; at: string },
): Promise<void> {
  if (linked.length === 0) return;
  const school = (await readSettings(trx)).name;
  await queueMails(
    trx,
    mail,
    linked.map((guardian) => {
      const locale = guardian.language && isLocale(guardian.language) ? guardian.language : facts.locale;
      const { t } = translatorFor(locale);
      return {
        kind: 'admission-enrolled' as const,
        to: { address: guardian.email, name: guardian.name },
        subject: t('mail.enrolment.linkedSubject', { child: facts.child, school }),
        greeting: t('mail.greeting', { name: guardian.name }),
        paragraphs: [
          t('mail.enrolment.linkedBody', {
            child: facts.child,
            className: facts.className,
            date: facts.startDate,
            school,
          }),
        ],
        action: { label: t('mail.enrolment.linkedAction'), url: mailLink(mail, MAIL_LINK_PATHS.login, {}) },
        footer: [t('mail.enrolment.footer', { school })],
        locale,
      };
    }),
  );
}

/**
 * Each new guardian's mail, in the family's language: the child is enrolled, and a link to set the
 * account's first password (a password-reset link that works INVITE_LINK_DAYS; its key is kept out
 * of the stored mail like every link key, features/mail/link-keys.ts).
 */
async function inviteGuardians(
  trx: Db,
  mail: MailConfig,
  made: readonly { id: number; name: string; email: string }[],
  facts: { child: string; className: string; startDate: string; locale: Locale; at: string },
): Promise<void> {
  if (made.length === 0) return;
  const school = (await readSettings(trx)).name;
  const { t } = translatorFor(facts.locale);
  const expiresAt = new Date(Date.parse(facts.at) + INVITE_LINK_DAYS * DAY_MS).toISOString();
  const contents = [];
  for (const guardian of made) {
    const token = newSecretToken(32);
    await replaceResetLink(trx, {
      userId: guardian.id,
      tokenHash: hashToken(token),
      createdAt: facts.at,
      expiresAt,
    });
    contents.push({
      kind: 'account-invite' as const,
      to: { address: guardian.email, name: guardian.name },
      subject: t('mail.enrolment.subject', { child: facts.child, school }),
      greeting: t('mail.greeting', { name: guardian.name }),
      paragraphs: [
        t('mail.enrolment.body', {
          child: facts.child,
          className: facts.className,
          date: facts.startDate,
          school,
        }),
        t('mail.enrolment.signIn', { email: guardian.email }),
        t('mail.enrolment.expiry', { days: INVITE_LINK_DAYS }),
      ],
      action: {
        label: t('mail.enrolment.action'),
        url: mailLink(mail, MAIL_LINK_PATHS.resetPassword, { token }),
      },
      footer: [t('mail.enrolment.footer', { school })],
      locale: facts.locale,
    });
  }
  await queueMails(trx, mail, contents);
}
