import fs from 'node:fs/promises';
import path from 'node:path';
import { PHOTO_CONSENT_KINDS, TRIP_CONSENT_KIND } from '../../../shared/api/consents.js';
import { RETENTION_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { PHOTO_MOMENT_RULES } from '../../../shared/api/photo-moments.js';
import type { RetentionCounts, RetentionRun } from '../../../shared/api/retention.js';
import { RETENTION_MESSAGES } from '../../../shared/api/retention.js';
import { USER_TYPE } from '../../../shared/constants.js';
import {
  addMonths,
  ERASURE_PERIODS,
  FORMER_GUARDIAN_NAME,
  formerGuardianName,
  formerPupilName,
  isPastPeriod,
  longestPeriod,
  RETENTION_KINDS,
  type RetentionKind,
  type RetentionPeriods,
} from '../../../shared/rules/retention.js';
import type { Db } from '../../db/connect.js';
import { conflict, notFound } from '../../lib/errors.js';
import { type FileStore, isStoredFilePath } from '../../lib/file-store/file-store.js';
import { isoDate, nowIso } from '../../lib/time.js';
import { forgetChildConsents } from '../consents/consents.repository.js';
import {
  claimRun,
  findLeavers,
  findRun,
  finishRun,
  type LeaverRow,
  retentionPeriods,
} from './retention.repository.js';

/**
 * What retention removes (docs/decisions/0110-retention-and-erasure.md). Each kind of record of a
 * leaver past its period is deleted, or for fees anonymised, in one transaction per child; the
 * stored files of what was deleted are removed once it is committed. A kind with nothing left to
 * remove counts 0, so a second run in a row does nothing more. An erasure is the same code with
 * every period at zero.
 */

const count = (result: { numDeletedRows?: bigint; numUpdatedRows?: bigint } | undefined): number =>
  Number(result?.numDeletedRows ?? result?.numUpdatedRows ?? 0n);

interface Removed {
  rows: number;
  files: string[];
}

type Purge = (trx: Db, child: LeaverRow) => Promise<Removed>;

const momentPhotoFile = (name: string, width: string) => `${PHOTO_MOMENT_RULES.folder}/${name}-${width}.webp`;

/** Photo moments: untag the child; a moment of the child alone goes whole, with its files. */
const purgePhotos: Purge = async (trx, child) => {
  const tagged = await trx
    .selectFrom('photo_moment_child')
    .select('moment_id')
    .where('student_id', '=', child.id)
    .execute();
  const files: string[] = [];
  let rows = 0;
  for (const { moment_id } of tagged) {
    const others = await trx
      .selectFrom('photo_moment_child')
      .select('student_id')
      .where('moment_id', '=', moment_id)
      .where('student_id', '<>', child.id)
      .executeTakeFirst();
    rows += count(
      await trx
        .deleteFrom('photo_moment_child')
        .where('moment_id', '=', moment_id)
        .where('student_id', '=', child.id)
        .executeTakeFirst(),
    );
    if (others) continue;
    const photos = await trx
      .selectFrom('photo_moment_photo')
      .select(['name', 'widths'])
      .where('moment_id', '=', moment_id)
      .execute();
    for (const photo of photos) {
      for (const width of photo.widths.split(',')) files.push(momentPhotoFile(photo.name, width.trim()));
    }
    rows += count(
      await trx.deleteFrom('photo_moment_photo').where('moment_id', '=', moment_id).executeTakeFirst(),
    );
    rows += count(await trx.deleteFrom('photo_moment').where('id', '=', moment_id).executeTakeFirst());
  }
  rows += count(
    await trx.deleteFrom('content_image_child').where('student_id', '=', child.id).executeTakeFirst(),
  );
  // The consents to photos go with the photos they were about (docs/decisions/0111-consent-as-a-ledger.md).
  rows += await forgetChildConsents(trx, child.id, PHOTO_CONSENT_KINDS);
  return { rows, files };
};

const purgeMessages: Purge = async (trx, child) => {
  const attachments = await trx
    .selectFrom('conversation_message')
    .select('attachment_path')
    .where('student_id', '=', child.id)
    .where('attachment_path', 'is not', null)
    .execute();
  let rows = count(
    await trx.deleteFrom('conversation_receipt').where('student_id', '=', child.id).executeTakeFirst(),
  );
  // A check-out names the message that announced its collector; the register keeps the check-out.
  await trx
    .updateTable('checkin')
    .set({ collector_message_id: null })
    .where('student_id', '=', child.id)
    .where('collector_message_id', 'is not', null)
    .execute();
  rows += count(
    await trx.deleteFrom('conversation_message').where('student_id', '=', child.id).executeTakeFirst(),
  );
  rows += count(await trx.deleteFrom('notification').where('student_id', '=', child.id).executeTakeFirst());
  return { rows, files: attachments.flatMap((row) => (row.attachment_path ? [row.attachment_path] : [])) };
};

/** The pick-up photos a care document names (`care/...`), read leniently. */
function pickupPhotos(document: string): string[] {
  try {
    const parsed = JSON.parse(document) as { pickups?: { photo?: unknown }[] };
    return (parsed.pickups ?? []).flatMap((pickup) =>
      typeof pickup?.photo === 'string' && pickup.photo.startsWith('care/') ? [pickup.photo] : [],
    );
  } catch {
    return [];
  }
}

const purgeCare =
  (files: FileStore): Purge =>
  async (trx, child) => {
    const record = await trx
      .selectFrom('care_record')
      .select('document')
      .where('student_id', '=', child.id)
      .executeTakeFirst();
    const paths = record ? pickupPhotos(record.document) : [];
    // Photos uploaded for the child and never saved are in the child's folder too.
    const folder = `care/${child.id}/`;
    for await (const file of files.list()) if (file.path.startsWith(folder)) paths.push(file.path);
    let rows = count(
      await trx.deleteFrom('care_change').where('student_id', '=', child.id).executeTakeFirst(),
    );
    rows += count(await trx.deleteFrom('care_record').where('student_id', '=', child.id).executeTakeFirst());
    return { rows, files: [...new Set(paths)] };
  };

const purgeAdmissions: Purge = async (trx, child) => {
  const cases = (
    await trx.selectFrom('admission_case').select('id').where('student_id', '=', child.id).execute()
  ).map((row) => row.id);
  if (cases.length === 0) return { rows: 0, files: [] };
  const documents = await trx
    .selectFrom('admission_document')
    .select('stored_name')
    .where('case_id', 'in', cases)
    .execute();
  let rows = 0;
  for (const table of [
    'admission_document',
    'admission_application_link',
    'admission_application',
    'admission_offer',
    'admission_move',
  ] as const) {
    rows += count(await trx.deleteFrom(table).where('case_id', 'in', cases).executeTakeFirst());
  }
  rows += count(await trx.deleteFrom('admission_case').where('id', 'in', cases).executeTakeFirst());
  return { rows, files: documents.map((row) => row.stored_name) };
};

const deleteRowsOf =
  (
    ...tables: readonly (
      | 'log_entry'
      | 'school_form_answer'
      | 'child_access'
      | 'attendance'
      | 'checkin'
      | 'absence_alert'
      | 'mark'
      | 'mark_change'
      | 'report_card'
      | 'report_card_comment'
      | 'report_card_note'
    )[]
  ): Purge =>
  async (trx, child) => {
    let rows = 0;
    for (const table of tables) {
      rows += count(await trx.deleteFrom(table).where('student_id', '=', child.id).executeTakeFirst());
    }
    return { rows, files: [] };
  };

/**
 * What a person's account keeps of its own beside the `app_user` row, by the column naming them:
 * its sign-ins, devices, links, settings and photo. child-records.test.ts holds this list to the
 * family archive's map: every table it reads for a guardian is here.
 */
export const ACCOUNT_OWN_TABLES = {
  session: 'user_id',
  device_login: 'user_id',
  password_reset: 'user_id',
  push_subscription: 'user_id',
  alert_setting: 'user_id',
  calendar_feed: 'user_id',
  notification_read: 'user_id',
  user_photo: 'user_id',
  child_suggestion: 'parent_id',
  two_factor: 'user_id',
  two_factor_recovery_code: 'user_id',
  two_factor_challenge: 'user_id',
  two_factor_device: 'user_id',
  two_factor_reset: 'user_id',
} as const;

/**
 * An account anonymised in place, so the records kept longer still point at it: its own rows are
 * deleted, its name becomes `anonymous`, and it keeps no birth date, address, contact, e-mail or
 * password. Counts what it changed (nothing the second time); answers the photo files to remove.
 */
async function anonymiseAccount(trx: Db, userId: number, anonymous: string): Promise<Removed> {
  const user = await trx.selectFrom('app_user').select(['name']).where('id', '=', userId).executeTakeFirst();
  if (!user) return { rows: 0, files: [] };
  const photos = await trx.selectFrom('user_photo').select('image').where('user_id', '=', userId).execute();
  let rows = 0;
  for (const [table, column] of Object.entries(ACCOUNT_OWN_TABLES) as [
    keyof typeof ACCOUNT_OWN_TABLES,
    'user_id',
  ][]) {
    rows += count(await trx.deleteFrom(table).where(column, '=', userId).executeTakeFirst());
  }
  if (user.name !== anonymous) {
    rows += count(
      await trx
        .updateTable('app_user')
        .set({
          name: anonymous,
          designation: '',
          description: '',
          gender: '',
          dob: '',
          address: '',
          contact: '',
          email: '',
          // Unique and no address: nobody signs in as it.
          email_key: `erased-${userId}`,
          password_hash: '!',
          social_link: '',
          updated_at: nowIso(),
        })
        .where('id', '=', userId)
        .executeTakeFirst(),
    );
  }
  return { rows, files: photos.map((row) => row.image) };
}

/**
 * The child's account, anonymised in place; and each guardian's family account of which this was
 * the last child, with it (docs/decisions/0118-a-familys-account-goes-with-its-last-child.md): a
 * Parent account exists for its children, and kept after them it would keep the family's names,
 * address and contact forever. A guardian with another child at the school (or any other account
 * type: staff who are parents too) keeps theirs.
 */
const purgeAccount: Purge = async (trx, child) => {
  const guardians = await trx
    .selectFrom('guardian')
    .select('parent_id')
    .where('student_id', '=', child.id)
    .execute();
  let rows = count(await trx.deleteFrom('guardian').where('student_id', '=', child.id).executeTakeFirst());
  const own = await anonymiseAccount(trx, child.id, formerPupilName(child.id));
  rows += own.rows;
  const files = [...own.files];
  for (const { parent_id: parentId } of guardians) {
    const lone = await trx
      .selectFrom('app_user')
      .select('id')
      .where('id', '=', parentId)
      .where('type', '=', USER_TYPE.parent)
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('guardian').select('student_id').where('parent_id', '=', parentId))),
      )
      .executeTakeFirst();
    if (!lone) continue;
    const family = await anonymiseAccount(trx, parentId, formerGuardianName(parentId));
    rows += family.rows;
    files.push(...family.files);
  }
  return { rows, files };
};

