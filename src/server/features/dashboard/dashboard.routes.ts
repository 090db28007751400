import type { FastifyInstance } from 'fastify';
import { ComingUpAnswerSchema, DashboardTodayAnswerSchema } from '../../../shared/api/dashboard.js';
import { DENIED, schoolRouting } from '../../lib/school-routes.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import { comingUp, dashboardToday } from './dashboard.service.js';

/** The school area's home for staff (docs/decisions/0052-dashboards-that-say-what-needs-doing.md). */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const { api, staff } = schoolRouting(app);

  api.get(
    '/dashboard/today',
    {
      onRequest: staff,
      schema: {
        tags: ['Dashboard'],
        summary: 'What the day holds: each class’s arrivals and attendance, what waits, the week’s exams',
        description:
          'For the school’s today (its time zone). A teacher gets the classes they teach and their ' +
          'exams; the principal every class, and the registrations, inbox, outbox and overdue money ' +
          'waiting. A figure of a screen the caller may not open is null. Pupils and parents: 403.',
        security: BEARER_AUTH,
        response: { 200: DashboardTodayAnswerSchema, ...DENIED },
      },
    },
    async (request) => dashboardToday(app.db, currentUser(request)),
  );

  api.get(
    '/dashboard/coming-up',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: ['Dashboard'],
        summary: 'The school calendar’s closures and events coming up that concern you',
        description:
          'From the school’s today through the next 13 days, not cancelled, by start, at most 8. A ' +
          'parent: the entries for everyone and for their children’s classes; a pupil: for everyone ' +
          'and their class; a teacher: for everyone, for staff and for the classes they teach; the ' +
          'principal: every entry.',
        security: BEARER_AUTH,
        response: { 200: ComingUpAnswerSchema, ...DENIED },
      },
    },
    async (request) => comingUp(app.db, currentUser(request)),
  );
}
