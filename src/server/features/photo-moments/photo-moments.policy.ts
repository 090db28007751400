import { sql } from 'kysely';
import type { PhotoMoment } from '../../../shared/api/photo-moments.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { familySeesMoment } from '../../../shared/rules/photo-consent.js';
import type { Db } from '../../db/connect.js';
import { childIds, taughtClassIds, type Viewer } from '../school/school.policy.js';
import { guardiansOfChildren, type StoredMoment, toPhotoMoment } from './photo-moments.repository.js';

/**
 * Who sees a photo moment (docs/decisions/0079-photo-consent.md), asked at every read so that a
 * consent changed after posting applies at once:
 *
 * - the principal: every moment;
 * - a teacher: the moments they posted, and those tagging a child of a class they teach now;
 * - a parent: when the family's own tagged children and the other tagged children consent
 *   (familySeesMoment of src/shared/rules/photo-consent.ts);
 * - anyone else: none. A moment the viewer may not see is a 404, like an unknown id.
 *
 * Who may take a moment down (docs/decisions/0083-taking-down-a-photo-moment.md): its poster and the
 * principal; anyone else who sees it is refused (403), anyone who does not gets the 404 above.
 *
 * Who may tag a child when posting: a teacher the children of their current classes, the principal
 * any pupil.
 */

/** The viewer's own children (a parent's), else an empty set. */
export async function ownChildrenOf(db: Db, viewer: Viewer): Promise<Set<number>> {
  if (viewer.type !== USER_TYPE.parent) return new Set();
  const rows = await childIds(db, viewer.id).execute();
  return new Set(rows.map((row) => row.student_id));
}

/** The tagged children (ids) whose current class the teacher teaches. */
async function taughtAmong(db: Db, teacherId: number, children: readonly number[]): Promise<Set<number>> {
  if (children.length === 0) return new Set();
  const rows = await db
    .selectFrom('enrolment')
    .select('student_id')
    .where('student_id', 'in', [...children])
    .where('ended_on', 'is', null)
    .where(sql<boolean>`class_id in ${taughtClassIds(db, teacherId)}`)
    .execute();
  return new Set(rows.map((row) => row.student_id));
}

/**
 * Which of `moments` the viewer may see. `ownChildren` is the viewer's own children (ownChildrenOf),
 * read once for a whole feed.
 */
export async function visibleMoments(
  db: Db,
  viewer: Viewer,
  moments: readonly StoredMoment[],
  ownChildren: ReadonlySet<number>,
): Promise<StoredMoment[]> {
  switch (viewer.type) {
    case USER_TYPE.principal:
      return [...moments];
    case USER_TYPE.teacher: {
      const taught = await taughtAmong(db, viewer.id, [
        ...new Set(moments.flatMap((moment) => moment.children.map((child) => child.id))),
      ]);
      return moments.filter(
        (moment) => moment.postedById === viewer.id || moment.children.some((child) => taught.has(child.id)),
      );
    }
    case USER_TYPE.parent:
      return moments.filter((moment) => familySeesMoment(moment.children, ownChildren));
    default:
      return [];
  }
}

/** Whether the viewer may see one moment. */
export async function maySeeMoment(db: Db, viewer: Viewer, moment: StoredMoment): Promise<boolean> {
  return (await visibleMoments(db, viewer, [moment], await ownChildrenOf(db, viewer))).length === 1;
}

/**
 * Whether the viewer may take the moment down: the principal, or the poster (a moment whose
 * poster's account is gone is the principal's alone). Asked only of a moment the viewer sees.
 */
export const mayRemoveMoment = (viewer: Viewer, moment: StoredMoment): boolean =>
  viewer.type === USER_TYPE.principal || (moment.postedById !== null && moment.postedById === viewer.id);

/** A moment the viewer sees, as the API answers it to them. */
export const momentFor = (viewer: Viewer, moment: StoredMoment): PhotoMoment =>
  toPhotoMoment(moment, mayRemoveMoment(viewer, moment));

/**
 * The children among `children` the viewer may not tag: for a teacher, those not in a class they
 * teach now; for the principal, ids that are no pupil in a class; everyone else may tag no one.
 */
export async function untaggable(db: Db, viewer: Viewer, children: readonly number[]): Promise<number[]> {
  if (viewer.type === USER_TYPE.teacher) {
    const taught = await taughtAmong(db, viewer.id, children);
    return children.filter((id) => !taught.has(id));
  }
  if (viewer.type === USER_TYPE.principal) {
    const rows = await db
      .selectFrom('enrolment')
      .select('student_id')
      .where('student_id', 'in', [...children])
      .where('ended_on', 'is', null)
      .execute();
    const enrolled = new Set(rows.map((row) => row.student_id));
    return children.filter((id) => !enrolled.has(id));
  }
  return [...children];
}

/** The guardians who may see the moment now (whom its alert goes to), in id order. */
export async function familiesWhoSee(db: Db, moment: StoredMoment): Promise<number[]> {
  const families = await guardiansOfChildren(
    db,
    moment.children.map((child) => child.id),
  );
  return [...families]
    .filter(([, own]) => familySeesMoment(moment.children, own))
    .map(([parentId]) => parentId)
    .sort((a, b) => a - b);
}
