import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import {
  IdParamSchema,
  ResultAnswerSchema,
  ResultSummaryAnswerSchema,
  StudentResultAnswerSchema,
  TeacherResultAnswerSchema,
} from '../../../shared/api/school.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { notFound } from '../../lib/errors.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import {
  listPupilResults,
  listVisibleMarks,
  type MarkRow,
  markSheetOf,
  marksOfPupil,
} from './results.repository.js';
import { findVisiblePupil } from './school.policy.js';

const TAGS = ['School'];
const DENIED = { 401: ErrorBodySchema, 403: ErrorBodySchema };
const ONE_PUPIL = { 400: ErrorBodySchema, ...DENIED, 404: ErrorBodySchema };

/** What `GET teacher/result` shows for a pupil who has no marks in their class yet. */
export const NO_MARKS_YET = 'No marks yet';

const toResultRow = (row: MarkRow) => ({
  classes: row.className,
  name: row.studentName,
  subjectName: row.subjectName,
  marks: row.marks,
});

/**
 * Marks and mark sheets: `result`, `result/assign_result/{id}`, `student/result/{id}`,
 * `teacher/result` and `result-summary/{id}`. A pupil the caller may not see is a 404
 * (school.policy.ts); the per-pupil calls show the pupil's whole record to whoever may see the pupil.
 */
export async function resultsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** The pupil of `:id`, or a 404 for an unknown id and for a pupil the caller may not see. */
  const pupilOf = async (request: FastifyRequest, id: number) => {
    const pupil = await findVisiblePupil(app.db, currentUser(request), id);
    if (!pupil) throw notFound('That pupil');
    return pupil;
  };

  api.get(
    '/result',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'Marks: a pupil’s own, a teacher’s subjects in their classes, all for the principal',
        security: BEARER_AUTH,
        response: { 200: ResultAnswerSchema, ...DENIED },
      },
    },
    async (request) => ({ data: (await listVisibleMarks(app.db, currentUser(request))).map(toResultRow) }),
  );

  api.get(
    '/result/assign_result/:id',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'Every mark of one pupil (the pupil, their teachers, the principal)',
        security: BEARER_AUTH,
        params: IdParamSchema,
        response: { 200: ResultAnswerSchema, ...ONE_PUPIL },
      },
    },
    async (request) => {
      const pupil = await pupilOf(request, request.params.id);
      return { data: (await marksOfPupil(app.db, pupil.id)).map(toResultRow) };
    },
  );

  api.get(
    '/student/result/:id',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'A pupil’s mark sheet, PASS or FAIL per subject',
        security: BEARER_AUTH,
        params: IdParamSchema,
        response: { 200: StudentResultAnswerSchema, ...ONE_PUPIL },
      },
    },
    async (request) => {
      const pupil = await pupilOf(request, request.params.id);
      const sheet = await markSheetOf(app.db, pupil);
      return { data: sheet.rows.map((row) => ({ studentName: pupil.name, ...row })) };
    },
  );

  api.get(
    '/teacher/result',
    {
      onRequest: app.requireTypes(USER_TYPE.teacher, USER_TYPE.principal),
      schema: {
        tags: TAGS,
        summary:
          'One row per pupil of the caller’s classes (every pupil for the principal) with the division',
        description: `result is the mark sheet's division, or "${NO_MARKS_YET}" for a pupil without marks.`,
        security: BEARER_AUTH,
        response: { 200: TeacherResultAnswerSchema, ...DENIED },
      },
    },
    async (request) => ({
      data: (await listPupilResults(app.db, currentUser(request))).map((p) => ({
        className: p.className,
        studentName: p.studentName,
        result: p.totals?.division ?? NO_MARKS_YET,
        studentId: p.studentId,
      })),
    }),
  );

  api.get(
    '/result-summary/:id',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'A pupil’s mark sheet with total, percentage and division',
        security: BEARER_AUTH,
        params: IdParamSchema,
        response: { 200: ResultSummaryAnswerSchema, ...ONE_PUPIL },
      },
    },
    async (request) => {
      const pupil = await pupilOf(request, request.params.id);
      const sheet = await markSheetOf(app.db, pupil);
      return { data: { studentName: pupil.name, ...sheet } };
    },
  );
}
