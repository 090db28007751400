import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COMMON_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import { ChildrenFieldSchema, StatusChangeWithLinksSchema } from '../../../shared/api/family.js';
import {
  USER_LANGUAGE_MESSAGES,
  UserLanguageAnswerSchema,
  UserLanguageBodySchema,
} from '../../../shared/api/user-language.js';
import {
  ProfileUpdateObjectSchema,
  RegisteredUserAnswerSchema,
  RegistrationFieldsSchema,
  requirePasswordPair,
  SECOND_PRINCIPAL,
  TeacherOptionSchema,
  UserForReviewSchema,
  UserIdParamsSchema,
  UserListQuerySchema,
  UserSchema,
  UserWithStatusSchema,
} from '../../../shared/api/users.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { HttpError, invalid, notFound } from '../../lib/errors.js';
import { requestLocale } from '../../lib/i18n.js';
import { CHECKED, DENIED } from '../../lib/school-routes.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import { imageForm, picturesOf, uploadedImagesSchema } from '../../plugins/uploads.js';
import { reviewChildrenOf } from '../family/family.repository.js';
import { schoolLanguages, userLocale } from '../settings/settings.repository.js';
import { toUserForReview } from './users.mapper.js';
import { maySeeStudent } from './users.policy.js';
import { listActiveTeachers, listUsers, photosOfUsers } from './users.repository.js';
import {
  changeStatus,
  loadStudent,
  loadUser,
  registerUser,
  removeUser,
  updateProfile,
} from './users.service.js';

/**
 * Registration form: the shared fields plus the pictures, checked by content (plugins/uploads.ts),
 * and for a Parent the children they name (docs/decisions/0021-families.md).
 */
const RegistrationBodySchema = RegistrationFieldsSchema.extend({
  images: uploadedImagesSchema(),
  children: ChildrenFieldSchema.optional(),
});
const ProfileBodySchema = requirePasswordPair(
  ProfileUpdateObjectSchema.extend({ images: uploadedImagesSchema().optional() }),
);

/** Registrations per client address and hour (counted in the database: plugins/rate-limit-store.ts). */
export const REGISTRATION_RATE_LIMIT = { max: 10, timeWindow: '1 hour' } as const;

const NoContent = z.null().describe('No content');
const TAGS = ['Accounts'];

/**
 * The account calls of docs/contract/api.md#tag-accounts besides login and logout
 * (features/auth/auth.routes.ts).
 */
