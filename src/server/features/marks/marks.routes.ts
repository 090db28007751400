import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COMMON_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import {
  IdParamSchema,
  ResultAnswerSchema,
  ResultSummaryAnswerSchema,
  StudentResultAnswerSchema,
  TeacherResultAnswerSchema,
  TermQuerySchema,
} from '../../../shared/api/school.js';
import {
  LessonExamsAnswerSchema,
  LessonExamsQuerySchema,
  MarkEntryAnswerSchema,
  MarkHistoryAnswerSchema,
  MarkSubjectsAnswerSchema,
  MarkSubjectsQuerySchema,
  MarksQuerySchema,
  ReleasedExamAnswerSchema,
  SavedMarksAnswerSchema,
  SaveMarksBodySchema,
  SaveMarksQuerySchema,
  StudentIdParamSchema,
} from '../../../shared/api/school-admin.js';
import { NO_MARKS_YET } from '../../../shared/rules/mark-sheet.js';
import { HttpError } from '../../lib/errors.js';
import { requestLocale } from '../../lib/i18n.js';
import { CHECKED, DENIED, schoolRouting, SCHOOL_TAGS as TAGS } from '../../lib/school-routes.js';
import { nowIso } from '../../lib/time.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import { findPupilOfRecords, mayReadTermOf } from '../school/school.policy.js';
import { schoolToday } from '../settings/settings.repository.js';
import {
  lessonExams,
  listPupilResults,
  listVisibleMarks,
  type MarkRow,
  markableSubjects,
  markHistory,
  markSheetOf,
  marksOfPupil,
} from './marks.repository.js';
import { markEntryList, mayMark, releaseExamMarks, saveMarks } from './marks.service.js';

/** What `GET teacher/result` shows for a pupil who has no marks in their class yet (screens translate it). */
export { NO_MARKS_YET };

/** 404 for a pupil the caller may not see, said in the request's language. */
const pupilNotFound = () => new HttpError(404, COMMON_ERROR_CODES.notFound, 'marks.error.pupilNotFound');

const toResultRow = (row: MarkRow) => ({
  classes: row.className,
  name: row.studentName,
  subjectName: row.subjectName,
  marks: row.marks,
  examId: row.examId,
  examDate: row.examDate,
  termId: row.termId,
  released: row.released,
  changedAfterRelease: row.changedAfterRelease,
});

const RELEASED_ONLY =
  'Pupils and guardians get the marks of released exams only; staff get every mark with `released`. ' +
  '`termId` keeps one term’s exams. A subject with several exams shows the rounded mean of their marks.';

/**
 * Marks, read and written: the result lists and mark sheets of docs/contract/api.md (`result`,
 * `result/assign_result/{id}`, `student/result/{id}`, `teacher/result`, `result-summary/{id}`) and
 * the marks entry of docs/decisions/0009-running-the-school-year.md (`marks`, `marks/subjects`, `marks/history/{studentId}`). A pupil or
 * lesson the caller may not see is a 404 (school.policy.ts).
 */
export async function marksRoutes(app: FastifyInstance): Promise<void> {
  resultListRoutes(app);
  markSheetRoutes(app);
  markEntryRoutes(app);
  releaseRoutes(app);
  markHistoryRoutes(app);
}

