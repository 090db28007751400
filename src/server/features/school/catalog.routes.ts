import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import {
  ClassesAnswerSchema,
  SubjectsAnswerSchema,
  TimeSlotsAnswerSchema,
} from '../../../shared/api/school.js';
import { BEARER_AUTH } from '../../plugins/auth.js';
import { listClasses, listSubjects, listTimeSlots } from './catalog.repository.js';

const TAGS = ['School'];
const DENIED = { 401: ErrorBodySchema, 403: ErrorBodySchema };

/**
 * `GET classes`, `GET subject`, `GET time`: "any logged-in user" in docs/contract/api.md, read together with
 * the section's rule that types without a dashboard get 403, so: Student, Teacher and Principle.
 */
export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/classes',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'Every class (id, name)',
        security: BEARER_AUTH,
        response: { 200: ClassesAnswerSchema, ...DENIED },
      },
    },
    async () => ({ result: (await listClasses(app.db)).map((c) => ({ id: c.id, classes: c.name })) }),
  );

  api.get(
    '/subject',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'Every subject (id, sub_name)',
        security: BEARER_AUTH,
        response: { 200: SubjectsAnswerSchema, ...DENIED },
      },
    },
    async () => ({ data: (await listSubjects(app.db)).map((s) => ({ id: s.id, sub_name: s.name })) }),
  );

  api.get(
    '/time',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'Every time slot of the school day, in order (id, time)',
        security: BEARER_AUTH,
        response: { 200: TimeSlotsAnswerSchema, ...DENIED },
      },
    },
    async () => ({ data: (await listTimeSlots(app.db)).map((t) => ({ id: t.id, time: t.label })) }),
  );
}
