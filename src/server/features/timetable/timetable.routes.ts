import type { FastifyInstance } from 'fastify';
import { COMMON_ERROR_CODES } from '../../../shared/api/error-codes.js';
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
import { HttpError } from '../../lib/errors.js';
import { requestLocale } from '../../lib/i18n.js';
import {
  CHECKED,
  DENIED,
  principalDeleteRoute,
  schoolRouting,
  SCHOOL_TAGS as TAGS,
} from '../../lib/school-routes.js';
import { nowIso } from '../../lib/time.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import { findVisibleClass } from '../school/school.policy.js';
import {
  type AssignmentRow,
  classPupils,
  classTimetable,
  dayName,
  deleteAssignment,
  listAssignments,
  listVisibleClasses,
  pupilsTaughtBy,
} from './timetable.repository.js';
import { createAssignment } from './timetable.service.js';

const toStudentClassRow = (row: AssignmentRow) => ({
  id: row.id,
  Teacher: row.teacher,
  class_name: row.className,
  subject_name: row.subjectName,
  time: row.time,
});

/** 404 for a class the caller may not see, said in the request's language. */
const classNotFound = () => new HttpError(404, COMMON_ERROR_CODES.notFound, 'timetable.error.classNotFound');

/**
 * Class assignments and timetables: `studentclass`, `schedule`, `teacher/assign_class` and
 * `student_class`. Record-level rules come from school.policy.ts.
 */
export async function timetableRoutes(app: FastifyInstance): Promise<void> {
  assignmentRoutes(app);
  scheduleRoutes(app);
  teacherClassRoutes(app);
}

/** Class assignments: the list, adding one (`studentclass`) and deleting one (set-up). */
function assignmentRoutes(app: FastifyInstance): void {
  const { api, principal } = schoolRouting(app);

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
      onRequest: principal,
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
      const lesson = {
        teacherId: body.teacherid,
        classId: body.classesid,
        subjectId: body.subjectid,
        timeSlotId: body.timeid,
        days: body.days,
      };
      const locale = await requestLocale(request);
      return { data: toStudentClassRow(await createAssignment(app.db, lesson, nowIso(), locale)) };
    },
  );

  principalDeleteRoute(app, {
    path: '/admin/assignments',
    what: 'assignment',
    summary: 'Delete a class assignment (a lesson of the timetable) with its days',
    remove: (id) => deleteAssignment(app.db, id),
  });
}

/** The classes whose timetable the caller may see, and a class's week. */
function scheduleRoutes(app: FastifyInstance): void {
  const { api } = schoolRouting(app);

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
        response: { 200: ClassScheduleAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      const schoolClass = await findVisibleClass(app.db, currentUser(request), request.params.classId);
      if (!schoolClass) throw classNotFound();
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
}

/** A teacher's classes and their pupils (the principal: every class). */
function teacherClassRoutes(app: FastifyInstance): void {
  const { api, staff } = schoolRouting(app);

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
        response: { 200: AssignedStudentAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const schoolClass = await findVisibleClass(app.db, user, request.params.classId);
      if (!schoolClass) throw classNotFound();
      if (user.type === USER_TYPE.teacher) {
        const rows = await pupilsTaughtBy(app.db, schoolClass.id, user.id, await requestLocale(request));
        return {
          data: rows.map((r) => ({
            StudentId: r.id,
            StudentName: r.name,
            subject_name: r.subjectName,
            time: r.time,
          })),
        };
      }
      const pupils = await classPupils(app.db, schoolClass.id, await requestLocale(request));
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
        response: { 200: ClassStudentAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      const schoolClass = await findVisibleClass(app.db, currentUser(request), request.params.classId);
      if (!schoolClass) throw classNotFound();
      const pupils = await classPupils(app.db, schoolClass.id, await requestLocale(request));
      return { data: pupils.map((p) => ({ studentId: p.id, studentName: p.name })) };
    },
  );
}
