import type { PhotoMoment } from '../../../shared/api/photo-moments.js';
import { addDaysIso, dateInZone } from '../../../shared/school-time.js';
import type { Db } from '../../db/connect.js';
import type { Viewer } from '../school/school.policy.js';
import { momentFor, ownChildrenOf, visibleMoments } from './photo-moments.policy.js';
import { findMoments } from './photo-moments.repository.js';

/**
 * The photo moments of one child's school day that the viewer may see, oldest first: for the
 * child's day as a timeline (features/day-log). The consents are read now, as for the feed
 * (docs/decisions/0079-photo-consent.md).
 */
export async function momentsOfChildDay(
  db: Db,
  viewer: Viewer,
  childId: number,
  day: string,
  timeZone: string,
): Promise<PhotoMoment[]> {
  // A school day lies within a day either side of the same UTC date, in any time zone; the exact
  // day is then read in the school's zone.
  const rows = await db
    .selectFrom('photo_moment as m')
    .innerJoin('photo_moment_child as c', 'c.moment_id', 'm.id')
    .select(['m.id', 'm.posted_at'])
    .where('c.student_id', '=', childId)
    .where('m.posted_at', '>=', `${addDaysIso(day, -1)}T00:00:00.000Z`)
    .where('m.posted_at', '<', `${addDaysIso(day, 2)}T00:00:00.000Z`)
    .orderBy('m.posted_at')
    .orderBy('m.id')
    .execute();
  const ids = rows
    .filter((row) => dateInZone(new Date(row.posted_at), timeZone) === day)
    .map((row) => row.id);
  const found = await findMoments(db, ids);
  const ordered = ids.flatMap((id) => {
    const moment = found.get(id);
    return moment ? [moment] : [];
  });
  const shown = await visibleMoments(db, viewer, ordered, await ownChildrenOf(db, viewer));
  return shown.map((moment) => momentFor(viewer, moment));
}
