import {
  ACCESS_LOG_PAGE,
  type AccessEntry,
  type AccessKind,
  KINDS_GUARDIANS_SEE,
} from '../../../shared/api/access-log.js';
import { USER_TYPE, type UserType } from '../../../shared/constants.js';
import type { Db } from '../../db/connect.js';

/** A page of a child's log, newest first: everything (the principal), or the staff's looks at the care details. */
export async function childAccessLog(
  db: Db,
  studentId: number,
  options: { scope: 'all' | 'staff-care'; readerId: number; before?: number },
): Promise<{ entries: AccessEntry[]; next: number | null }> {
  let query = db
    .selectFrom('child_access')
    .select(['id', 'kind', 'detail', 'viewer_id', 'viewer_name', 'viewer_type', 'at', 'address'])
    .where('student_id', '=', studentId);
  if (options.scope === 'staff-care') {
    // The school's staff: anyone but families and pupils.
    query = query
      .where('kind', 'in', [...KINDS_GUARDIANS_SEE])
      .where('viewer_type', 'not in', [USER_TYPE.parent, USER_TYPE.student]);
  }
  if (options.before !== undefined) query = query.where('id', '<', options.before);
  const rows = await query
    .orderBy('id', 'desc')
    .limit(ACCESS_LOG_PAGE + 1)
    .execute();
  const page = rows.slice(0, ACCESS_LOG_PAGE);
  const last = page.at(-1);
  return {
    entries: page.map((row) => ({
      id: row.id,
      kind: row.kind as AccessKind,
      detail: row.detail,
      viewerName: row.viewer_name,
      viewerType: row.viewer_type as UserType,
      isYou: row.viewer_id === options.readerId,
      at: row.at,
      address: options.scope === 'all' ? row.address : null,
    })),
    next: rows.length > ACCESS_LOG_PAGE && last ? last.id : null,
  };
}
