import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import {
  AssignedClassAnswerSchema,
  AssignedStudentAnswerSchema,
  ClassIdParamSchema,
  ClassScheduleAnswerSchema,
  ClassStudentAnswerSchema,
  CreateStudentClassAnswerSchema,
  CreateStudentClassBodySchema,
  ScheduleAnswerSchema,
  StudentClassAnswerSchema,
} from '../../../shared/api/school.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { conflict, invalid, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import { findVisibleClass } from './school.policy.js';
import {
  ALL_SCHOOL_DAYS,
  type AssignmentRow,
  classPupils,
  classTimetable,
  dayName,
  dayNumber,
  describeClashes,
  findAssignment,
  findClashes,
  insertAssignment,
  listAssignments,
  listVisibleClasses,
  pupilsTaughtBy,
  SCHEDULE_CLASH,
  unknownAssignmentIds,
} from './timetable.repository.js';

const TAGS = ['School'];
const DENIED = { 401: ErrorBodySchema, 403: ErrorBodySchema };
const ONE_CLASS = { 400: ErrorBodySchema, ...DENIED, 404: ErrorBodySchema };

const toStudentClassRow = (row: AssignmentRow) => ({
  id: row.id,
  Teacher: row.teacher,
  class_name: row.className,
  subject_name: row.subjectName,
  time: row.time,
});

/**
 * Class assignments and timetables: `studentclass`, `schedule`, `teacher/assign_class` and
 * `student_class`. Record-level rules come from school.policy.ts.
 */
export async function timetableRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const staff = app.requireTypes(USER_TYPE.teacher, USER_TYPE.principal);

  api.get(
    '/studentclass',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'Class assignments: a pupil’s class’s, a teacher’s own, all for the principal',
        security: BEARER_AUTH,
        response: { 200: StudentClassAnswerSchema, ...DENIED },
      },
    },
    async (request) => ({
      data: (await listAssignments(app.db, currentUser(request))).map(toStudentClassRow),
    }),
  );

  api.post(
    '/studentclass',
    {
      onRequest: app.requireTypes(USER_TYPE.principal),
      schema: {
        tags: TAGS,
        summary: 'Add a class assignment (the principal)',
        description:
          'The lesson runs on `days` (Monday to Saturday when left out). 400 names an unknown teacher, ' +
          'class, subject or time slot; 409 SCHEDULE_CLASH when the teacher or the class already has ' +
          'a lesson at that time on one of those days (details list the clashes). All or nothing.',
        security: BEARER_AUTH,
        body: CreateStudentClassBodySchema,
        response: {
          200: CreateStudentClassAnswerSchema,
          400: ErrorBodySchema,
          ...DENIED,
          409: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const body = request.body;
      const input = {
        teacherId: body.teacherid,
        classId: body.classesid,
        subjectId: body.subjectid,
        timeSlotId: body.timeid,
        days: body.days ? body.days.map(dayNumber).sort((a, b) => a - b) : ALL_SCHOOL_DAYS,
      };
      const unknown = await unknownAssignmentIds(app.db, input);
      if (unknown.length > 0) {
        const first = unknown[0] as { field: string; message: string };
        throw invalid(`${first.field}: ${first.message}`, unknown);
      }
      const clashes = await findClashes(app.db, input);
      if (clashes.length > 0) throw conflict(SCHEDULE_CLASH, describeClashes(clashes), clashes);
      const id = await insertAssignment(app.db, input, nowIso());
      const row = await findAssignment(app.db, id);
      if (!row) throw notFound('The new class assignment');
      return { data: toStudentClassRow(row) };
    },
  );

  api.get(
    '/schedule',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'The classes whose timetable the caller may see',
        security: BEARER_AUTH,
        response: { 200: ScheduleAnswerSchema, ...DENIED },
      },
    },
    async (request) => ({
      data: (await listVisibleClasses(app.db, currentUser(request))).map((c) => ({
        id: c.id,
        classes: c.name,
      })),
    }),
  );

  api.get(
    '/schedule/:classId',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'A class’s weekly timetable: one row per day and time slot with a lesson',
        security: BEARER_AUTH,
        params: ClassIdParamSchema,
        response: { 200: ClassScheduleAnswerSchema, ...ONE_CLASS },
      },
    },
    async (request) => {
      const schoolClass = await findVisibleClass(app.db, currentUser(request), request.params.classId);
      if (!schoolClass) throw notFound('That class');
      const slots = await classTimetable(app.db, schoolClass.id);
      return {
        data: slots.map((s) => ({
          day: dayName(s.day),
          time: s.time,
          subject_name: s.subjectName,
          Teacher: s.teacher,
        })),
      };
    },
  );

  api.get(
    '/teacher/assign_class',
    {
      onRequest: staff,
      schema: {
        tags: TAGS,
        summary: 'A teacher’s classes (every class for the principal)',
        security: BEARER_AUTH,
        response: { 200: AssignedClassAnswerSchema, ...DENIED },
      },
    },
    async (request) => ({
      data: (await listVisibleClasses(app.db, currentUser(request))).map((c) => ({
        classId: c.id,
        class_name: c.name,
      })),
    }),
  );

  api.get(
    '/teacher/assign_class/:classId',
    {
      onRequest: staff,
      schema: {
        tags: TAGS,
        summary: 'A class’s pupils with the subject and time the caller teaches them',
        description:
          'A teacher: one row per pupil and per assignment of theirs in that class. The principal, who ' +
          'teaches nothing: one row per pupil with subject_name and time empty.',
        security: BEARER_AUTH,
        params: ClassIdParamSchema,
        response: { 200: AssignedStudentAnswerSchema, ...ONE_CLASS },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const schoolClass = await findVisibleClass(app.db, user, request.params.classId);
      if (!schoolClass) throw notFound('That class');
      if (user.type === USER_TYPE.teacher) {
        const rows = await pupilsTaughtBy(app.db, schoolClass.id, user.id);
        return {
          data: rows.map((r) => ({
            StudentId: r.id,
            StudentName: r.name,
            subject_name: r.subjectName,
            time: r.time,
          })),
        };
      }
      const pupils = await classPupils(app.db, schoolClass.id);
      return {
        data: pupils.map((p) => ({ StudentId: p.id, StudentName: p.name, subject_name: '', time: '' })),
      };
    },
  );

  api.get(
    '/student_class/:classId',
    {
      onRequest: staff,
      schema: {
        tags: TAGS,
        summary: 'A class’s current pupils (its teachers and the principal)',
        security: BEARER_AUTH,
        params: ClassIdParamSchema,
        response: { 200: ClassStudentAnswerSchema, ...ONE_CLASS },
      },
    },
    async (request) => {
      const schoolClass = await findVisibleClass(app.db, currentUser(request), request.params.classId);
      if (!schoolClass) throw notFound('That class');
      const pupils = await classPupils(app.db, schoolClass.id);
      return { data: pupils.map((p) => ({ studentId: p.id, studentName: p.name })) };
    },
  );
}
