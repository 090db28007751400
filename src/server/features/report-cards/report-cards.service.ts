import { COMMON_ERROR_CODES } from '../../../shared/api/error-codes.js';
import type { FieldError } from '../../../shared/api/errors.js';
import type {
  ClassReportCards,
  ReportCardContent,
  SaveReportCardComments,
  SaveReportCardRemarks,
} from '../../../shared/api/report-cards.js';
import { USER_TYPE } from '../../../shared/constants.js';
import type { AnyLocale, Locale } from '../../../shared/i18n/locales.js';
import { sortByName } from '../../../shared/i18n/name-order.js';
import { markSheet } from '../../../shared/rules/mark-sheet.js';
import type { Db } from '../../db/connect.js';
import { HttpError, invalid } from '../../lib/errors.js';
import { translatorFor } from '../../lib/i18n.js';
import { passMark } from '../marks/marks.repository.js';
import { findVisibleClass, type Viewer } from '../school/school.policy.js';
import { readSettings } from '../settings/settings.repository.js';
import { type CardTerm, commentableSubjectIds, findCardTerm } from './report-cards.policy.js';
import {
  cardNotes,
  classPupils,
  classSubjects,
  insertCard,
  latestCards,
  reportCardMarks,
  subjectComments,
  termAttendance,
  writeNotes,
  writeSubjectComments,
} from './report-cards.repository.js';

/**
 * Report cards (docs/decisions/0090-report-cards.md): a class's cards for a term made from its
 * marks, register and comments; the comments and remarks saved a class at a time, all or nothing;
 * publishing, which keeps each card that changed as a new version.
 */

export interface CardsOfClass {
  classId: number;
  className: string;
  term: CardTerm;
  cards: ReportCardContent[];
}

/**
 * The cards of the class's current pupils for the term as they stand now (drafts), pupils by name
 * in `locale`. A handful of queries for the whole class.
 */
export async function buildClassCards(
  db: Db,
  schoolClass: { id: number; name: string },
  term: CardTerm,
  schoolName: string,
  locale: AnyLocale,
): Promise<ReportCardContent[]> {
  const pupils = sortByName(await classPupils(db, schoolClass.id), locale, (pupil) => pupil.name);
  const ids = pupils.map((pupil) => pupil.id);
  const [marks, attendance, comments, notes, subjects, pass] = await Promise.all([
    reportCardMarks(db, ids, term.id),
    termAttendance(db, ids, term),
    subjectComments(db, ids, term.id),
    cardNotes(db, ids, term.id),
    classSubjects(db, schoolClass.id),
    passMark(db),
  ]);
  const commentOf = new Map(comments.map((c) => [`${c.studentId}:${c.subjectId}`, c]));
  const noteOf = new Map(notes.map((n) => [n.studentId, n]));
  return pupils.map((pupil): ReportCardContent => {
    const pupilMarks = marks.get(pupil.id) ?? [];
    const sheet = markSheet(pupilMarks, pass);
    // The class's subjects, and any other subject the pupil has a mark or a comment in.
    const names = new Map(subjects.map((s) => [s.id, s.name]));
    for (const mark of pupilMarks) names.set(mark.subjectId, mark.subjectName);
    const markOf = new Map(pupilMarks.map((m, index) => [m.subjectId, sheet.rows[index]]));
    const rows = sortByName(
      [...names].map(([subjectId, subjectName]) => {
        const row = markOf.get(subjectId);
        const comment = commentOf.get(`${pupil.id}:${subjectId}`);
        return {
          subjectId,
          subjectName,
          marks: row?.marks ?? null,
          result: row?.results ?? null,
          comment: { text: comment?.comment ?? '', by: comment?.writer ?? null },
        };
      }),
      'en',
      (row) => row.subjectName,
    );
    const note = noteOf.get(pupil.id);
    return {
      schoolName,
      student: { id: pupil.id, name: pupil.name },
      className: schoolClass.name,
      term: {
        id: term.id,
        name: term.name,
        firstDay: term.firstDay,
        lastDay: term.lastDay,
        yearName: term.yearName,
      },
      subjects: rows,
      total: sheet.total,
      percentage: sheet.percentage,
      division: pupilMarks.length === 0 ? null : sheet.division,
      passMark: pass,
      attendance: attendance.get(pupil.id) ?? { present: 0, absent: 0, onLeave: 0 },
      classTeacherComment: {
        text: note?.classTeacherComment ?? '',
        by: note?.classTeacherComment ? note.classTeacher : null,
      },
      principalRemark: {
        text: note?.principalRemark ?? '',
        by: note?.principalRemark ? note.principal : null,
      },
    };
  });
}