/** `POST exams/{id}/release`: the marks of an exam reach its pupils and their guardians. */
function releaseRoutes(app: FastifyInstance): void {
  const { api, staff } = schoolRouting(app);
  api.post(
    '/exams/:id/release',
    {
      onRequest: staff,
      schema: {
        tags: TAGS,
        summary: 'Release an exam’s marks to its pupils and their guardians',
        description:
          'The teacher of the exam’s class and subject, or the principal (another teacher: 404, as for ' +
          'an unknown exam). Releasing again changes nothing; there is no unrelease. Marks changed ' +
          'after the release are flagged `changedAfterRelease` (docs/decisions/0087-released-marks.md).',
        security: BEARER_AUTH,
        params: IdParamSchema,
        response: { 200: ReleasedExamAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      const exam = await releaseExamMarks(app.db, currentUser(request), request.params.id, nowIso());
      if (!exam) throw new HttpError(404, COMMON_ERROR_CODES.notFound, 'marks.error.examNotFound');
      return { data: exam };
    },
  );
}

/** `GET result` and `GET teacher/result`: the marks and divisions the caller may see. */
function resultListRoutes(app: FastifyInstance): void {
  const { api, staff } = schoolRouting(app);
  api.get(
    '/result',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'Marks: a pupil’s own, a teacher’s subjects in their classes, all for the principal',
        description: `One row per exam mark. ${RELEASED_ONLY}`,
        security: BEARER_AUTH,
        querystring: TermQuerySchema,
        response: { 200: ResultAnswerSchema, ...CHECKED },
      },
    },
    async (request) => ({
      data: (
        await listVisibleMarks(
          app.db,
          currentUser(request),
          await requestLocale(request),
          request.query.termId,
        )
      ).map(toResultRow),
    }),
  );

  api.get(
    '/teacher/result',
    {
      onRequest: staff,
      schema: {
        tags: TAGS,
        summary:
          'One row per pupil of the caller’s classes (every pupil for the principal) with the division',
        description: `result is the mark sheet's division, or "${NO_MARKS_YET}" for a pupil without marks. \`termId\` counts one term's exams.`,
        security: BEARER_AUTH,
        querystring: TermQuerySchema,
        response: { 200: TeacherResultAnswerSchema, 400: ErrorBodySchema, ...DENIED },
      },
    },
    async (request) => ({
      data: (
        await listPupilResults(
          app.db,
          currentUser(request),
          await requestLocale(request),
          request.query.termId,
        )
      ).map((p) => ({
        className: p.className,
        studentName: p.studentName,
        result: p.totals?.division ?? NO_MARKS_YET,
        studentId: p.studentId,
      })),
    }),
  );
}

/**
 * One pupil's marks and mark sheet: shown whole to whoever may see the pupil, and to a teacher who
 * taught them before, the marks of that time; a pupil the caller may not see is a 404, as for an
 * unknown id.
 */
function markSheetRoutes(app: FastifyInstance): void {
  const { api } = schoolRouting(app);
  const onePupil = (summary: string) => ({
    onRequest: app.requireSchoolUser,
    schema: {
      tags: TAGS,
      summary,
      description:
        `${RELEASED_ONLY} A teacher who taught the pupil in a class they have left: the marks of that ` +
        'class and time only, and 404 for a term they did not teach the pupil in.',
      security: BEARER_AUTH,
      params: IdParamSchema,
      querystring: TermQuerySchema,
    },
  });
  // A former teacher reads the pupil's marks of the classes and days they taught them in, and no
  // other term (school.policy's findPupilOfRecords, docs/decisions/0095-past-sight.md).
  const pupilOf = async (request: FastifyRequest, id: number, termId: number | undefined) => {
    const pupil = await findPupilOfRecords(app.db, currentUser(request), id);
    if (!pupil || !(await mayReadTermOf(app.db, pupil, termId))) throw pupilNotFound();
    return pupil;
  };

  api.get(
    '/result/assign_result/:id',
    withAnswer(
      onePupil('Every mark of one pupil (the pupil, their guardians, their teachers, the principal)'),
      ResultAnswerSchema,
    ),
    async (request) => {
      const pupil = await pupilOf(request, request.params.id, request.query.termId);
      const rows = await marksOfPupil(app.db, currentUser(request), pupil, request.query.termId);
      return { data: rows.map(toResultRow) };
    },
  );

  api.get(
    '/student/result/:id',
    withAnswer(onePupil('A pupil’s mark sheet, PASS or FAIL per subject'), StudentResultAnswerSchema),
    async (request) => {
      const pupil = await pupilOf(request, request.params.id, request.query.termId);
      const sheet = await markSheetOf(app.db, currentUser(request), pupil, request.query.termId);
      return { data: sheet.rows.map((row) => ({ studentName: pupil.name, ...row })) };
    },
  );

  api.get(
    '/result-summary/:id',
    withAnswer(
      onePupil('A pupil’s mark sheet with total, percentage and division'),
      ResultSummaryAnswerSchema,
    ),
    async (request) => {
      const pupil = await pupilOf(request, request.params.id, request.query.termId);
      const sheet = await markSheetOf(app.db, currentUser(request), pupil, request.query.termId);
      return { data: { studentName: pupil.name, ...sheet } };
    },
  );
}

/** Adds the 200 answer (and the CHECKED errors) to a route's options. */
function withAnswer<O extends { schema: object }, A>(options: O, answer: A) {
  return { ...options, schema: { ...options.schema, response: { 200: answer, ...CHECKED } } };
}

