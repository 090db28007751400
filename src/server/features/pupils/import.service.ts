import crypto from 'node:crypto';
import { z } from 'zod';
import { PUPIL_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { RELATIONSHIPS, type Relationship } from '../../../shared/api/family.js';
import { IsoDateSchema } from '../../../shared/api/school.js';
import {
  PUPIL_IMPORT_COLUMNS,
  PUPIL_IMPORT_GUARDIAN_COLUMNS,
  PUPIL_IMPORT_LIMITS,
  type PupilImportAnswer,
  type PupilImportColumn,
  type PupilImportGuardianColumn,
  type PupilImportRow,
} from '../../../shared/api/school-admin.js';
import { GENDERS, USER_TYPE } from '../../../shared/constants.js';
import type { Locale } from '../../../shared/i18n/locales.js';
import type { MessageKey } from '../../../shared/i18n/message-keys.js';
import type { MessageValues, Translator } from '../../../shared/i18n/translator.js';
import { hasControlCharacters } from '../../../shared/rules/plain-text.js';
import type { Db } from '../../db/connect.js';
import { HttpError, invalid } from '../../lib/errors.js';
import { translatorFor } from '../../lib/i18n.js';
import { hashPassword } from '../auth/password.js';
import { classIdsByName } from '../catalog/catalog.repository.js';
import { accountsByEmailKey, insertGuardian } from '../family/family.repository.js';
import { emailKeyOf, insertUser, isUniqueViolation } from '../users/users.repository.js';
import { CsvError, parseCsv } from './csv.js';
import { openEnrolment, takenEmailKeys } from './pupils.repository.js';

/**
 * `POST admin/import/pupils`: a CSV of pupils is checked row by row (the preview), and on commit
 * saved whole or not at all: ACTIVE Student accounts, each with a random initial password that the
 * answer shows once, enrolled in their class from `today`.
 *
 * The optional guardian columns (docs/decisions/0021-families.md) link each pupil to the Parent
 * account of guardian_email; when there is none, the import makes one, active, with an initial
 * password shown once like the pupils' (on the first row naming that email). Siblings name the same
 * email and get the same parent.
 */

const EMAIL = z.email();
const MAX_TEXT = {
  name: 100,
  email: 254,
  class: 100,
  gender: 10,
  dob: 10,
  contact: 50,
  address: 300,
  guardian_name: 100,
  guardian_email: 254,
  guardian_contact: 30,
  guardian_relationship: 20,
} as const;

const PHONE = /^\+?[0-9][0-9 ()./-]{3,}$/;

/** A row's guardian, checked: `existingId` when the email is a Parent account already. */
interface RowGuardian {
  key: string;
  email: string;
  relationship: Relationship;
  existingId?: number;
}

interface CheckedRow extends PupilImportRow {
  values: Record<PupilImportColumn | PupilImportGuardianColumn, string>;
  classId?: number;
  gender?: string;
  guardian?: RowGuardian;
}

/** Reads and checks the file; 400 for a file that is not a CSV with the expected header. */
/** A refusal of the whole file: its sentence both as the message and as the `file` field's reason. */
function fileRefused(key: MessageKey, values: MessageValues, { t }: Translator): HttpError {
  return invalid(key, [{ field: 'file', message: t(key, values) }]).withValues(values);
}

async function checkFile(db: Db, data: Buffer, today: string, translator: Translator): Promise<CheckedRow[]> {
  const { t } = translator;
  const text = data.toString('utf8');
  const controlAt = text.split(/\r\n|\r|\n/).findIndex(hasControlCharacters);
  if (controlAt >= 0) {
    // Such a file is no spreadsheet export, and PostgreSQL could not store a NUL anyway.
    throw fileRefused('pupils.error.controlCharacters', { line: String(controlAt + 1) }, translator);
  }
  let records: ReturnType<typeof parseCsv>;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvError) {
      throw fileRefused('pupils.error.unclosedQuote', { line: String(error.line) }, translator);
    }
    throw error;
  }
  const header = records.shift();
  const names = (header?.fields ?? []).map((h) => h.trim().toLowerCase());
  const missing = PUPIL_IMPORT_COLUMNS.filter((c) => !names.includes(c));
  if (!header || missing.length > 0) {
    const values = { columns: PUPIL_IMPORT_COLUMNS.join(','), missing: missing.join(', ') };
    throw fileRefused('pupils.error.header', values, translator);
  }
  if (records.length === 0) {
    throw invalid('pupils.error.noPupils', [{ field: 'file', message: t('pupils.error.noRows') }]);
  }
  if (records.length > PUPIL_IMPORT_LIMITS.maxRows) {
    const values = { max: String(PUPIL_IMPORT_LIMITS.maxRows), count: String(records.length) };
    throw fileRefused('pupils.error.tooManyRows', values, translator);
  }

  // An absent optional column reads as empty.
  const column = (record: (typeof records)[number], name: PupilImportColumn | PupilImportGuardianColumn) =>
    names.includes(name) ? (record.fields[names.indexOf(name)] ?? '').trim() : '';
  const classes = await classIdsByName(
    db,
    records.map((r) => column(r, 'class')),
  );
  const taken = await takenEmailKeys(
    db,
    records.map((r) => emailKeyOf(r.fields[names.indexOf('email')] ?? '')).filter((k) => k !== ''),
  );

  const guardianKeys = records.map((r) => emailKeyOf(column(r, 'guardian_email'))).filter((k) => k !== '');
  const accounts = await accountsByEmailKey(db, guardianKeys);
  const pupilKeys = new Set(records.map((r) => emailKeyOf(column(r, 'email'))));
  const namedGuardians = new Set(
    records
      .filter((r) => column(r, 'guardian_name') !== '')
      .map((r) => emailKeyOf(column(r, 'guardian_email'))),
  );

  const seen = new Map<string, number>();
  return records.map((record) => {
    const values = Object.fromEntries(
      [...PUPIL_IMPORT_COLUMNS, ...PUPIL_IMPORT_GUARDIAN_COLUMNS].map((c) => [c, column(record, c)]),
    ) as Record<PupilImportColumn | PupilImportGuardianColumn, string>;
    const errors: { field: string; message: string }[] = [];
    for (const column of PUPIL_IMPORT_COLUMNS) {
      if (values[column] === '') errors.push({ field: column, message: t('pupils.row.missing') });
      else if (values[column].length > MAX_TEXT[column])
        errors.push({ field: column, message: t('pupils.row.tooLong', { max: MAX_TEXT[column] }) });
    }
    const key = emailKeyOf(values.email);
    if (values.email !== '') {
      if (!EMAIL.safeParse(values.email).success)
        errors.push({ field: 'email', message: t('pupils.row.notAnEmail') });
      else if (taken.has(key)) errors.push({ field: 'email', message: t('pupils.row.alreadyRegistered') });
      else if (seen.has(key))
        errors.push({ field: 'email', message: t('pupils.row.alsoOnLine', { line: String(seen.get(key)) }) });
      if (!seen.has(key)) seen.set(key, record.line);
    }
    const classId = classes.get(values.class);
    if (values.class !== '' && classId === undefined)
      errors.push({ field: 'class', message: t('pupils.row.noSuchClass') });
    const gender = GENDERS.find((g) => g.toLowerCase() === values.gender.toLowerCase());
    if (values.gender !== '' && !gender)
      errors.push({ field: 'gender', message: t('pupils.row.oneOf', { choices: GENDERS.join(', ') }) });
    if (values.dob !== '') {
      if (!IsoDateSchema.safeParse(values.dob).success)
        errors.push({ field: 'dob', message: t('pupils.row.notADate') });
      else if (values.dob >= today) errors.push({ field: 'dob', message: t('pupils.row.notPast') });
    }
    const guardian = checkGuardian(values, { accounts, pupilKeys, namedGuardians }, errors, translator);
    return {
      line: record.line,
      name: values.name,
      email: values.email,
      className: values.class,
      errors,
      values,
      ...(classId !== undefined && { classId }),
      ...(gender !== undefined && { gender }),
      ...(guardian !== undefined && { guardian }),
    };
  });
}

