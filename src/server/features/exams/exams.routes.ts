import type { FastifyInstance } from 'fastify';
import { CATALOG_ERROR_CODES, COMMON_ERROR_CODES } from '../../../shared/api/error-codes.js';
import {
  StudentExamAnswerSchema,
  TeacherExamAnswerSchema,
  TeacherIdParamSchema,
} from '../../../shared/api/school.js';
import { CreateExamBodySchema, ExamAnswerSchema } from '../../../shared/api/school-admin.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { conflict, HttpError } from '../../lib/errors.js';
import { requestLocale } from '../../lib/i18n.js';
import {
  CHECKED,
  DENIED,
  principalDeleteRoute,
  SET_UP_TAGS,
  schoolRouting,
  SCHOOL_TAGS as TAGS,
} from '../../lib/school-routes.js';
import { nowIso } from '../../lib/time.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import { findVisibleTeacher } from '../school/school.policy.js';
import { currentYear } from '../school-years/school-years.repository.js';
import { schoolToday } from '../settings/settings.repository.js';
import {
  deleteExam,
  examHasMarks,
  examTime,
  listExamsOfTeacher,
  listVisibleExams,
} from './exams.repository.js';
import { createExam } from './exams.service.js';

/** Exams: the lists (`GET student/exam`, `GET exam/{teacherid}`) and the principal's scheduling. */
export async function examsRoutes(app: FastifyInstance): Promise<void> {
  examListRoutes(app);
  examSchedulingRoutes(app);
}

function examListRoutes(app: FastifyInstance): void {
  const { api, staff } = schoolRouting(app);
  api.get(
    '/student/exam',
    {
      onRequest: app.requireTypes(USER_TYPE.student, USER_TYPE.principal),
      schema: {
        tags: TAGS,
        summary:
          'The current school year’s exams by date: a pupil’s class’s, every class’s for the principal',
        description: 'Teachers use `GET exam/{teacherid}`.',
        security: BEARER_AUTH,
        response: { 200: StudentExamAnswerSchema, ...DENIED },
      },
    },
    async (request) => ({
      data: (await listVisibleExams(app.db, currentUser(request), (await currentYear(app.db))?.id)).map(
        (x) => ({
          ClassName: x.className,
          SubjectName: x.subjectName,
          ExamTime: examTime(x),
        }),
      ),
    }),
  );

  api.get(
    '/exam/:teacherid',
    {
      onRequest: staff,
      schema: {
        tags: TAGS,
        summary:
          'The current school year’s exams of the subjects a teacher teaches in their classes, by date',
        description:
          'A teacher may ask for their own id only (another id is a 404); the principal for any teacher.',
        security: BEARER_AUTH,
        params: TeacherIdParamSchema,
        response: { 200: TeacherExamAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      const teacher = await findVisibleTeacher(app.db, currentUser(request), request.params.teacherid);
      if (!teacher) throw new HttpError(404, COMMON_ERROR_CODES.notFound, 'exams.error.teacherNotFound');
      const exams = await listExamsOfTeacher(app.db, teacher.id, (await currentYear(app.db))?.id);
      return {
        data: exams.map((x) => ({ classes: x.className, subjectname: x.subjectName, time: examTime(x) })),
      };
    },
  );
}

function examSchedulingRoutes(app: FastifyInstance): void {
  const { api, principal } = schoolRouting(app);
  api.post(
    '/exams',
    {
      onRequest: principal,
      schema: {
        tags: SET_UP_TAGS,
        summary: 'Schedule an exam for a class and subject (date not in the past)',
        security: BEARER_AUTH,
        body: CreateExamBodySchema,
        response: { 201: ExamAnswerSchema, ...CHECKED },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await createExam(
          app.db,
          request.body,
          await schoolToday(app.db),
          nowIso(),
          await requestLocale(request),
        ),
      }),
  );

  principalDeleteRoute(app, {
    path: '/admin/exams',
    what: 'exam',
    summary: 'Delete an exam; 409 IN_USE while it holds marks',
    inUse: true,
    remove: async (id) => {
      if (await examHasMarks(app.db, id)) throw conflict(CATALOG_ERROR_CODES.inUse, 'exams.error.hasMarks');
      return deleteExam(app.db, id);
    },
  });
}
