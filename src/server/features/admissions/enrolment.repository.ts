import type { Db } from '../../db/connect.js';
import { isPostgres } from '../../db/engine.js';

/**
 * The reads and writes the enrolment of an accepted case needs beyond other features' repositories
 * (docs/decisions/0104-enrolment-in-one-step.md): the case and the class locked for the transaction,
 * accounts with a chosen email key, the school term of a start date, the class's fee plans of a term.
 */

/**
 * The email key of an account without an email (a young pupil's): upper case, so no email a person
 * types matches it (users.repository emailKeyOf lowercases), and unique like every key.
 */
export const noEmailKey = (random: string): string => `NO-EMAIL:${random}`;

/**
 * The case's stage, class and year; with `lock`, its row is locked on PostgreSQL until the transaction
 * ends (SQLite has one writer), so two enrolments of one case run one after the other.
 */
export async function caseToEnrol(trx: Db, caseId: number, lock: boolean) {
  let query = trx
    .selectFrom('admission_case')
    .select(['id', 'stage', 'class_id', 'year_id', 'child_name', 'language', 'email'])
    .where('id', '=', caseId);
  if (lock && isPostgres(trx)) query = query.forUpdate();
  return query.executeTakeFirst();
}

/**
 * The class's row, locked on PostgreSQL until the transaction ends: two enrolments into one class
 * count its free seats one after the other, so the last seat is given once.
 */
export async function lockClass(trx: Db, classId: number) {
  let query = trx.selectFrom('school_class').select(['id', 'name']).where('id', '=', classId);
  if (isPostgres(trx)) query = query.forUpdate();
  return query.executeTakeFirst();
}

export interface NewAccount {
  name: string;
  type: string;
  designation: string;
  gender: string;
  dob: string;
  contact: string;
  /** As entered, or '' for none. */
  email: string;
  emailKey: string;
  passwordHash: string;
  /** A Locale, or null for the school's default. */
  language: string | null;
}

/** An active account; answers its id. */
export async function insertAccount(trx: Db, account: NewAccount, at: string): Promise<number> {
  const row = await trx
    .insertInto('app_user')
    .values({
      name: account.name,
      designation: account.designation,
      description: '',
      type: account.type,
      gender: account.gender,
      dob: account.dob,
      address: '',
      contact: account.contact,
      email: account.email,
      email_key: account.emailKey,
      password_hash: account.passwordHash,
      social_link: '',
      status: 'active',
      language: account.language,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An account an application's email belongs to. */
interface AccountOfEmail {
  id: number;
  type: string;
  name: string;
  email: string;
  language: string | null;
  /** Set when the rollover archived it. */
  archived_at: string | null;
}

/** The accounts of these email keys, by key: their type, name, address and language, and whether the rollover archived them. */
export async function accountsOfEmailKeys(db: Db, keys: readonly string[]) {
  if (keys.length === 0) return new Map<string, AccountOfEmail>();
  const rows = await db
    .selectFrom('app_user')
    .select(['id', 'type', 'name', 'email', 'language', 'email_key', 'archived_at'])
    .where('email_key', 'in', [...new Set(keys)])
    .execute();
  return new Map<string, AccountOfEmail>(
    rows.map((row) => [
      row.email_key,
      {
        id: row.id,
        type: row.type,
        name: row.name,
        email: row.email,
        language: row.language,
        archived_at: row.archived_at,
      },
    ]),
  );
}

/** A guardian the rollover archived (no child left) has a child at the school again. */
export async function unarchive(trx: Db, userIds: readonly number[], at: string): Promise<void> {
  if (userIds.length === 0) return;
  await trx
    .updateTable('app_user')
    .set({ archived_at: null, updated_at: at })
    .where('id', 'in', userIds)
    .where('archived_at', 'is not', null)
    .execute();
}

/** The school year holding `day`, if any. */
export async function yearHolding(db: Db, day: string) {
  return db
    .selectFrom('school_year')
    .select(['id', 'name', 'first_day', 'last_day', 'is_current'])
    .where('first_day', '<=', day)
    .where('last_day', '>=', day)
    .executeTakeFirst();
}

/** The term holding `day`, else the first one after it; undefined when there is none. */
export async function termOf(db: Db, day: string): Promise<{ id: number; name: string } | undefined> {
  const holding = await db
    .selectFrom('school_term')
    .select(['id', 'name'])
    .where('first_day', '<=', day)
    .where('last_day', '>=', day)
    .executeTakeFirst();
  if (holding) return holding;
  return db
    .selectFrom('school_term')
    .select(['id', 'name'])
    .where('first_day', '>', day)
    .orderBy('first_day')
    .limit(1)
    .executeTakeFirst();
}

/** The class's fee plans of the term, oldest first. */
export async function plansOfClassAndTerm(db: Db, classId: number, termId: number) {
  return db
    .selectFrom('fee_plan')
    .select(['id'])
    .where('class_id', '=', classId)
    .where('term_id', '=', termId)
    .orderBy('id')
    .execute();
}

/** Writes the invoice of one pupil on one plan with its lines; answers its id. */
export async function insertInvoice(
  trx: Db,
  invoice: {
    planId: number;
    studentId: number;
    studentName: string;
    className: string;
    lines: readonly { name: string; amount: number }[];
    total: number;
    at: string;
    by: number;
  },
): Promise<number> {
  const { id } = await trx
    .insertInto('invoice')
    .values({
      plan_id: invoice.planId,
      student_id: invoice.studentId,
      student_name: invoice.studentName,
      class_name: invoice.className,
      subtotal: invoice.total,
      discount: 0,
      discount_reason: '',
      total: invoice.total,
      status: 'issued',
      issued_at: invoice.at,
      issued_by: invoice.by,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (invoice.lines.length > 0)
    await trx
      .insertInto('invoice_line')
      .values(
        invoice.lines.map((line, position) => ({
          invoice_id: id,
          position,
          name: line.name,
          amount: line.amount,
        })),
      )
      .execute();
  return id;
}

/** The case is enrolled: its pupil account. */
export async function setCaseStudent(trx: Db, caseId: number, studentId: number): Promise<void> {
  await trx.updateTable('admission_case').set({ student_id: studentId }).where('id', '=', caseId).execute();
}
