import type { ReportCardContent } from '../../../shared/api/report-cards.js';
import type { AnyLocale } from '../../../shared/i18n/locales.js';
import { sortByName } from '../../../shared/i18n/name-order.js';
import type { Db } from '../../db/connect.js';
import { closedDays } from '../calendar/closures.js';
import { termSubjectMarks } from '../marks/marks.repository.js';
import { currentPupilsOf } from '../pupils/pupils.repository.js';

/**
 * Report cards (docs/decisions/0090-report-cards.md): what a card is made of (marks, attendance in
 * the term, comments and remarks) and the published versions. Every read takes a whole class's
 * pupils at once, so a class's cards are a handful of queries whatever its size.
 */

export interface CardMark {
  subjectId: number;
  subjectName: string;
  marks: number;
}

/**
 * A pupil's marks that make their card for a term, by pupil, each list by subject name. The one
 * place a card reads marks: the term's released marks (docs/decisions/0087-released-marks.md), a
 * subject's mark the mean of its released exams in the term, whichever class the pupil sat them in.
 * A mark not yet released is on no card, not even a draft: a draft is what publishing would show.
 */
export async function reportCardMarks(
  db: Db,
  pupilIds: readonly number[],
  termId: number,
): Promise<Map<number, CardMark[]>> {
  const byPupil = new Map<number, CardMark[]>(pupilIds.map((id) => [id, []]));
  const marks = await termSubjectMarks(db, [...pupilIds], termId, { releasedOnly: true });
  for (const [pupilId, subjects] of marks)
    byPupil.set(
      pupilId,
      subjects.map(({ subjectId, subjectName, marks }) => ({ subjectId, subjectName, marks })),
    );
  return byPupil;
}

export interface ClassPupil {
  id: number;
  name: string;
}

/** The class's current pupils. */
export function classPupils(db: Db, classId: number): Promise<ClassPupil[]> {
  return currentPupilsOf(db, classId).select(['u.id', 'u.name']).execute();
}

/** The subjects taught in the class (its timetable's), by id. */
export async function classSubjects(db: Db, classId: number): Promise<{ id: number; name: string }[]> {
  return db
    .selectFrom('subject as s')
    .select(['s.id', 's.name'])
    .where(
      's.id',
      'in',
      db.selectFrom('class_assignment').select('subject_id').where('class_id', '=', classId),
    )
    .orderBy('s.id')
    .execute();
}

/** The register's codes (shared/constants.ts ATTENDANCE_STATUSES). */
const PRESENT = 1;
const ABSENT = 2;
const ON_LEAVE = 3;

export interface TermAttendance {
  present: number;
  absent: number;
  onLeave: number;
}

/**
 * The register's days of each pupil within the term's days, by status, in whichever class the pupil
 * was that day (a pupil who changed class mid-term keeps the days of their former class on their
 * card), a day the calendar closed the pupil's class of that day left out
 * (docs/decisions/0088-closed-days.md, docs/decisions/0096-report-card-attendance-and-fee-plan-terms.md).
 * Read by pupil and day (the unique index attendance_one_per_day), then the closures of the classes
 * met, once: a class's pupils have some sixty register days a term each.
 */
export async function termAttendance(
  db: Db,
  pupilIds: readonly number[],
  term: { firstDay: string; lastDay: string },
): Promise<Map<number, TermAttendance>> {
  const byPupil = new Map<number, TermAttendance>(
    pupilIds.map((id) => [id, { present: 0, absent: 0, onLeave: 0 }]),
  );
  if (pupilIds.length === 0) return byPupil;
  const rows = await db
    .selectFrom('attendance')
    .select(['student_id', 'class_id', 'att_date', 'status'])
    .where('student_id', 'in', [...pupilIds])
    .where('att_date', '>=', term.firstDay)
    .where('att_date', '<=', term.lastDay)
    .execute();
  const closed = await closedDays(
    db,
    rows.map((row) => row.class_id),
    term.firstDay,
    term.lastDay,
  );
  for (const row of rows) {
    const counts = byPupil.get(row.student_id);
    if (!counts || closed.reasonOf(row.class_id, row.att_date) !== undefined) continue;
    if (row.status === PRESENT) counts.present += 1;
    else if (row.status === ABSENT) counts.absent += 1;
    else if (row.status === ON_LEAVE) counts.onLeave += 1;
  }
  return byPupil;
}

