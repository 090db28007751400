import { USER_TYPE } from '../../shared/constants.js';
import type { Db } from '../db/connect.js';
import { writeNotes, writeSubjectComments } from '../features/report-cards/report-cards.repository.js';
import { publishInTransaction } from '../features/report-cards/report-cards.service.js';

/**
 * The demo's report cards (docs/decisions/0090-report-cards.md): Class 2's cards for the first term,
 * with a comment from each subject's teacher, the class teacher's and the principal's, published
 * by the principal; so the demo parent reads their son's card. KG's are left to be written.
 */

const SUBJECT_COMMENTS = [
  'Works steadily and asks good questions.',
  'A careful worker; keep reading every evening.',
  'Shows real curiosity and helps classmates.',
  'Growing in confidence; a very good term.',
];
const CLASS_TEACHER_COMMENTS = [
  'A cheerful member of the class who is kind to everyone.',
  'Settled well this term and takes pride in their work.',
  'Listens well and joins in every activity.',
];
const PRINCIPAL_REMARKS = ['A promising term. Well done!', 'Good progress; keep it up.'];

export async function writeDemoReportCards(trx: Db, termId: number, at: string): Promise<void> {
  const schoolClass = await trx
    .selectFrom('school_class')
    .select('id')
    .where('name', '=', 'Class 2')
    .executeTakeFirst();
  const principal = await trx
    .selectFrom('app_user')
    .select('id')
    .where('type', '=', USER_TYPE.principal)
    .orderBy('id')
    .executeTakeFirst();
  if (!schoolClass || !principal) return;
  const where = { classId: schoolClass.id, termId };
  const [pupils, lessons] = await Promise.all([
    trx
      .selectFrom('enrolment')
      .select('student_id')
      .where('class_id', '=', schoolClass.id)
      .where('ended_on', 'is', null)
      .orderBy('student_id')
      .execute(),
    trx
      .selectFrom('class_assignment')
      .select(['subject_id', 'teacher_id'])
      .where('class_id', '=', schoolClass.id)
      .orderBy('id')
      .execute(),
  ]);
  const teacherOf = new Map<number, number>();
  for (const lesson of lessons)
    if (!teacherOf.has(lesson.subject_id)) teacherOf.set(lesson.subject_id, lesson.teacher_id);
  for (const [subjectId, teacherId] of teacherOf) {
    await writeSubjectComments(
      trx,
      pupils.map((pupil, n) => ({
        studentId: pupil.student_id,
        subjectId,
        comment: SUBJECT_COMMENTS[(n + subjectId) % SUBJECT_COMMENTS.length] ?? '',
      })),
      where,
      teacherId,
      at,
    );
  }
  const classTeacher = lessons[0]?.teacher_id ?? principal.id;
  await writeNotes(
    trx,
    'classTeacher',
    pupils.map((pupil, n) => ({
      studentId: pupil.student_id,
      text: CLASS_TEACHER_COMMENTS[n % CLASS_TEACHER_COMMENTS.length] ?? '',
    })),
    where,
    classTeacher,
    at,
  );
  await writeNotes(
    trx,
    'principal',
    pupils.map((pupil, n) => ({
      studentId: pupil.student_id,
      text: PRINCIPAL_REMARKS[n % PRINCIPAL_REMARKS.length] ?? '',
    })),
    where,
    principal.id,
    at,
  );
  await publishInTransaction(trx, { id: principal.id, type: USER_TYPE.principal }, where, at);
}