/** Marks entry (docs/decisions/0009-running-the-school-year.md): a class's list in a subject, saving a batch, the markable subjects. */
function markEntryRoutes(app: FastifyInstance): void {
  const { api, staff } = schoolRouting(app);

  api.get(
    '/marks',
    {
      onRequest: staff,
      schema: {
        tags: TAGS,
        summary:
          'A class’s current pupils with their marks in an exam of a subject (null where none is saved)',
        description:
          'A teacher: only a subject they teach in that class (else 404). The principal: any. `examId` ' +
          'names an exam of that class and subject (another is a 404); without it, the latest exam up ' +
          'to today (`exam` null and every mark null when there is none).',
        security: BEARER_AUTH,
        querystring: MarksQuerySchema,
        response: { 200: MarkEntryAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      const list = await markEntryList(
        app.db,
        currentUser(request),
        request.query,
        await schoolToday(app.db),
        await requestLocale(request),
      );
      if (!list) throw new HttpError(404, COMMON_ERROR_CODES.notFound, 'marks.error.classOrSubjectNotFound');
      return { data: list.rows, exam: list.exam };
    },
  );

  api.put(
    '/marks',
    {
      onRequest: staff,
      schema: {
        tags: TAGS,
        summary: 'Save marks (0-100) of an exam: all rows or none; every change is kept in the history',
        description:
          'Every studentId must be a current pupil whose class the caller teaches that subject in (any ' +
          'pupil in a class for the principal), else 404 with details naming the rows, and nothing is saved. ' +
          'The marks are of the exam `examId` (rows of another class or subject are refused), else of ' +
          'each row’s class and subject’s latest exam up to today. A mark changed after its exam’s ' +
          'release is flagged `changedAfterRelease` wherever it shows, and its history row says so.',
        security: BEARER_AUTH,
        querystring: SaveMarksQuerySchema,
        body: SaveMarksBodySchema,
        response: { 200: SavedMarksAnswerSchema, ...CHECKED },
      },
    },
    async (request) => ({
      data: await saveMarks(
        app.db,
        currentUser(request),
        request.body,
        { examId: request.query.examId, today: await schoolToday(app.db), now: nowIso() },
        await requestLocale(request),
      ),
    }),
  );

  api.get(
    '/marks/exams',
    {
      onRequest: staff,
      schema: {
        tags: TAGS,
        summary: 'The exams of a class and subject, by date, with their term and whether released',
        description: 'A teacher: only a subject they teach in that class (else 404). The principal: any.',
        security: BEARER_AUTH,
        querystring: LessonExamsQuerySchema,
        response: { 200: LessonExamsAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      const { classId, subjectId, termId } = request.query;
      if (!(await mayMark(app.db, currentUser(request), classId, subjectId)))
        throw new HttpError(404, COMMON_ERROR_CODES.notFound, 'marks.error.classOrSubjectNotFound');
      return { data: await lessonExams(app.db, classId, subjectId, termId) };
    },
  );

  api.get(
    '/marks/subjects',
    {
      onRequest: staff,
      schema: {
        tags: TAGS,
        summary: 'The subjects the caller may enter marks of in a class, by name',
        description:
          'A teacher: the subjects they teach in that class (none for another class). The principal: all.',
        security: BEARER_AUTH,
        querystring: MarkSubjectsQuerySchema,
        response: { 200: MarkSubjectsAnswerSchema, ...CHECKED },
      },
    },
    async (request) => ({
      data: await markableSubjects(
        app.db,
        currentUser(request),
        request.query.classId,
        await requestLocale(request),
      ),
    }),
  );
}

/** `GET marks/history/{studentId}`: the principal's view of every change of a pupil's marks. */
function markHistoryRoutes(app: FastifyInstance): void {
  const { api, principal } = schoolRouting(app);
  api.get(
    '/marks/history/:studentId',
    {
      onRequest: principal,
      schema: {
        tags: TAGS,
        summary: 'A pupil’s mark changes, newest first',
        security: BEARER_AUTH,
        params: StudentIdParamSchema,
        response: { 200: MarkHistoryAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      const rows = await markHistory(app.db, request.params.studentId);
      if (!rows) throw pupilNotFound();
      return { data: rows };
    },
  );
}
