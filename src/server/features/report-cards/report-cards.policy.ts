import { USER_TYPE } from '../../../shared/constants.js';
import type { Db } from '../../db/connect.js';
import {
  findPupilOfRecords,
  mayReadTermOf,
  type Viewer,
  type VisiblePupil,
} from '../school/school.policy.js';

/**
 * Who may do what with report cards (docs/decisions/0090-report-cards.md). Drafts (a class's cards
 * as they stand) are for staff: a teacher the classes they teach, the principal all. A subject's
 * comment is written by a teacher of that subject in the class, or the principal; the class
 * teacher's comment by any teacher of the class (the school keeps no single class teacher), or the
 * principal; remarks and publishing are the principal's. A published card is read by the pupil,
 * their guardians, the teachers of their class and the principal (school.policy's pupilVisible),
 * and a teacher who taught the pupil in a class they have left, the cards of the terms they taught
 * them in (docs/decisions/0095-past-sight.md); anyone else gets the 404 of an unknown card.
 */

export interface CardTerm {
  id: number;
  name: string;
  firstDay: string;
  lastDay: string;
  yearName: string;
}

/** The term with its year's name; undefined for an unknown term. */
export async function findCardTerm(db: Db, termId: number): Promise<CardTerm | undefined> {
  return db
    .selectFrom('school_term as t')
    .innerJoin('school_year as y', 'y.id', 't.year_id')
    .select(['t.id', 't.name', 't.first_day as firstDay', 't.last_day as lastDay', 'y.name as yearName'])
    .where('t.id', '=', termId)
    .executeTakeFirst();
}

/**
 * The subjects whose comments the viewer may write in the class: a teacher those they teach there,
 * the principal every subject taught there or marked there.
 */
export async function commentableSubjectIds(db: Db, viewer: Viewer, classId: number): Promise<number[]> {
  if (viewer.type === USER_TYPE.teacher) {
    const rows = await db
      .selectFrom('class_assignment')
      .select('subject_id')
      .distinct()
      .where('class_id', '=', classId)
      .where('teacher_id', '=', viewer.id)
      .orderBy('subject_id')
      .execute();
    return rows.map((row) => row.subject_id);
  }
  if (viewer.type !== USER_TYPE.principal) return [];
  const rows = await db
    .selectFrom('subject')
    .select('id')
    .where((eb) =>
      eb.or([
        eb(
          'id',
          'in',
          eb.selectFrom('class_assignment').select('subject_id').where('class_id', '=', classId),
        ),
        eb('id', 'in', eb.selectFrom('mark').select('subject_id').where('class_id', '=', classId)),
      ]),
    )
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The pupil whose published card of the term the viewer may read; undefined for 404. A former
 * teacher reads only (reading is all: comments go to a class's current pupils) the terms they
 * taught the pupil in.
 */
export async function findCardPupil(
  db: Db,
  viewer: Viewer,
  studentId: number,
  termId: number,
): Promise<VisiblePupil | undefined> {
  const pupil = await findPupilOfRecords(db, viewer, studentId);
  return pupil && (await mayReadTermOf(db, pupil, termId)) ? pupil : undefined;
}

/** The pupils whose published cards `GET report-cards` lists: the pupil themself, a parent's children. */
export async function ownCardPupilIds(db: Db, viewer: Viewer): Promise<number[]> {
  if (viewer.type === USER_TYPE.student) return [viewer.id];
  if (viewer.type !== USER_TYPE.parent) return [];
  const rows = await db
    .selectFrom('guardian')
    .select('student_id')
    .where('parent_id', '=', viewer.id)
    .execute();
  return rows.map((row) => row.student_id);
}
