import type { FastifyInstance } from 'fastify';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import {
  ChildrenAnswerSchema,
  GuardianAnswerSchema,
  GuardianListQuerySchema,
  GuardianParamsSchema,
  GuardiansAnswerSchema,
  LinkGuardianBodySchema,
} from '../../../shared/api/family.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { requestLocale } from '../../lib/i18n.js';
import {
  DENIED,
  principalDeleteRouteWith,
  SCHOOL_TAGS,
  SET_UP_TAGS,
  schoolRouting,
} from '../../lib/school-routes.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import { childrenOf, deleteGuardian, listGuardians } from './family.repository.js';
import { linkGuardian } from './family.service.js';

/**
 * Families (docs/decisions/0021-families.md): the principal links Parent accounts to pupils
 * (`admin/guardians`), and a parent lists their children (`family/children`). What a parent sees of
 * a child otherwise goes through the school calls and their policy (features/school/school.policy.ts).
 */
export async function familyRoutes(app: FastifyInstance): Promise<void> {
  const { api, principal } = schoolRouting(app);

  api.post(
    '/admin/guardians',
    {
      onRequest: principal,
      schema: {
        tags: SET_UP_TAGS,
        summary: 'Link a parent account to a pupil, with the relationship',
        description:
          'parentId must be an account of type Parent and studentId one of type Student (else 400); ' +
          'a link that exists already is a 409.',
        security: BEARER_AUTH,
        body: LinkGuardianBodySchema,
        response: { 201: GuardianAnswerSchema, 400: ErrorBodySchema, ...DENIED, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const data = await linkGuardian(app.db, request.body);
      return reply.code(201).send({ data });
    },
  );

  principalDeleteRouteWith(app, {
    path: '/admin/guardians/:parentId/:studentId',
    params: GuardianParamsSchema,
    what: 'link',
    summary: 'Unlink a parent account from a pupil',
    remove: ({ parentId, studentId }) => deleteGuardian(app.db, parentId, studentId),
  });

  api.get(
    '/admin/guardians',
    {
      onRequest: principal,
      schema: {
        tags: SET_UP_TAGS,
        summary: 'The guardian links, of one pupil (?studentId=), of one parent (?parentId=) or all',
        description: 'By pupil name, then parent name. An id with no links answers an empty list.',
        security: BEARER_AUTH,
        querystring: GuardianListQuerySchema,
        response: { 200: GuardiansAnswerSchema, 400: ErrorBodySchema, ...DENIED },
      },
    },
    async (request) => ({ data: await listGuardians(app.db, request.query, await requestLocale(request)) }),
  );

  api.get(
    '/family/children',
    {
      onRequest: app.requireTypes(USER_TYPE.parent),
      schema: {
        tags: SCHOOL_TAGS,
        summary: 'The caller’s children (a Parent): current class, first photo and relationship',
        description:
          'The pupil-scoped school calls (users/student/{id}, result-summary/{id}, attendance/student/{id}, ' +
          'schedule/{classId}, ...) answer a parent for these children and 404 for any other pupil.',
        security: BEARER_AUTH,
        response: { 200: ChildrenAnswerSchema, ...DENIED },
      },
    },
    async (request) => ({
      data: await childrenOf(app.db, currentUser(request).id, await requestLocale(request)),
    }),
  );
}
