import type { FastifyInstance } from 'fastify';
import { ClassDayAnswerSchema, OwnClassAnswerSchema } from '../../../shared/api/attendance.js';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import {
  AttendanceHistoryAnswerSchema,
  AttendanceOverviewAnswerSchema,
  AttendanceQuerySchema,
  AttendanceRangeQuerySchema,
  ClassAttendanceReportAnswerSchema,
  ClassIdParamSchema,
  IdParamSchema,
  SaveAttendanceBodySchema,
  SavedCountAnswerSchema,
} from '../../../shared/api/school.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { notFound } from '../../lib/errors.js';
import { requestLocale } from '../../lib/i18n.js';
import { CHECKED, DENIED, schoolRouting, SCHOOL_TAGS as TAGS } from '../../lib/school-routes.js';
import { nowIso } from '../../lib/time.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import { closedDays } from '../calendar/closures.js';
import { findVisibleClass, findVisiblePupil } from '../school/school.policy.js';
import { termOfDay } from '../school-years/school-years.repository.js';
import { schoolToday } from '../settings/settings.repository.js';
import { fromWire, toWire } from './attendance.fields.js';
import {
  attendanceHistory,
  attendanceOverview,
  classAttendanceOn,
  classAttendanceReport,
  ownClassOf,
} from './attendance.repository.js';
import { saveAttendance } from './attendance.service.js';

/**
 * Attendance: a class's day (`studentattendace/{classId}`), saving it (`studentattenance`), a pupil's
 * history, the principal's overview of a day and a class's report over a range.
 */
export async function attendanceRoutes(app: FastifyInstance): Promise<void> {
  classDayRoutes(app);
  reportRoutes(app);
}

/** A class's day: reading it and saving it (the wire names are mapped here, attendance.fields.ts). */
function classDayRoutes(app: FastifyInstance): void {
  const { api, staff } = schoolRouting(app);

  api.get(
    '/studentattendace/:classId',
    {
      onRequest: staff,
      schema: {
        tags: TAGS,
        summary:
          'A class’s attendance on a date (default today): every current pupil, null where nothing is saved',
        description:
          'checkedInAt: when the pupil was first checked in on Today that date (ISO-8601), null if not; ' +
          'the screen starts an unsaved row from it (decision 0047). closed: the calendar’s closure of ' +
          'the class that day (no register is taken), else null; term: the school term of the date.',
        security: BEARER_AUTH,
        params: ClassIdParamSchema,
        querystring: AttendanceQuerySchema,
        response: { 200: ClassDayAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      const schoolClass = await findVisibleClass(app.db, currentUser(request), request.params.classId);
      if (!schoolClass) throw notFound('That class');
      const date = request.query.date ?? (await schoolToday(app.db));
      const rows = await classAttendanceOn(app.db, schoolClass.id, date, await requestLocale(request));
      const closure = (await closedDays(app.db, [schoolClass.id], date, date)).reasonOf(schoolClass.id, date);
      const term = await termOfDay(app.db, date);
      return {
        data: rows.map(toWire),
        closed: closure === undefined ? null : { reason: closure },
        term: term ? { id: term.id, name: term.name } : null,
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
          'teacher teaches (any pupil in a class for the principal), else 404 and nothing is saved. ' +
          'For the school’s today: a pupil newly recorded Absent (status 2) gets one mail to each ' +
          'guardian, unless they were checked in on Today that day (the record is saved, no mail); a ' +
          'pupil recorded Present or On Leave after such a mail a correction; saving again sends ' +
          'nothing, and the school’s settings may turn the alerts off. A date on which the calendar ' +
          'closes the pupil’s class: 409 CLASS_CLOSED, nothing saved, nothing sent.',
        security: BEARER_AUTH,
        body: SaveAttendanceBodySchema,
        response: { 200: SavedCountAnswerSchema, ...CHECKED, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      const entries = request.body.map(fromWire);
      const saved = await saveAttendance(
        app.db,
        app.config.mail,
        currentUser(request),
        entries,
        await schoolToday(app.db),
        nowIso(),
      );
      return { data: { saved } };
    },
  );

  api.get(
    '/attendance/own-class',
    {
      onRequest: staff,
      schema: {
        tags: TAGS,
        summary: 'The class Today and Attendance open on: a teacher’s own class, null for the principal',
        description:
          'A teacher’s own class is the one they give most lessons a week to (the lowest class id on a ' +
          'tie); null when they have none. The principal: null, the screens open on the first class.',
        security: BEARER_AUTH,
        response: { 200: OwnClassAnswerSchema, ...DENIED },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const classId = user.type === USER_TYPE.teacher ? await ownClassOf(app.db, user.id) : undefined;
      return { data: { classId: classId ?? null } };
    },
  );
}

/** A pupil's history, the principal's overview of a day, a class's report over a range. */
function reportRoutes(app: FastifyInstance): void {
  const { api, staff, principal } = schoolRouting(app);

  api.get(
    '/attendance/student/:id',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'A pupil’s attendance history, newest first, with totals',
        description:
          'percentPresent: present days out of recorded days, in percent with two decimals. A day the ' +
          'calendar closed the pupil’s class is listed (closed: true) but counted in no total. term: ' +
          'the school term the day falls in, null between terms.',
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
      onRequest: principal,
      schema: {
        tags: TAGS,
        summary: 'Every class’s attendance on a date (default today), for the principal',
        security: BEARER_AUTH,
        querystring: AttendanceQuerySchema,
        response: { 200: AttendanceOverviewAnswerSchema, 400: ErrorBodySchema, ...DENIED },
      },
    },
    async (request) => {
      const date = request.query.date ?? (await schoolToday(app.db));
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
        description:
          'days: the dates in the range on which anything was recorded for the class. Days the calendar ' +
          'closed the class count in no figure.',
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