/**
 * Fees are the school's accounts: never deleted, anonymised. The names the invoices and receipts
 * wrote become "Former pupil #id", the money audit loses them too, a guardian who paid becomes
 * "Former guardian", and a discount's reason (which may say why a family needed it) goes; amounts,
 * dates and receipt numbers stay.
 */
const purgeFees: Purge = async (trx, child) => {
  const anonymous = formerPupilName(child.id);
  const names = new Set<string>([child.name]);
  for (const table of ['invoice', 'payment'] as const) {
    const rows = await trx
      .selectFrom(table)
      .select('student_name')
      .distinct()
      .where('student_id', '=', child.id)
      .execute();
    for (const row of rows) names.add(row.student_name);
  }
  names.delete(anonymous);
  names.delete('');
  let rows = 0;
  rows += count(
    await trx
      .updateTable('invoice')
      .set({ student_name: anonymous })
      .where('student_id', '=', child.id)
      .where('student_name', '<>', anonymous)
      .executeTakeFirst(),
  );
  rows += count(
    await trx
      .updateTable('payment')
      .set({ student_name: anonymous })
      .where('student_id', '=', child.id)
      .where('student_name', '<>', anonymous)
      .executeTakeFirst(),
  );
  rows += count(
    await trx
      .updateTable('payment')
      .set({ recorded_by_name: FORMER_GUARDIAN_NAME, recorded_by: null })
      .where('student_id', '=', child.id)
      .where('recorded_by', 'in', (eb) =>
        eb.selectFrom('app_user').select('id').where('type', '=', USER_TYPE.parent),
      )
      .executeTakeFirst(),
  );
  rows += count(
    await trx
      .updateTable('fee_discount')
      .set({ reason: '' })
      .where('student_id', '=', child.id)
      .where('reason', '<>', '')
      .executeTakeFirst(),
  );
  if (names.size > 0) {
    const audits = await trx
      .selectFrom('money_audit')
      .select(['id', 'before', 'after'])
      .where('student_id', '=', child.id)
      .execute();
    const scrub = (text: string | null) => {
      if (text === null) return null;
      let out = text;
      for (const name of names) out = out.split(JSON.stringify(name).slice(1, -1)).join(anonymous);
      return out;
    };
    for (const audit of audits) {
      const before = scrub(audit.before);
      const after = scrub(audit.after);
      if (before === audit.before && after === audit.after) continue;
      rows += count(
        await trx
          .updateTable('money_audit')
          .set({ before, after })
          .where('id', '=', audit.id)
          .executeTakeFirst(),
      );
    }
  }
  return { rows, files: [] };
};

