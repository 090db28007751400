import { AUDIT_PAGE_SIZE, type AuditEntry, type StudentFees } from '../../../shared/api/fees.js';
import { USER_TYPE } from '../../../shared/constants.js';
import type { Db } from '../../db/connect.js';
import { notFound } from '../../lib/errors.js';
import type { SessionUser } from '../auth/session.js';
import { moneyVisible } from '../school/school.policy.js';
import { readSettings } from '../settings/settings.repository.js';
import { pupilBalance } from './balance.repository.js';
import { invoicesOf } from './invoices.repository.js';
import { paymentsOfPupil } from './payments.repository.js';

/**
 * What is read of a pupil's fees (`GET fees/student/{id}`) and of the money audit
 * (`GET admin/fees/audit`).
 */

/**
 * `GET fees/student/{id}`: the principal for any pupil; a Parent for their own children only; any
 * other id is the same 404 as an unknown one (features/school/school.policy.ts).
 */
export async function studentFees(db: Db, viewer: SessionUser, studentId: number): Promise<StudentFees> {
  const pupil = await db
    .selectFrom('app_user')
    .select(['id', 'name'])
    .where('id', '=', studentId)
    .where('type', '=', USER_TYPE.student)
    .where(moneyVisible(db, viewer, 'app_user.id'))
    .executeTakeFirst();
  if (!pupil) throw notFound('That pupil');
  const { currency } = await readSettings(db);
  return {
    studentId: pupil.id,
    studentName: pupil.name,
    currency,
    balance: await pupilBalance(db, pupil.id),
    invoices: await invoicesOf(db, { studentId: pupil.id }),
    payments: await paymentsOfPupil(db, pupil.id),
  };
}

const parsed = (json: string | null): unknown => {
  if (json === null) return null;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return json;
  }
};

/** `GET admin/fees/audit?page=`: newest first, AUDIT_PAGE_SIZE a page. */
export async function auditPage(
  db: Db,
  page: number,
): Promise<{ data: AuditEntry[]; page: number; pageSize: number; total: number }> {
  const count = await db
    .selectFrom('money_audit')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  const rows = await db
    .selectFrom('money_audit')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE)
    .execute();
  return {
    data: rows.map((row) => ({
      id: row.id,
      at: row.at,
      actor: row.actor_name,
      action: row.action,
      entity: row.entity,
      entityId: row.entity_id,
      before: parsed(row.before),
      after: parsed(row.after),
    })),
    page,
    pageSize: AUDIT_PAGE_SIZE,
    total: Number(count?.n ?? 0),
  };
}
