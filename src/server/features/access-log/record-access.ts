import type { FastifyRequest } from 'fastify';
import { type AccessKind, SAME_LOOK_MS } from '../../../shared/api/access-log.js';
import type { Db } from '../../db/connect.js';
import type { SessionUser } from '../../plugins/auth.js';

/**
 * Keeps a look at children's records (docs/decisions/0106-who-looked.md): who, what, when, from
 * where, one entry per child. The same person opening the same thing about the same child again
 * within SAME_LOOK_MS is the same look (screens read again when they regain focus). Called by the
 * features that answer care details and documents about children, once the answer is made.
 */
export async function recordChildAccess(
  db: Db,
  look: {
    studentIds: readonly number[];
    viewer: Pick<SessionUser, 'id' | 'type' | 'name'>;
    kind: AccessKind;
    detail?: string;
    address: string;
    at?: Date;
  },
): Promise<void> {
  const ids = [...new Set(look.studentIds)];
  if (ids.length === 0) return;
  const at = look.at ?? new Date();
  const detail = (look.detail ?? '').slice(0, 300);
  const since = new Date(at.getTime() - SAME_LOOK_MS).toISOString();
  const recent = await db
    .selectFrom('child_access')
    .select('student_id')
    .where('viewer_id', '=', look.viewer.id)
    .where('kind', '=', look.kind)
    .where('detail', '=', detail)
    .where('at', '>', since)
    .where('student_id', 'in', ids)
    .execute();
  const seen = new Set(recent.map((row) => row.student_id));
  const fresh = ids.filter((id) => !seen.has(id));
  if (fresh.length === 0) return;
  await db
    .insertInto('child_access')
    .values(
      fresh.map((studentId) => ({
        student_id: studentId,
        viewer_id: look.viewer.id,
        viewer_name: look.viewer.name.slice(0, 200),
        viewer_type: look.viewer.type,
        kind: look.kind,
        detail,
        address: look.address.slice(0, 64),
        at: at.toISOString(),
      })),
    )
    .execute();
}

/** The same, for a request's signed-in user and address. */
export function recordRequestAccess(
  db: Db,
  request: FastifyRequest & { user: SessionUser | null },
  look: { studentIds: readonly number[]; kind: AccessKind; detail?: string },
): Promise<void> {
  const viewer = request.user;
  if (!viewer) return Promise.resolve();
  return recordChildAccess(db, { ...look, viewer, address: request.ip });
}
