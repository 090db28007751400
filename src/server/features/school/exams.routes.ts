import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import {
  StudentExamAnswerSchema,
  TeacherExamAnswerSchema,
  TeacherIdParamSchema,
} from '../../../shared/api/school.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { notFound } from '../../lib/errors.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import { examTime, listExamsOfTeacher, listVisibleExams } from './exams.repository.js';
import { findVisibleTeacher } from './school.policy.js';

const TAGS = ['School'];

/** `GET student/exam` and `GET exam/{teacherid}`. */
export async function examsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/student/exam',
    {
      onRequest: app.requireTypes(USER_TYPE.student, USER_TYPE.principal),
      schema: {
        tags: TAGS,
        summary: 'Exams by date: a pupil’s class’s, every class’s for the principal',
        description: 'Teachers use `GET exam/{teacherid}`.',
        security: BEARER_AUTH,
        response: { 200: StudentExamAnswerSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => ({
      data: (await listVisibleExams(app.db, currentUser(request))).map((x) => ({
        ClassName: x.className,
        SubjectName: x.subjectName,
        ExamTime: examTime(x),
      })),
    }),
  );

  api.get(
    '/exam/:teacherid',
    {
      onRequest: app.requireTypes(USER_TYPE.teacher, USER_TYPE.principal),
      schema: {
        tags: TAGS,
        summary: 'Exams of the subjects a teacher teaches in their classes, by date',
        description:
          'A teacher may ask for their own id only (another id is a 404); the principal for any teacher.',
        security: BEARER_AUTH,
        params: TeacherIdParamSchema,
        response: {
          200: TeacherExamAnswerSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const teacher = await findVisibleTeacher(app.db, currentUser(request), request.params.teacherid);
      if (!teacher) throw notFound('That teacher');
      const exams = await listExamsOfTeacher(app.db, teacher.id);
      return {
        data: exams.map((x) => ({ classes: x.className, subjectname: x.subjectName, time: examTime(x) })),
      };
    },
  );
}