/** The class (visible to the viewer: a teacher's own, any for the principal) and the term; undefined for 404. */
async function classAndTerm(
  db: Db,
  viewer: Viewer,
  classId: number,
  termId: number,
): Promise<{ id: number; name: string; term: CardTerm } | undefined> {
  const [visible, term] = await Promise.all([
    findVisibleClass(db, viewer, classId),
    findCardTerm(db, termId),
  ]);
  return visible && term ? { ...visible, term } : undefined;
}

/** `GET report-cards/classes/{classId}/terms/{termId}`: undefined when the class or term is not the viewer's to see. */
export async function classDraftCards(
  db: Db,
  viewer: Viewer,
  classId: number,
  termId: number,
  locale: AnyLocale,
): Promise<ClassReportCards | undefined> {
  const found = await classAndTerm(db, viewer, classId, termId);
  if (!found) return undefined;
  const settings = await readSettings(db);
  const cards = await buildClassCards(db, found, found.term, settings.name, locale);
  const published = await latestCards(
    db,
    cards.map((card) => card.student.id),
    termId,
  );
  return {
    classId: found.id,
    className: found.name,
    termId,
    commentableSubjectIds: await commentableSubjectIds(db, viewer, classId),
    mayPublish: viewer.type === USER_TYPE.principal,
    cards: cards.map((content) => {
      const latest = published.get(content.student.id);
      return {
        content,
        published: latest ? { version: latest.version, publishedAt: latest.publishedAt } : null,
        changed: !latest || !sameContent(latest.content, content),
      };
    }),
  };
}

const sameContent = (a: ReportCardContent, b: ReportCardContent) => JSON.stringify(a) === JSON.stringify(b);

/** 400 when a pupil (and subject) is listed twice. */
function assertNoRepeats(keys: readonly string[], field: string, locale: Locale): void {
  const { t } = translatorFor(locale);
  const seen = new Set<string>();
  const problems: FieldError[] = [];
  keys.forEach((key, index) => {
    if (seen.has(key))
      problems.push({ field: `${field}.${index}.studentId`, message: t('report-cards.error.listedTwice') });
    seen.add(key);
  });
  const first = problems[0];
  if (first) {
    throw invalid('errors.request.summary', problems).withValues({
      field: first.field,
      reason: first.message,
      more: problems.length - 1,
    });
  }
}

/** 404 naming every row the caller may not write, as for an unknown id; nothing is written. */
function refuse(problems: FieldError[]): never {
  throw new HttpError(404, COMMON_ERROR_CODES.notFound, 'report-cards.error.notAllowed', problems).withValues(
    {
      count: problems.length,
    },
  );
}

/**
 * `PUT report-cards/classes/{classId}/terms/{termId}/comments`: every row is checked first (a
 * current pupil of the class; a subject the caller teaches in it, any for the principal), then all
 * are written in one transaction. The class teacher's comment: any teacher of the class, or the
 * principal. Answers how many comments were saved; undefined for a class or term not the viewer's.
 */