/**
 * Answers to forms and permission slips, with the consents to trips they gave and the standing
 * consent to local outings (docs/decisions/0115-trips-in-the-consent-ledger.md).
 */
const purgeForms: Purge = async (trx, child) => {
  const answers = await deleteRowsOf('school_form_answer')(trx, child);
  const consents = await forgetChildConsents(trx, child.id, ['outings', TRIP_CONSENT_KIND]);
  return { rows: answers.rows + consents, files: [] };
};

function purges(files: FileStore): Record<RetentionKind, Purge> {
  return {
    dayLog: deleteRowsOf('log_entry'),
    photos: purgePhotos,
    messages: purgeMessages,
    care: purgeCare(files),
    forms: purgeForms,
    admissions: purgeAdmissions,
    accessLog: deleteRowsOf('child_access'),
    account: purgeAccount,
    attendance: deleteRowsOf('attendance', 'checkin', 'absence_alert'),
    results: deleteRowsOf('mark', 'mark_change', 'report_card', 'report_card_comment', 'report_card_note'),
    fees: purgeFees,
  };
}

export interface ChildOutcome {
  rows: RetentionCounts;
  files: number;
}

/**
 * Removes what of `child` is past its period on `today`, in one transaction; then the files of
 * what went. The class history (enrolments, which date the leaving) goes with the last kind.
 */