/**
 * The guardian columns of a row: all empty (no guardian), or an email with a relationship; a name
 * when the email is no account yet (on this row or another row with the same email); a contact,
 * when given, that is a phone number. Problems go to `errors` like the other columns'.
 */
function checkGuardian(
  values: Record<PupilImportColumn | PupilImportGuardianColumn, string>,
  file: {
    accounts: Map<string, { id: number; type: string }>;
    pupilKeys: Set<string>;
    namedGuardians: Set<string>;
  },
  errors: { field: string; message: string }[],
  { t }: Translator,
): RowGuardian | undefined {
  if (PUPIL_IMPORT_GUARDIAN_COLUMNS.every((c) => values[c] === '')) return undefined;
  const before = errors.length;
  for (const column of PUPIL_IMPORT_GUARDIAN_COLUMNS) {
    if (values[column].length > MAX_TEXT[column])
      errors.push({ field: column, message: t('pupils.row.tooLong', { max: MAX_TEXT[column] }) });
  }
  const email = values.guardian_email;
  const key = emailKeyOf(email);
  const account = file.accounts.get(key);
  if (email === '') errors.push({ field: 'guardian_email', message: t('pupils.row.guardianEmailMissing') });
  else if (!EMAIL.safeParse(email).success)
    errors.push({ field: 'guardian_email', message: t('pupils.row.notAnEmail') });
  else if (file.pupilKeys.has(key))
    errors.push({ field: 'guardian_email', message: t('pupils.row.pupilsEmail') });
  else if (account && account.type !== USER_TYPE.parent)
    errors.push({
      field: 'guardian_email',
      message: t('pupils.row.notParent', { type: account.type }),
    });
  else if (!account && !file.namedGuardians.has(key))
    errors.push({ field: 'guardian_name', message: t('pupils.row.guardianNameMissing') });
  const relationship = RELATIONSHIPS.find(
    (r) => r.toLowerCase() === values.guardian_relationship.toLowerCase(),
  );
  if (values.guardian_relationship === '')
    errors.push({ field: 'guardian_relationship', message: t('pupils.row.missing') });
  else if (!relationship)
    errors.push({
      field: 'guardian_relationship',
      message: t('pupils.row.oneOf', { choices: RELATIONSHIPS.join(', ') }),
    });
  if (values.guardian_contact !== '' && !PHONE.test(values.guardian_contact))
    errors.push({ field: 'guardian_contact', message: t('pupils.row.notAPhone') });
  if (errors.length > before || !relationship) return undefined;
  return { key, email, relationship, ...(account && { existingId: account.id }) };
}

