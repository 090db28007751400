import type { FamilyAnswer } from '../../../shared/api/school-forms.js';
import { USER_TYPE } from '../../../shared/constants.js';
import type { Db } from '../../db/connect.js';
import type { Viewer } from '../school/school.policy.js';
import {
  type AudiencePupil,
  childrenOf,
  type StoredAnswer,
  type StoredForm,
  taughtClasses,
} from './school-forms.repository.js';

/**
 * Who sees a form and its answers (docs/decisions/0099-forms-and-permission-slips.md):
 *
 * - the principal: every form, every pupil of its audience and every answer; only the principal
 *   writes, sends, reminds, closes and downloads;
 * - a teacher: a sent or closed form for classes, read only, and of it only the pupils (and their
 *   answers) of the classes they teach; no draft and no whole-school form;
 * - a parent: a sent or closed form that goes to one of their children, for those children; of a
 *   child's answer, all of it when they gave it, and only who answered and when when another
 *   guardian did ("visible to the school and the answering guardian only");
 * - anyone else, or a form or child outside these: the 404 of an unknown id.
 */

/** What a member of staff sees of a form: which classes' pupils (all: every one), and may they manage it. */
export interface StaffAccess {
  classIds: ReadonlySet<number> | 'all';
  mayManage: boolean;
}

export async function staffAccess(
  db: Db,
  viewer: Viewer,
  form: StoredForm,
): Promise<StaffAccess | undefined> {
  if (viewer.type === USER_TYPE.principal) return { classIds: 'all', mayManage: true };
  if (viewer.type !== USER_TYPE.teacher || form.status === 'draft' || form.wholeSchool) return undefined;
  const taught = await taughtClasses(db, viewer.id);
  const seen = new Set(form.classes.map((c) => c.id).filter((id) => taught.has(id)));
  return seen.size === 0 ? undefined : { classIds: seen, mayManage: false };
}

/** The forms a member of staff sees in their list. */
export async function staffForms(
  db: Db,
  viewer: Viewer,
  forms: readonly StoredForm[],
): Promise<StoredForm[]> {
  if (viewer.type === USER_TYPE.principal) return [...forms];
  if (viewer.type !== USER_TYPE.teacher) return [];
  const taught = await taughtClasses(db, viewer.id);
  return forms.filter(
    (form) => form.status !== 'draft' && !form.wholeSchool && form.classes.some((c) => taught.has(c.id)),
  );
}

/** Whether the form goes to this pupil (their current class, or the whole school). */
export const goesTo = (form: StoredForm, pupil: AudiencePupil): boolean =>
  form.wholeSchool || (pupil.classId !== null && form.classes.some((c) => c.id === pupil.classId));

/** The parent's children a form goes to; empty when the parent may not see it (404). */
export function familyChildrenOf(form: StoredForm, children: readonly AudiencePupil[]): AudiencePupil[] {
  if (form.status === 'draft') return [];
  return children.filter((child) => goesTo(form, child));
}

/** A parent's children: what familyChildrenOf reads; none for any other type. */
export async function ownChildren(db: Db, viewer: Viewer): Promise<AudiencePupil[]> {
  return viewer.type === USER_TYPE.parent ? childrenOf(db, viewer.id) : [];
}

/** A child's answer as this guardian sees it. */
export function familyAnswerView(viewer: Viewer, answer: StoredAnswer): FamilyAnswer {
  const byMe = answer.parentId === viewer.id;
  return {
    byMe,
    parentName: answer.parentName,
    answeredAt: answer.answeredAt,
    signedName: byMe ? answer.signedName : null,
    answers: byMe ? answer.answers : null,
  };
}
