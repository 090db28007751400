import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '../../shared/api/errors.js';
import { IdParamSchema } from '../../shared/api/school.js';
import { USER_TYPE } from '../../shared/constants.js';
import { BEARER_AUTH } from '../plugins/auth.js';
import { notFound } from './errors.js';

/** The pieces the school-management routes share. */

/** The tag of the school calls of docs/contract/api.md (and the Ours ones beside them). */
export const SCHOOL_TAGS = ['School'];
/** The tag of the principal's set-up calls. */
export const SET_UP_TAGS = ['School set-up'];
/** Not logged in (401) or a type the route is not for (403). */
export const DENIED = { 401: ErrorBodySchema, 403: ErrorBodySchema };
/** DENIED, a bad request (400) and a record that does not exist or is not the caller's to see (404). */
export const CHECKED = { 400: ErrorBodySchema, ...DENIED, 404: ErrorBodySchema };
/** The answer of a 204. */
export const NO_CONTENT = z.null().describe('No content');

/**
 * The principal's `DELETE <path>/:id`: 204 when `remove` deleted the record, 404 ("That <what> was
 * not found.") when there was none; `inUse` adds the 409 a delete may answer.
 */
export function principalDeleteRoute(
  app: FastifyInstance,
  route: {
    path: string;
    what: string;
    summary: string;
    inUse?: boolean;
    remove: (id: number) => Promise<boolean>;
  },
): void {
  principalDeleteRouteWith(app, {
    ...route,
    path: `${route.path}/:id`,
    params: IdParamSchema,
    remove: ({ id }) => route.remove(id),
  });
}

/** principalDeleteRoute for a record named by other path parameters (`path` says them, `params` checks them). */
export function principalDeleteRouteWith<Params extends z.ZodType>(
  app: FastifyInstance,
  route: {
    path: string;
    params: Params;
    what: string;
    summary: string;
    inUse?: boolean;
    remove: (params: z.infer<Params>) => Promise<boolean>;
  },
): void {
  app.withTypeProvider<ZodTypeProvider>().delete(
    route.path,
    {
      onRequest: app.requireTypes(USER_TYPE.principal),
      schema: {
        tags: SET_UP_TAGS,
        summary: route.summary,
        security: BEARER_AUTH,
        params: route.params,
        response: { 204: NO_CONTENT, ...CHECKED, ...(route.inUse && { 409: ErrorBodySchema }) },
      },
    },
    async (request, reply) => {
      if (!(await route.remove(request.params as z.infer<Params>))) throw notFound(`That ${route.what}`);
      return reply.code(204).send(null);
    },
  );
}

/**
 * What a school route function starts with: the zod-typed router and the two type guards the
 * school calls use besides `app.requireSchoolUser`.
 */
export function schoolRouting(app: FastifyInstance) {
  return {
    api: app.withTypeProvider<ZodTypeProvider>(),
    /** Teachers and the principal. */
    staff: app.requireTypes(USER_TYPE.teacher, USER_TYPE.principal),
    principal: app.requireTypes(USER_TYPE.principal),
  };
}