export async function saveComments(
  db: Db,
  viewer: Viewer,
  where: { classId: number; termId: number },
  body: SaveReportCardComments,
  now: string,
  locale: Locale,
): Promise<number | undefined> {
  const { t } = translatorFor(locale);
  assertNoRepeats(
    body.subjectComments.map((row) => `${row.studentId}:${row.subjectId}`),
    'subjectComments',
    locale,
  );
  assertNoRepeats(
    body.classTeacherComments.map((row) => String(row.studentId)),
    'classTeacherComments',
    locale,
  );
  return db.transaction().execute(async (trx) => {
    const found = await classAndTerm(trx, viewer, where.classId, where.termId);
    if (!found) return undefined;
    const pupils = new Set((await classPupils(trx, where.classId)).map((pupil) => pupil.id));
    const subjects = new Set(await commentableSubjectIds(trx, viewer, where.classId));
    const problems: FieldError[] = [];
    body.subjectComments.forEach((row, index) => {
      if (!pupils.has(row.studentId)) {
        problems.push({
          field: `subjectComments.${index}.studentId`,
          message: t('report-cards.error.notInClass', { studentId: String(row.studentId) }),
        });
      } else if (!subjects.has(row.subjectId)) {
        problems.push({
          field: `subjectComments.${index}.subjectId`,
          message: t('report-cards.error.notYourSubject', { subjectId: String(row.subjectId) }),
        });
      }
    });
    body.classTeacherComments.forEach((row, index) => {
      if (!pupils.has(row.studentId)) {
        problems.push({
          field: `classTeacherComments.${index}.studentId`,
          message: t('report-cards.error.notInClass', { studentId: String(row.studentId) }),
        });
      }
    });
    if (problems.length > 0) refuse(problems);
    await writeSubjectComments(trx, body.subjectComments, where, viewer.id, now);
    await writeNotes(
      trx,
      'classTeacher',
      body.classTeacherComments.map((row) => ({ studentId: row.studentId, text: row.comment })),
      where,
      viewer.id,
      now,
    );
    return body.subjectComments.length + body.classTeacherComments.length;
  });
}

/** `PUT report-cards/classes/{classId}/terms/{termId}/remarks`: the principal's remarks, all or nothing. */
export async function saveRemarks(
  db: Db,
  viewer: Viewer,
  where: { classId: number; termId: number },
  body: SaveReportCardRemarks,
  now: string,
  locale: Locale,
): Promise<number | undefined> {
  const { t } = translatorFor(locale);
  assertNoRepeats(
    body.remarks.map((row) => String(row.studentId)),
    'remarks',
    locale,
  );
  return db.transaction().execute(async (trx) => {
    const found = await classAndTerm(trx, viewer, where.classId, where.termId);
    if (!found) return undefined;
    const pupils = new Set((await classPupils(trx, where.classId)).map((pupil) => pupil.id));
    const problems: FieldError[] = [];
    body.remarks.forEach((row, index) => {
      if (!pupils.has(row.studentId)) {
        problems.push({
          field: `remarks.${index}.studentId`,
          message: t('report-cards.error.notInClass', { studentId: String(row.studentId) }),
        });
      }
    });
    if (problems.length > 0) refuse(problems);
    await writeNotes(
      trx,
      'principal',
      body.remarks.map((row) => ({ studentId: row.studentId, text: row.remark })),
      where,
      viewer.id,
      now,
    );
    return body.remarks.length;
  });
}

/**
 * `POST report-cards/classes/{classId}/terms/{termId}/publish`: in one transaction, each current
 * pupil's card as it stands now becomes a new version when it differs from their latest published
 * one (or none is published); the same card is not published twice.
 */
export function publishClassCards(
  db: Db,
  viewer: Viewer,
  where: { classId: number; termId: number },
  now: string,
): Promise<{ published: number; unchanged: number } | undefined> {
  return db.transaction().execute((trx) => publishInTransaction(trx, viewer, where, now));
}

/** publishClassCards inside the caller's transaction (the demo school publishes while it is written). */
export async function publishInTransaction(
  trx: Db,
  viewer: Viewer,
  where: { classId: number; termId: number },
  now: string,
): Promise<{ published: number; unchanged: number } | undefined> {
  const found = await classAndTerm(trx, viewer, where.classId, where.termId);
  if (!found) return undefined;
  const settings = await readSettings(trx);
  // The snapshot's names are in the school's language, which its data is written in.
  const cards = await buildClassCards(trx, found, found.term, settings.name, settings.language);
  const latest = await latestCards(
    trx,
    cards.map((card) => card.student.id),
    where.termId,
  );
  let published = 0;
  for (const content of cards) {
    const previous = latest.get(content.student.id);
    if (previous && sameContent(previous.content, content)) continue;
    await insertCard(
      trx,
      {
        studentId: content.student.id,
        termId: where.termId,
        classId: where.classId,
        version: (previous?.version ?? 0) + 1,
        content,
      },
      viewer.id,
      now,
    );
    published += 1;
  }
  return { published, unchanged: cards.length - published };
}
