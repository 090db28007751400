import type { Db } from '../../db/connect.js';
import { bumpDataVersion } from '../../lib/data-version.js';
import type { SessionUser } from '../auth/session.js';

/**
 * The audit log of money (docs/decisions/0026-fees.md): every change to a plan, invoice, discount
 * or payment writes one row, in the change's own transaction, with who, when, what, and the
 * record before and after as JSON. Writing it also raises the ledger's data version, which is what
 * the cached reports (the term overview) follow: a money change that is not audited is a defect.
 */
export interface MoneyChange {
  action: string;
  entity: 'plan' | 'invoice' | 'discount' | 'payment';
  entityId: number;
  studentId?: number | null;
  before?: unknown;
  after?: unknown;
}

export async function auditMoney(db: Db, actor: SessionUser, change: MoneyChange, at: string): Promise<void> {
  await db
    .insertInto('money_audit')
    .values({
      at,
      actor_id: actor.id,
      actor_name: actor.name,
      action: change.action,
      entity: change.entity,
      entity_id: change.entityId,
      student_id: change.studentId ?? null,
      before: change.before === undefined || change.before === null ? null : JSON.stringify(change.before),
      after: change.after === undefined || change.after === null ? null : JSON.stringify(change.after),
    })
    .execute();
  await bumpDataVersion(db, 'ledger');
}
