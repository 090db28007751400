import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { StudentFeesSchema, StudentIdParamsSchema } from '../../../shared/api/fees.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { CHECKED, SCHOOL_TAGS, schoolRouting } from '../../lib/school-routes.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import { studentFees } from './student-fees.service.js';

/**
 * A pupil's fees (docs/decisions/0026-fees.md): their invoices, payments and balance, for the
 * principal and the pupil's guardians. Pupils and teachers see no money (403).
 */

const FEES_TAGS = ['Fees'];
const StudentFeesAnswerSchema = z.object({ data: StudentFeesSchema });

export async function studentFeesRoutes(app: FastifyInstance): Promise<void> {
  const { api } = schoolRouting(app);

  api.get(
    '/fees/student/:id',
    {
      onRequest: app.requireTypes(USER_TYPE.principal, USER_TYPE.parent),
      schema: {
        tags: [...SCHOOL_TAGS, ...FEES_TAGS],
        summary: 'A pupil’s invoices, payments and balance (above 0 owed, below 0 credit)',
        description:
          'The principal for any pupil, a Parent for their own children (any other pupil is a 404). ' +
          'Pupils and teachers see no money (403).',
        security: BEARER_AUTH,
        params: StudentIdParamsSchema,
        response: { 200: StudentFeesAnswerSchema, ...CHECKED },
      },
    },
    async (request) => ({ data: await studentFees(app.db, currentUser(request), request.params.id) }),
  );
}
