import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import {
  AttendanceHistoryAnswerSchema,
  AttendanceOverviewAnswerSchema,
  AttendanceQuerySchema,
  AttendanceRangeQuerySchema,
  ClassAttendanceAnswerSchema,
  ClassAttendanceReportAnswerSchema,
  ClassIdParamSchema,
  IdParamSchema,
  SaveAttendanceBodySchema,
  SavedCountAnswerSchema,
} from '../../../shared/api/school.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { notFound } from '../../lib/errors.js';
import { isoDate, nowIso } from '../../lib/time.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import {
  attendanceHistory,
  attendanceOverview,
  classAttendanceOn,
  classAttendanceReport,
} from './attendance.repository.js';
import { saveAttendance } from './attendance.service.js';
import { findVisibleClass, findVisiblePupil } from './school.policy.js';

const TAGS = ['School'];
const DENIED = { 401: ErrorBodySchema, 403: ErrorBodySchema };
const CHECKED = { 400: ErrorBodySchema, ...DENIED, 404: ErrorBodySchema };

/** "Today" for attendance: the server's calendar date in UTC (dates are stored as UTC days). */
const today = () => isoDate(new Date());

/**
 * Attendance: a class's day (`studentattendace/{classId}`), saving it (`studentattenance`), a pupil's
 * history, the principal's overview of a day and a class's report over a range.
 */
export async function attendanceRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const staff = app.requireTypes(USER_TYPE.teacher, USER_TYPE.principal);

  api.get(
    '/studentattendace/:classId',
    {
      onRequest: staff,
      schema: {
        tags: TAGS,
        summary:
          'A class’s attendance on a date (default today): every current pupil, null where nothing is saved',
        security: BEARER_AUTH,
        params: ClassIdParamSchema,
        querystring: AttendanceQuerySchema,
        response: { 200: ClassAttendanceAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      const schoolClass = await findVisibleClass(app.db, currentUser(request), request.params.classId);
      if (!schoolClass) throw notFound('That class');
      const rows = await classAttendanceOn(app.db, schoolClass.id, request.query.date ?? today());
      return {
        data: rows.map((r) => ({ id: r.id, name: r.name, att_status: r.status, discription: r.description })),
      };
    },
  );

  api.post(
    '/studentattenance',
    {
      onRequest: staff,
      schema: {
        tags: TAGS,
        summary: 'Save attendance: all rows or none; saving again for a pupil and date updates it',
        description:
          'Dates may not be after today (400). Every userid must be a current pupil of a class the ' +
          'teacher teaches (any pupil in a class for the principal), else 404 and nothing is saved.',
        security: BEARER_AUTH,
        body: SaveAttendanceBodySchema,
        response: { 200: SavedCountAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      const saved = await saveAttendance(app.db, currentUser(request), request.body, today(), nowIso());
      return { data: { saved } };
    },
  );

  api.get(
    '/attendance/student/:id',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'A pupil’s attendance history, newest first, with totals',
        description: 'percentPresent: present days out of recorded days, in percent with two decimals.',
        security: BEARER_AUTH,
        params: IdParamSchema,
        response: { 200: AttendanceHistoryAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      const pupil = await findVisiblePupil(app.db, currentUser(request), request.params.id);
      if (!pupil) throw notFound('That pupil');
      return attendanceHistory(app.db, pupil.id);
    },
  );

  api.get(
    '/attendance/overview',
    {
      onRequest: app.requireTypes(USER_TYPE.principal),
      schema: {
        tags: TAGS,
        summary: 'Every class’s attendance on a date (default today), for the principal',
        security: BEARER_AUTH,
        querystring: AttendanceQuerySchema,
        response: { 200: AttendanceOverviewAnswerSchema, 400: ErrorBodySchema, ...DENIED },
      },
    },
    async (request) => {
      const date = request.query.date ?? today();
      return { date, data: await attendanceOverview(app.db, date) };
    },
  );

  api.get(
    '/attendance/class/:classId',
    {
      onRequest: staff,
      schema: {
        tags: TAGS,
        summary: 'A class’s attendance report over a date range (at most 366 days)',
        description: 'days: the dates in the range on which anything was recorded for the class.',
        security: BEARER_AUTH,
        params: ClassIdParamSchema,
        querystring: AttendanceRangeQuerySchema,
        response: { 200: ClassAttendanceReportAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      const { from, to } = request.query;
      const report = await classAttendanceReport(
        app.db,
        currentUser(request),
        request.params.classId,
        from,
        to,
      );
      if (!report) throw notFound('That class');
      return { from, to, ...report };
    },
  );
}
