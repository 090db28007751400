import type { z } from 'zod';
import type {
  FormClassSchema,
  PupilAnswer,
  Question,
  QuestionAnswer,
  SchoolFormStatus,
} from '../../../shared/api/school-forms.js';
import { USER_TYPE } from '../../../shared/constants.js';
import type { Db } from '../../db/connect.js';

/**
 * Forms and permission slips (docs/decisions/0099-forms-and-permission-slips.md): the forms, the
 * classes each goes to, and the answers, one per pupil per form. Rows are mapped to the contract's
 * shapes here; who may see which is school-forms.policy.ts's.
 */

type FormClass = z.infer<typeof FormClassSchema>;

export interface StoredForm {
  id: number;
  title: string;
  description: string;
  status: SchoolFormStatus;
  wholeSchool: boolean;
  classes: FormClass[];
  dueOn: string;
  questions: Question[];
  /** A trip permission slip: question 1's yes or no is a trip consent (docs/decisions/0115-trips-in-the-consent-ledger.md). */
  trip: boolean;
  createdAt: string;
  sentAt: string | null;
  closedAt: string | null;
  remindedAt: string | null;
}

export interface StoredAnswer extends PupilAnswer {
  studentId: number;
  parentId: number | null;
}

/** A pupil a form goes to, with their current class. */
export interface AudiencePupil {
  studentId: number;
  studentName: string;
  classId: number | null;
  className: string | null;
}

/** The form as written by the principal, questions numbered. */
export interface FormFields {
  title: string;
  description: string;
  wholeSchool: boolean;
  classIds: readonly number[];
  dueOn: string;
  questions: readonly Omit<Question, 'id'>[];
  trip: boolean;
}

const numbered = (questions: FormFields['questions']): Question[] =>
  questions.map((question, index) => ({
    id: index + 1,
    kind: question.kind,
    prompt: question.prompt,
    required: question.required,
    options: question.kind === 'choice' ? [...question.options] : [],
  }));

const FORM_COLUMNS = [
  'f.id',
  'f.title',
  'f.description',
  'f.status',
  'f.whole_school',
  'f.due_on',
  'f.questions',
  'f.trip',
  'f.created_at',
  'f.sent_at',
  'f.closed_at',
  'f.reminded_at',
] as const;

/** The forms with these ids (all when `ids` is undefined), newest first, with their classes. */
async function formsWhere(db: Db, ids?: readonly number[]): Promise<StoredForm[]> {
  if (ids !== undefined && ids.length === 0) return [];
  let query = db.selectFrom('school_form as f').select(FORM_COLUMNS);
  if (ids !== undefined) query = query.where('f.id', 'in', [...ids]);
  const rows = await query.orderBy('f.created_at', 'desc').orderBy('f.id', 'desc').execute();
  if (rows.length === 0) return [];
  const classes = await db
    .selectFrom('school_form_class as fc')
    .innerJoin('school_class as c', 'c.id', 'fc.class_id')
    .select(['fc.form_id', 'c.id', 'c.name'])
    .where(
      'fc.form_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status as SchoolFormStatus,
    wholeSchool: Number(row.whole_school) === 1,
    classes: classes.filter((c) => c.form_id === row.id).map((c) => ({ id: c.id, name: c.name })),
    dueOn: row.due_on,
    questions: JSON.parse(row.questions) as Question[],
    trip: Number(row.trip) === 1,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    closedAt: row.closed_at,
    remindedAt: row.reminded_at,
  }));
}

export const allForms = (db: Db): Promise<StoredForm[]> => formsWhere(db);

export const formsById = (db: Db, ids: readonly number[]): Promise<StoredForm[]> => formsWhere(db, ids);

export async function findForm(db: Db, id: number): Promise<StoredForm | undefined> {
  return (await formsWhere(db, [id]))[0];
}