export async function purgeChild(
  db: Db,
  files: FileStore,
  child: LeaverRow,
  periods: RetentionPeriods,
  today: string,
): Promise<ChildOutcome> {
  const byKind = purges(files);
  const rows: RetentionCounts = {};
  const toRemove: string[] = [];
  await db.transaction().execute(async (trx) => {
    for (const kind of RETENTION_KINDS) {
      if (!isPastPeriod(child.leftOn, periods[kind], today)) continue;
      const removed = await byKind[kind](trx, child);
      if (removed.rows > 0) rows[kind] = removed.rows;
      toRemove.push(...removed.files);
    }
    if (RETENTION_KINDS.every((kind) => isPastPeriod(child.leftOn, periods[kind], today))) {
      const ended = count(
        await trx.deleteFrom('enrolment').where('student_id', '=', child.id).executeTakeFirst(),
      );
      if (ended > 0) rows.account = (rows.account ?? 0) + ended;
    }
  });
  const paths = [...new Set(toRemove)].filter(isStoredFilePath);
  let removed = 0;
  for (const file of paths) {
    if (await files.stat(file)) removed += 1;
  }
  if (paths.length > 0) await files.remove(paths).catch(() => {});
  return { rows, files: removed };
}

const addCounts = (into: RetentionCounts, from: RetentionCounts) => {
  for (const kind of RETENTION_KINDS) {
    const value = from[kind];
    if (value) into[kind] = (into[kind] ?? 0) + value;
  }
};

/** What a run did. */
export interface RunOutcome {
  studentIds: number[];
  rows: RetentionCounts;
  files: number;
}

