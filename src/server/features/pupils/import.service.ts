import crypto from 'node:crypto';
import { z } from 'zod';
import { IsoDateSchema } from '../../../shared/api/school.js';
import {
  PUPIL_IMPORT_COLUMNS,
  PUPIL_IMPORT_LIMITS,
  type PupilImportAnswer,
  type PupilImportColumn,
  type PupilImportRow,
} from '../../../shared/api/school-admin.js';
import { GENDERS, USER_TYPE } from '../../../shared/constants.js';
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacters } from '../../../shared/rules/plain-text.js';
import type { Db } from '../../db/connect.js';
import { HttpError, invalid } from '../../lib/errors.js';
import { hashPassword } from '../auth/password.js';
import { classIdsByName } from '../catalog/catalog.repository.js';
import { emailKeyOf, insertUser, isUniqueViolation } from '../users/users.repository.js';
import { CsvError, parseCsv } from './csv.js';
import { openEnrolment, takenEmailKeys } from './pupils.repository.js';

/**
 * `POST admin/import/pupils`: a CSV of pupils is checked row by row (the preview), and on commit
 * saved whole or not at all: ACTIVE Student accounts, each with a random initial password that the
 * answer shows once, enrolled in their class from `today`.
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
} as const;

interface CheckedRow extends PupilImportRow {
  values: Record<PupilImportColumn, string>;
  classId?: number;
  gender?: string;
}

/** Reads and checks the file; 400 for a file that is not a CSV with the expected header. */
async function checkFile(db: Db, data: Buffer, today: string): Promise<CheckedRow[]> {
  const text = data.toString('utf8');
  const controlAt = text.split(/\r\n|\r|\n/).findIndex(hasControlCharacters);
  if (controlAt >= 0) {
    // Such a file is no spreadsheet export, and PostgreSQL could not store a NUL anyway.
    const message = `Line ${controlAt + 1} ${CONTROL_CHARACTER_MESSAGE}.`;
    throw invalid(message, [{ field: 'file', message }]);
  }
  let records: ReturnType<typeof parseCsv>;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvError) throw invalid(error.message, [{ field: 'file', message: error.message }]);
    throw error;
  }
  const header = records.shift();
  const names = (header?.fields ?? []).map((h) => h.trim().toLowerCase());
  const missing = PUPIL_IMPORT_COLUMNS.filter((c) => !names.includes(c));
  if (!header || missing.length > 0) {
    const message = `The first line must name the columns ${PUPIL_IMPORT_COLUMNS.join(',')}; missing: ${missing.join(', ')}.`;
    throw invalid(message, [{ field: 'file', message }]);
  }
  if (records.length === 0) throw invalid('The file has no pupils.', [{ field: 'file', message: 'no rows' }]);
  if (records.length > PUPIL_IMPORT_LIMITS.maxRows) {
    const message = `At most ${PUPIL_IMPORT_LIMITS.maxRows} pupils at once; the file has ${records.length}.`;
    throw invalid(message, [{ field: 'file', message }]);
  }

  const column = (record: (typeof records)[number], name: PupilImportColumn) =>
    (record.fields[names.indexOf(name)] ?? '').trim();
  const classes = await classIdsByName(
    db,
    records.map((r) => column(r, 'class')),
  );
  const taken = await takenEmailKeys(
    db,
    records.map((r) => emailKeyOf(r.fields[names.indexOf('email')] ?? '')).filter((k) => k !== ''),
  );

  const seen = new Map<string, number>();
  return records.map((record) => {
    const values = Object.fromEntries(PUPIL_IMPORT_COLUMNS.map((c) => [c, column(record, c)])) as Record<
      PupilImportColumn,
      string
    >;
    const errors: { field: string; message: string }[] = [];
    for (const column of PUPIL_IMPORT_COLUMNS) {
      if (values[column] === '') errors.push({ field: column, message: 'missing' });
      else if (values[column].length > MAX_TEXT[column])
        errors.push({ field: column, message: `at most ${MAX_TEXT[column]} characters` });
    }
    const key = emailKeyOf(values.email);
    if (values.email !== '') {
      if (!EMAIL.safeParse(values.email).success)
        errors.push({ field: 'email', message: 'not an email address' });
      else if (taken.has(key)) errors.push({ field: 'email', message: 'already registered' });
      else if (seen.has(key)) errors.push({ field: 'email', message: `also on line ${seen.get(key)}` });
      if (!seen.has(key)) seen.set(key, record.line);
    }
    const classId = classes.get(values.class);
    if (values.class !== '' && classId === undefined)
      errors.push({ field: 'class', message: 'no such class' });
    const gender = GENDERS.find((g) => g.toLowerCase() === values.gender.toLowerCase());
    if (values.gender !== '' && !gender)
      errors.push({ field: 'gender', message: `must be one of ${GENDERS.join(', ')}` });
    if (values.dob !== '') {
      if (!IsoDateSchema.safeParse(values.dob).success)
        errors.push({ field: 'dob', message: 'must be a real date as YYYY-MM-DD' });
      else if (values.dob >= today) errors.push({ field: 'dob', message: 'must be in the past' });
    }
    return {
      line: record.line,
      name: values.name,
      email: values.email,
      className: values.class,
      errors,
      values,
      ...(classId !== undefined && { classId }),
      ...(gender !== undefined && { gender }),
    };
  });
}

const publicRow = ({
  values: _values,
  classId: _classId,
  gender: _gender,
  ...row
}: CheckedRow): PupilImportRow => row;

/** A random initial password: 12 characters of letters and digits. */
const initialPassword = () => crypto.randomBytes(9).toString('base64url');

export async function importPupils(
  db: Db,
  data: Buffer,
  commit: boolean,
  today: string,
  now: string,
): Promise<PupilImportAnswer['data']> {
  const rows = await checkFile(db, data, today);
  const invalidCount = rows.filter((r) => r.errors.length > 0).length;
  const answer = { committed: false, total: rows.length, invalid: invalidCount, rows: rows.map(publicRow) };
  if (!commit) return answer;
  if (invalidCount > 0) {
    throw new HttpError(
      400,
      'IMPORT_INVALID',
      `Nothing was saved: ${invalidCount === 1 ? 'one row has' : `${invalidCount} rows have`} problems.`,
      rows.flatMap((r) => r.errors.map((e) => ({ field: `line ${r.line}.${e.field}`, message: e.message }))),
    );
  }
  const passwords = rows.map(() => initialPassword());
  // A few at a time: each hash takes 19 MiB and a worker thread.
  const hashes: string[] = [];
  for (let i = 0; i < passwords.length; i += 4) {
    hashes.push(...(await Promise.all(passwords.slice(i, i + 4).map((p) => hashPassword(p)))));
  }
  try {
    const ids = await db.transaction().execute(async (trx) => {
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
      return created;
    });
    return {
      ...answer,
      committed: true,
      rows: answer.rows.map((row, index) => ({ ...row, id: ids[index], password: passwords[index] })),
    };
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new HttpError(
        409,
        'EMAIL_TAKEN',
        'Nothing was saved: an email was registered meanwhile. Check again.',
      );
    }
    throw error;
  }
}