/** The ids of the classes that exist among `classIds`. */
export async function existingClassIds(db: Db, classIds: readonly number[]): Promise<Set<number>> {
  if (classIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('school_class')
    .select('id')
    .where('id', 'in', [...classIds])
    .execute();
  return new Set(rows.map((row) => row.id));
}

async function writeClasses(db: Db, formId: number, classIds: readonly number[]): Promise<void> {
  await db.deleteFrom('school_form_class').where('form_id', '=', formId).execute();
  if (classIds.length === 0) return;
  await db
    .insertInto('school_form_class')
    .values(classIds.map((classId) => ({ form_id: formId, class_id: classId })))
    .execute();
}

/** A new draft; its id. Call inside a transaction (the form and its classes together). */
export async function insertDraft(db: Db, fields: FormFields, by: number, at: string): Promise<number> {
  const row = await db
    .insertInto('school_form')
    .values({
      title: fields.title,
      description: fields.description,
      whole_school: fields.wholeSchool ? 1 : 0,
      due_on: fields.dueOn,
      questions: JSON.stringify(numbered(fields.questions)),
      trip: fields.trip ? 1 : 0,
      status: 'draft',
      created_by: by,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeClasses(db, row.id, fields.wholeSchool ? [] : fields.classIds);
  return row.id;
}

/** Rewrites a draft; false when it is no longer a draft. Call inside a transaction. */
export async function updateDraft(db: Db, id: number, fields: FormFields, at: string): Promise<boolean> {
  const result = await db
    .updateTable('school_form')
    .set({
      title: fields.title,
      description: fields.description,
      whole_school: fields.wholeSchool ? 1 : 0,
      due_on: fields.dueOn,
      questions: JSON.stringify(numbered(fields.questions)),
      trip: fields.trip ? 1 : 0,
      updated_at: at,
    })
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await writeClasses(db, id, fields.wholeSchool ? [] : fields.classIds);
  return true;
}

export async function deleteDraft(db: Db, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('school_form')
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Moves a form from one status to the next; false when it was not in `from` (another click won). */
export async function moveStatus(
  db: Db,
  id: number,
  from: SchoolFormStatus,
  to: SchoolFormStatus,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('school_form')
    .set({
      status: to,
      updated_at: at,
      ...(to === 'sent' ? { sent_at: at } : {}),
      ...(to === 'closed' ? { closed_at: at } : {}),
    })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markReminded(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable('school_form').set({ reminded_at: at }).where('id', '=', id).execute();
}

/**
 * The pupils a form goes to, now: the active pupils of its classes (their current enrolment), or
 * every active pupil for the whole school; by class, then name.
 */
export async function audiencePupils(
  db: Db,
  form: Pick<StoredForm, 'id' | 'wholeSchool'>,
): Promise<AudiencePupil[]> {
  let query = db
    .selectFrom('app_user as s')
    .leftJoin('enrolment as e', (join) =>
      join.onRef('e.student_id', '=', 's.id').on('e.ended_on', 'is', null),
    )
    .leftJoin('school_class as c', 'c.id', 'e.class_id')
    .select(['s.id as studentId', 's.name as studentName', 'c.id as classId', 'c.name as className'])
    .where('s.type', '=', USER_TYPE.student)
    .where('s.status', '=', 'active');
  if (!form.wholeSchool) {
    query = query.where(
      'e.class_id',
      'in',
      db.selectFrom('school_form_class').select('class_id').where('form_id', '=', form.id),
    );
  }
  const rows = await query.orderBy('c.name').orderBy('s.name').orderBy('s.id').execute();
  return rows.map((row) => ({
    studentId: row.studentId,
    studentName: row.studentName,
    classId: row.classId ?? null,
    className: row.className ?? null,
  }));
}

/** The pupils of the school with their current class, by id: for answers of pupils no longer in the audience. */
export async function pupilsById(db: Db, ids: readonly number[]): Promise<AudiencePupil[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('app_user as s')
    .leftJoin('enrolment as e', (join) =>
      join.onRef('e.student_id', '=', 's.id').on('e.ended_on', 'is', null),
    )
    .leftJoin('school_class as c', 'c.id', 'e.class_id')
    .select(['s.id as studentId', 's.name as studentName', 'c.id as classId', 'c.name as className'])
    .where('s.id', 'in', [...ids])
    .execute();
  return rows.map((row) => ({
    studentId: row.studentId,
    studentName: row.studentName,
    classId: row.classId ?? null,
    className: row.className ?? null,
  }));
}

/** The answers to these forms (of these pupils, when given). */
export async function answersTo(
  db: Db,
  formIds: readonly number[],
  studentIds?: readonly number[],
): Promise<(StoredAnswer & { formId: number })[]> {
  if (formIds.length === 0 || studentIds?.length === 0) return [];
  let query = db
    .selectFrom('school_form_answer')
    .select(['form_id', 'student_id', 'parent_id', 'parent_name', 'signed_name', 'answers', 'answered_at'])
    .where('form_id', 'in', [...formIds]);
  if (studentIds !== undefined) query = query.where('student_id', 'in', [...studentIds]);
  const rows = await query.execute();
  return rows.map((row) => ({
    formId: row.form_id,
    studentId: row.student_id,
    parentId: row.parent_id,
    parentName: row.parent_name,
    signedName: row.signed_name,
    answeredAt: row.answered_at,
    answers: JSON.parse(row.answers) as QuestionAnswer[],
  }));
}

/** The one answer of a pupil to a form, written or replaced (the last guardian to answer signs it). */
export async function saveAnswer(
  db: Db,
  answer: {
    formId: number;
    studentId: number;
    parentId: number;
    parentName: string;
    signedName: string;
    answers: readonly QuestionAnswer[];
    at: string;
    from: string;
  },
): Promise<void> {
  const values = {
    parent_id: answer.parentId,
    parent_name: answer.parentName,
    signed_name: answer.signedName,
    answers: JSON.stringify(answer.answers),
    answered_at: answer.at,
    answered_from: answer.from,
  };
  await db
    .insertInto('school_form_answer')
    .values({ form_id: answer.formId, student_id: answer.studentId, ...values })
    .onConflict((conflict) => conflict.columns(['form_id', 'student_id']).doUpdateSet(values))
    .execute();
}

/** A parent's children (active pupils), with their current class. */
export async function childrenOf(db: Db, parentId: number): Promise<AudiencePupil[]> {
  const rows = await db
    .selectFrom('guardian as g')
    .innerJoin('app_user as s', 's.id', 'g.student_id')
    .leftJoin('enrolment as e', (join) =>
      join.onRef('e.student_id', '=', 's.id').on('e.ended_on', 'is', null),
    )
    .leftJoin('school_class as c', 'c.id', 'e.class_id')
    .select(['s.id as studentId', 's.name as studentName', 'c.id as classId', 'c.name as className'])
    .where('g.parent_id', '=', parentId)
    .where('s.status', '=', 'active')
    .orderBy('s.name')
    .orderBy('s.id')
    .execute();
  return rows.map((row) => ({
    studentId: row.studentId,
    studentName: row.studentName,
    classId: row.classId ?? null,
    className: row.className ?? null,
  }));
}

/** The classes a teacher teaches, as ids. */
export async function taughtClasses(db: Db, teacherId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('class_assignment')
    .select('class_id')
    .distinct()
    .where('teacher_id', '=', teacherId)
    .execute();
  return new Set(rows.map((row) => row.class_id));
}

/** A user's name (the answering guardian's, kept with the answer). */
export async function userName(db: Db, id: number): Promise<string> {
  const row = await db.selectFrom('app_user').select('name').where('id', '=', id).executeTakeFirst();
  return row?.name ?? '';
}