/** Every leaver's records past their periods on `today`. */
export async function purgeLeavers(
  db: Db,
  files: FileStore,
  periods: RetentionPeriods,
  today: string,
): Promise<RunOutcome> {
  const outcome: RunOutcome = { studentIds: [], rows: {}, files: 0 };
  for (const child of await findLeavers(db)) {
    const done = await purgeChild(db, files, child, periods, today);
    if (Object.keys(done.rows).length === 0 && done.files === 0) continue;
    outcome.studentIds.push(child.id);
    addCounts(outcome.rows, done.rows);
    outcome.files += done.files;
  }
  return outcome;
}

const BACKUP_FILE = /\.jsonl\.gz(\.enc)?$/;

/**
 * Deletes the backups in `dir` older than the longest period (by their file's time): a backup
 * holds every record, so keeping it longer would keep what retention removed.
 */
export async function pruneOldBackups(dir: string, longestMonths: number, today: string): Promise<number> {
  const cutoff = addMonths(today, -longestMonths);
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (!BACKUP_FILE.test(name)) continue;
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => undefined);
    if (!stat?.isFile() || isoDate(stat.mtime) >= cutoff) continue;
    await fs.rm(file, { force: true });
    removed += 1;
  }
  return removed;
}

export interface RetentionDeps {
  db: Db;
  files: FileStore;
  backupDir: string;
}

/**
 * The night's run at `now`: claims the day's slot (one process runs it), removes what is past its
 * time, prunes old backups, and records it. Undefined when the day's run was claimed already.
 */
export async function runNightly(deps: RetentionDeps, now: Date): Promise<RetentionRun | undefined> {
  const today = isoDate(now);
  const id = await claimRun(deps.db, {
    slot: `nightly:${today}`,
    kind: 'nightly',
    startedAt: now.toISOString(),
  });
  if (id === undefined) return undefined;
  const periods = await retentionPeriods(deps.db);
  let outcome: RunOutcome = { studentIds: [], rows: {}, files: 0 };
  let backups = 0;
  let message: string | null = null;
  try {
    outcome = await purgeLeavers(deps.db, deps.files, periods, today);
    backups = await pruneOldBackups(deps.backupDir, longestPeriod(periods), today);
  } catch (error) {
    message = error instanceof Error ? error.message : String(error);
  }
  await finishRun(deps.db, id, { finishedAt: nowIso(), ...outcome, backups, message });
  return findRun(deps.db, id);
}

/**
 * An erasure request for a leaver, carried out at once: every kind at zero months, so only the
 * fees stay, anonymised; recorded with who asked and who carried it out. 404 for an unknown pupil,
 * 409 for a pupil still at the school.
 */
export async function eraseLeaver(
  deps: RetentionDeps,
  request: { studentId: number; requestedBy: string; ranBy: { id: number; name: string } },
  now: Date,
): Promise<RetentionRun> {
  const pupil = await deps.db
    .selectFrom('app_user')
    .select('id')
    .where('id', '=', request.studentId)
    .where('type', '=', USER_TYPE.student)
    .executeTakeFirst();
  if (!pupil) throw notFound(RETENTION_MESSAGES.notPupil);
  const [leaver] = await findLeavers(deps.db, request.studentId);
  if (!leaver) throw conflict(RETENTION_ERROR_CODES.stillEnrolled, RETENTION_MESSAGES.stillEnrolled);
  const startedAt = now.toISOString();
  const id = await claimRun(deps.db, {
    slot: `erasure:${leaver.id}:${startedAt}:${Math.random().toString(36).slice(2, 8)}`,
    kind: 'erasure',
    startedAt,
    requestedBy: request.requestedBy,
    ranBy: request.ranBy,
  });
  if (id === undefined) throw new Error('The erasure could not be recorded.');
  const done = await purgeChild(deps.db, deps.files, leaver, ERASURE_PERIODS, isoDate(now));
  await finishRun(deps.db, id, {
    finishedAt: nowIso(),
    studentIds: [leaver.id],
    rows: done.rows,
    files: done.files,
    backups: 0,
    message: null,
  });
  return (await findRun(deps.db, id)) as RetentionRun;
}