export interface WrittenComment {
  studentId: number;
  subjectId: number;
  comment: string;
  writer: string | null;
}

/** The subject comments on the pupils' cards of the term. */
export function subjectComments(
  db: Db,
  pupilIds: readonly number[],
  termId: number,
): Promise<WrittenComment[]> {
  if (pupilIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('report_card_comment as c')
    .leftJoin('app_user as w', 'w.id', 'c.written_by')
    .select(['c.student_id as studentId', 'c.subject_id as subjectId', 'c.comment', 'w.name as writer'])
    .where('c.term_id', '=', termId)
    .where('c.student_id', 'in', [...pupilIds])
    .execute();
}

export interface CardNote {
  studentId: number;
  classTeacherComment: string;
  classTeacher: string | null;
  principalRemark: string;
  principal: string | null;
}

/** The class teachers' comments and the principal's remarks on the pupils' cards of the term. */
export function cardNotes(db: Db, pupilIds: readonly number[], termId: number): Promise<CardNote[]> {
  if (pupilIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('report_card_note as n')
    .leftJoin('app_user as t', 't.id', 'n.class_teacher_id')
    .leftJoin('app_user as p', 'p.id', 'n.principal_id')
    .select([
      'n.student_id as studentId',
      'n.class_teacher_comment as classTeacherComment',
      't.name as classTeacher',
      'n.principal_remark as principalRemark',
      'p.name as principal',
    ])
    .where('n.term_id', '=', termId)
    .where('n.student_id', 'in', [...pupilIds])
    .execute();
}

export interface SubjectCommentToSave {
  studentId: number;
  subjectId: number;
  comment: string;
}

/** Writes (or, for an empty one, removes) subject comments; inside the caller's transaction. */
export async function writeSubjectComments(
  trx: Db,
  rows: readonly SubjectCommentToSave[],
  where: { classId: number; termId: number },
  writerId: number,
  at: string,
): Promise<void> {
  for (const row of rows) {
    const key = { student_id: row.studentId, term_id: where.termId, subject_id: row.subjectId };
    if (row.comment === '') {
      await trx
        .deleteFrom('report_card_comment')
        .where('student_id', '=', key.student_id)
        .where('term_id', '=', key.term_id)
        .where('subject_id', '=', key.subject_id)
        .execute();
      continue;
    }
    await trx
      .insertInto('report_card_comment')
      .values({ ...key, class_id: where.classId, comment: row.comment, written_by: writerId, updated_at: at })
      .onConflict((oc) =>
        oc.columns(['student_id', 'term_id', 'subject_id']).doUpdateSet({
          class_id: where.classId,
          comment: row.comment,
          written_by: writerId,
          updated_at: at,
        }),
      )
      .execute();
  }
}

/** Writes the class teacher's comment or the principal's remark of each pupil; inside the caller's transaction. */
export async function writeNotes(
  trx: Db,
  kind: 'classTeacher' | 'principal',
  rows: readonly { studentId: number; text: string }[],
  where: { classId: number; termId: number },
  writerId: number,
  at: string,
): Promise<void> {
  for (const row of rows) {
    const written =
      kind === 'classTeacher'
        ? { class_teacher_comment: row.text, class_teacher_id: row.text === '' ? null : writerId }
        : { principal_remark: row.text, principal_id: row.text === '' ? null : writerId };
    await trx
      .insertInto('report_card_note')
      .values({
        student_id: row.studentId,
        term_id: where.termId,
        class_id: where.classId,
        ...written,
        updated_at: at,
      })
      .onConflict((oc) =>
        oc
          .columns(['student_id', 'term_id'])
          .doUpdateSet({ ...written, class_id: where.classId, updated_at: at }),
      )
      .execute();
  }
}

export interface StoredCard {
  studentId: number;
  termId: number;
  version: number;
  publishedAt: string;
  content: ReportCardContent;
}

/** The latest published version of each pupil's card of the term. */
export async function latestCards(
  db: Db,
  pupilIds: readonly number[],
  termId: number,
): Promise<Map<number, StoredCard>> {
  if (pupilIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('report_card as r')
    .select(['r.student_id', 'r.term_id', 'r.version', 'r.published_at', 'r.content'])
    .where('r.term_id', '=', termId)
    .where('r.student_id', 'in', [...pupilIds])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('report_card as later')
            .select('later.id')
            .whereRef('later.student_id', '=', 'r.student_id')
            .whereRef('later.term_id', '=', 'r.term_id')
            .whereRef('later.version', '>', 'r.version'),
        ),
      ),
    )
    .execute();
  return new Map(rows.map((row) => [row.student_id, storedCard(row)]));
}