export async function usersRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/users',
    {
      config: {
        rateLimit: {
          ...REGISTRATION_RATE_LIMIT,
          errorResponseBuilder: (_request, context) =>
            new HttpError(
              429,
              COMMON_ERROR_CODES.tooManyRequests,
              `Too many registrations from this address. Please try again in ${context.after}.`,
            ),
        },
      },
      ...imageForm(),
      schema: {
        tags: TAGS,
        summary: 'Register (the account waits for the principal’s approval)',
        description:
          'Multipart form. Every field but social_link and children is required; `images`: 1 to 10 ' +
          'pictures of at most 5 MB each, recognised by their content and stored as WebP without ' +
          'metadata. `children` (a Parent only): a JSON array of { name, dob }, the children the ' +
          'principal may link when approving. Nothing is stored when anything is refused.',
        consumes: ['multipart/form-data'],
        body: RegistrationBodySchema,
        response: {
          201: RegisteredUserAnswerSchema,
          400: ErrorBodySchema,
          409: ErrorBodySchema,
          413: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { images, children, ...fields } = request.body;
      const data = await registerUser(app.db, app.files, fields, picturesOf(images), children);
      return reply.code(201).send({ data });
    },
  );

  api.get(
    '/users/profile',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'The logged-in user’s own profile',
        security: BEARER_AUTH,
        response: { 200: z.object({ results: UserSchema }), 401: ErrorBodySchema },
      },
    },
    async (request) => {
      const user = await loadUser(app.db, currentUser(request).id);
      if (!user) throw notFound('Your account');
      return { results: user };
    },
  );

  api.put(
    '/users/profile',
    {
      onRequest: app.authenticate,
      ...imageForm(),
      schema: {
        tags: TAGS,
        summary: 'Update one’s own profile, photos or password',
        description:
          'JSON or multipart. Every field is optional; a field that is sent replaces the stored ' +
          'value (social_link "" clears it); type and status cannot be changed here. `images`, when ' +
          'sent, replace all photos. To change the password send currentPassword and newPassword; ' +
          'every other session of the user then ends.',
        security: BEARER_AUTH,
        consumes: ['application/json', 'multipart/form-data'],
        body: ProfileBodySchema,
        response: {
          200: z.object({ results: UserSchema }),
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          409: ErrorBodySchema,
          413: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const { images, ...fields } = request.body;
      const results = await updateProfile(
        app.db,
        app.files,
        currentUser(request),
        fields,
        images ? picturesOf(images) : undefined,
        request.ip,
      );
      return { results };
    },
  );

  api.put(
    '/users/language',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Choose the language of one’s school area, mails and documents',
        description:
          '`language`: one of the languages the school offers (`GET settings`: `languages`), or null ' +
          'for the school’s default. Answers the choice and the language it gives.',
        security: BEARER_AUTH,
        body: UserLanguageBodySchema,
        response: {
          200: UserLanguageAnswerSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const { id } = currentUser(request);
      const { language } = request.body;
      if (language !== null && !(await schoolLanguages(app.db)).languages.includes(language)) {
        throw invalid(`language: ${USER_LANGUAGE_MESSAGES.notOffered}`, [
          { field: 'language', message: USER_LANGUAGE_MESSAGES.notOffered },
        ]);
      }
      await app.db.updateTable('app_user').set({ language }).where('id', '=', id).execute();
      return { data: { language, locale: await userLocale(app.db, id) } };
    },
  );

  api.get(
    '/users/student/:id',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'A pupil’s profile (the principal, the pupil’s teachers, the pupil, their guardians)',
        security: BEARER_AUTH,
        params: UserIdParamsSchema,
        response: {
          200: z.object({ results: UserSchema }),
          ...CHECKED,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const student = (await maySeeStudent(app.db, currentUser(request), id))
        ? await loadStudent(app.db, id)
        : undefined;
      if (!student) throw notFound('That pupil');
      return { results: student };
    },
  );

  api.get(
    '/users/teacher',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'The active teachers, by name',
        security: BEARER_AUTH,
        response: {
          200: z.object({ results: z.array(TeacherOptionSchema) }),
          ...DENIED,
        },
      },
    },
    async (request) => ({ results: await listActiveTeachers(app.db, await requestLocale(request)) }),
  );

  api.get(
    '/users',
    {
      onRequest: app.requireTypes(USER_TYPE.principal),
      schema: {
        tags: TAGS,
        summary: 'Accounts by status and type, for the principal (e.g. ?status=pending)',
        security: BEARER_AUTH,
        querystring: UserListQuerySchema,
        response: {
          200: z.object({ data: z.array(UserForReviewSchema) }),
          400: ErrorBodySchema,
          ...DENIED,
        },
      },
    },
    async (request) => {
      const rows = await listUsers(app.db, request.query);
      const ids = rows.map((r) => r.id);
      const photos = await photosOfUsers(app.db, ids);
      const children = await reviewChildrenOf(
        app.db,
        rows.filter((r) => r.type === USER_TYPE.parent).map((r) => r.id),
        await requestLocale(request),
      );
      return {
        data: rows.map((row) => toUserForReview(row, photos.get(row.id) ?? [], children.get(row.id) ?? [])),
      };
    },
  );

  api.patch(
    '/users/:id/status',
    {
      onRequest: app.requireTypes(USER_TYPE.principal),
      schema: {
        tags: TAGS,
        summary: 'Approve (active) or reject an account; rejecting ends its sessions',
        description:
          'Approving a Parent may carry `links`: the pupils to link them to, made in the same ' +
          'transaction (400 when an id is not a Student; `links` on another type or with a ' +
          'rejection is a 400). When the status changes, the account holder is mailed (approved: ' +
          'a link to log in, a Parent’s linked children; rejected: how to reach the school); ' +
          'setting the status the account has already mails nothing. Approving a Principle makes a ' +
          'second principal: it needs `password`, the approving principal’s own (403 ' +
          `${SECOND_PRINCIPAL.codes.passwordRequired} without it, ${SECOND_PRINCIPAL.codes.wrongPassword} ` +
          'when wrong; a wrong one counts as a failed log-in).',
        security: BEARER_AUTH,
        params: UserIdParamsSchema,
        body: StatusChangeWithLinksSchema,
        response: {
          200: z.object({ data: UserWithStatusSchema }),
          ...CHECKED,
          409: ErrorBodySchema,
        },
      },
    },
    async (request) => ({
      data: await changeStatus(
        app.db,
        app.config.mail,
        currentUser(request),
        request.params.id,
        request.body.status,
        request.body.links,
        { password: request.body.password, address: request.ip },
      ),
    }),
  );

  api.delete(
    '/users/:id',
    {
      onRequest: app.requireTypes(USER_TYPE.principal),
      schema: {
        tags: TAGS,
        summary: 'Delete an account (not one’s own), its sessions and photos',
        security: BEARER_AUTH,
        params: UserIdParamsSchema,
        response: {
          204: NoContent,
          ...CHECKED,
          409: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      await removeUser(app.db, app.files, currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
