import type { FastifyInstance } from 'fastify';
import {
  type AccessLog,
  AccessLogAnswerSchema,
  AccessLogQuerySchema,
} from '../../../shared/api/access-log.js';
import { IdParamSchema } from '../../../shared/api/school.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { CHECKED, schoolRouting } from '../../lib/school-routes.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import { findCareAccess } from '../care/care.policy.js';
import { childAccessLog } from './access-log.repository.js';

export const ACCESS_LOG_MESSAGES = {
  notYours: 'Only the child’s guardians and the principal read who opened the child’s records.',
} as const;

/** Who looked at a child's records (docs/decisions/0106-who-looked.md). */
export async function accessLogRoutes(app: FastifyInstance): Promise<void> {
  const { api } = schoolRouting(app);

  api.get(
    '/pupils/:id/access-log',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: ['Families'],
        summary:
          'Who opened a child’s care details or downloaded documents about the child (the principal, the guardians)',
        description:
          'Newest first, 50 at a time (`before`: the `next` of the page before). The principal reads ' +
          'every entry with its address (scope `all`); a guardian reads the school staff’s openings ' +
          'of the care details, without addresses (scope `staff-care`). A class teacher of the child: ' +
          '403; anyone else: 404.',
        security: BEARER_AUTH,
        params: IdParamSchema,
        querystring: AccessLogQuerySchema,
        response: { 200: AccessLogAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      const viewer = currentUser(request);
      const access = await findCareAccess(app.db, viewer, request.params.id);
      if (!access) throw notFound('That pupil');
      if (!access.mayEdit) throw forbidden(ACCESS_LOG_MESSAGES.notYours);
      const scope: AccessLog['scope'] = viewer.type === USER_TYPE.principal ? 'all' : 'staff-care';
      const page = await childAccessLog(app.db, access.pupil.id, {
        scope,
        readerId: viewer.id,
        before: request.query.before,
      });
      return { data: { studentId: access.pupil.id, studentName: access.pupil.name, scope, ...page } };
    },
  );
}