/** The name and contact a new guardian account gets: the first given in the file for that email. */
function newGuardianDetails(rows: readonly CheckedRow[], key: string): { name: string; contact: string } {
  const same = rows.filter((r) => r.guardian?.key === key);
  return {
    name: same.find((r) => r.values.guardian_name !== '')?.values.guardian_name ?? '',
    contact: same.find((r) => r.values.guardian_contact !== '')?.values.guardian_contact ?? '',
  };
}

const publicRow = ({
  values: _values,
  classId: _classId,
  gender: _gender,
  guardian,
  ...row
}: CheckedRow): PupilImportRow => ({ ...row, ...(guardian && { guardianEmail: guardian.email }) });

/** A random initial password: 12 characters of letters and digits. */
const initialPassword = () => crypto.randomBytes(9).toString('base64url');

export async function importPupils(
  db: Db,
  data: Buffer,
  commit: boolean,
  today: string,
  now: string,
  /** The request's language, which the rows' problems and any refusal are said in. */
  locale: Locale,
): Promise<PupilImportAnswer['data']> {
  const rows = await checkFile(db, data, today, translatorFor(locale));
  const invalidCount = rows.filter((r) => r.errors.length > 0).length;
  const answer = { committed: false, total: rows.length, invalid: invalidCount, rows: rows.map(publicRow) };
  if (!commit) return answer;
  if (invalidCount > 0) {
    throw new HttpError(
      400,
      PUPIL_ERROR_CODES.importInvalid,
      'pupils.error.rowsInvalid',
      rows.flatMap((r) => r.errors.map((e) => ({ field: `line ${r.line}.${e.field}`, message: e.message }))),
    ).withValues({ count: invalidCount });
  }
  const passwords = rows.map(() => initialPassword());
  // The guardians to make: one per new email, its password shown on the first row naming it.
  const newGuardianKeys = [
    ...new Set(
      rows.flatMap((r) => (r.guardian && r.guardian.existingId === undefined ? [r.guardian.key] : [])),
    ),
  ];
  const guardianPasswords = newGuardianKeys.map(() => initialPassword());
  // A few at a time: each hash takes 19 MiB and a worker thread.
  const hashes: string[] = [];
  const toHash = [...passwords, ...guardianPasswords];
  for (let i = 0; i < toHash.length; i += 4) {
    hashes.push(...(await Promise.all(toHash.slice(i, i + 4).map((p) => hashPassword(p)))));
  }
  const guardianHash = new Map(newGuardianKeys.map((key, i) => [key, hashes[passwords.length + i] ?? '']));
  const guardianPassword = new Map(newGuardianKeys.map((key, i) => [key, guardianPasswords[i] ?? '']));
  try {
    const { ids, guardianIds, madeBy } = await db.transaction().execute(async (trx) => {
      const created: number[] = [];
      for (const [index, row] of rows.entries()) {
        const id = await insertUser(
          trx,
          {
            name: row.values.name,
            designation: 'Student',
            description: '',
            type: USER_TYPE.student,
            gender: row.gender ?? 'Other',
            dob: row.values.dob,
            address: row.values.address,
            contact: row.values.contact,
            email: row.values.email,
            passwordHash: hashes[index] ?? '',
            socialLink: '',
            status: 'active',
          },
          now,
        );
        await openEnrolment(trx, id, row.classId ?? 0, today);
        created.push(id);
      }
      // Guardians, after every pupil: the row's pupil exists, the parent is found or made.
      const guardianIds: (number | undefined)[] = [];
      const madeBy = new Map<string, number>();
      const made = new Map<string, number>();
      for (const [index, row] of rows.entries()) {
        const guardian = row.guardian;
        const pupilId = created[index];
        if (!guardian || pupilId === undefined) {
          guardianIds.push(undefined);
          continue;
        }
        let parentId = guardian.existingId ?? made.get(guardian.key);
        if (parentId === undefined) {
          const details = newGuardianDetails(rows, guardian.key);
          parentId = await insertUser(
            trx,
            {
              name: details.name,
              designation: 'Parent',
              description: '',
              type: USER_TYPE.parent,
              gender: 'Other',
              dob: '',
              address: row.values.address,
              contact: details.contact,
              email: guardian.email,
              passwordHash: guardianHash.get(guardian.key) ?? '',
              socialLink: '',
              status: 'active',
            },
            now,
          );
          made.set(guardian.key, parentId);
          madeBy.set(guardian.key, index);
        }
        await insertGuardian(trx, { parentId, studentId: pupilId, relationship: guardian.relationship }, now);
        guardianIds.push(parentId);
      }
      return { ids: created, guardianIds, madeBy };
    });
    return {
      ...answer,
      committed: true,
      rows: answer.rows.map((row, index) => {
        const key = rows[index]?.guardian?.key;
        const madeHere = key !== undefined && madeBy.get(key) === index;
        return {
          ...row,
          id: ids[index],
          password: passwords[index],
          ...(guardianIds[index] !== undefined && { guardianId: guardianIds[index] }),
          ...(madeHere && { guardianPassword: guardianPassword.get(key) }),
        };
      }),
    };
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new HttpError(409, PUPIL_ERROR_CODES.emailTaken, 'pupils.error.emailTakenMeanwhile');
    }
    throw error;
  }
}