const storedCard = (row: {
  student_id: number;
  term_id: number;
  version: number;
  published_at: string;
  content: string;
}): StoredCard => ({
  studentId: row.student_id,
  termId: row.term_id,
  version: row.version,
  publishedAt: row.published_at,
  content: JSON.parse(row.content) as ReportCardContent,
});

/** Every published version of a pupil's card for a term, the latest first. */
export async function cardVersions(db: Db, studentId: number, termId: number): Promise<StoredCard[]> {
  const rows = await db
    .selectFrom('report_card')
    .select(['student_id', 'term_id', 'version', 'published_at', 'content'])
    .where('student_id', '=', studentId)
    .where('term_id', '=', termId)
    .orderBy('version', 'desc')
    .execute();
  return rows.map(storedCard);
}

/** Adds a published version; inside the caller's transaction. */
export async function insertCard(
  trx: Db,
  card: { studentId: number; termId: number; classId: number; version: number; content: ReportCardContent },
  publishedBy: number,
  at: string,
): Promise<void> {
  await trx
    .insertInto('report_card')
    .values({
      student_id: card.studentId,
      term_id: card.termId,
      class_id: card.classId,
      version: card.version,
      content: JSON.stringify(card.content),
      published_at: at,
      published_by: publishedBy,
    })
    .execute();
}

/**
 * The latest published card of each pupil (and term) of `studentIds`: a pupil's or a family's list,
 * the latest term first.
 */
export async function latestCardsOfPupils(db: Db, studentIds: readonly number[]): Promise<StoredCard[]> {
  if (studentIds.length === 0) return [];
  const rows = await db
    .selectFrom('report_card as r')
    .innerJoin('school_term as t', 't.id', 'r.term_id')
    .select(['r.student_id', 'r.term_id', 'r.version', 'r.published_at', 'r.content'])
    .where('r.student_id', 'in', [...studentIds])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('report_card as later')
            .select('later.id')
            .whereRef('later.student_id', '=', 'r.student_id')
            .whereRef('later.term_id', '=', 'r.term_id')
            .whereRef('later.version', '>', 'r.version'),
        ),
      ),
    )
    .orderBy('t.first_day', 'desc')
    .orderBy('r.student_id')
    .execute();
  return rows.map(storedCard);
}

/** The latest published card of each pupil published in the class for the term, by pupil name in `locale`. */
export async function latestCardsOfClass(
  db: Db,
  classId: number,
  termId: number,
  locale: AnyLocale,
): Promise<StoredCard[]> {
  const rows = await db
    .selectFrom('report_card as r')
    .select(['r.student_id', 'r.term_id', 'r.version', 'r.published_at', 'r.content'])
    .where('r.class_id', '=', classId)
    .where('r.term_id', '=', termId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('report_card as later')
            .select('later.id')
            .whereRef('later.student_id', '=', 'r.student_id')
            .whereRef('later.term_id', '=', 'r.term_id')
            .whereRef('later.version', '>', 'r.version'),
        ),
      ),
    )
    .execute();
  return sortByName(rows.map(storedCard), locale, (card) => card.content.student.name);
}
