import type { FastifyInstance } from 'fastify';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import {
  ClassesAnswerSchema,
  IdParamSchema,
  SubjectsAnswerSchema,
  TimeSlotsAnswerSchema,
} from '../../../shared/api/school.js';
import {
  ClassBodySchema,
  NamedAnswerSchema,
  SubjectBodySchema,
  TimeSlotAdminAnswerSchema,
  TimeSlotBodySchema,
} from '../../../shared/api/school-admin.js';
import { notFound } from '../../lib/errors.js';
import {
  CHECKED,
  DENIED,
  principalDeleteRoute,
  SET_UP_TAGS,
  schoolRouting,
  SCHOOL_TAGS as TAGS,
} from '../../lib/school-routes.js';
import { BEARER_AUTH } from '../../plugins/auth.js';
import { listClasses, listSubjects, listTimeSlots } from './catalog.repository.js';
import { changeTimeSlot, createNamed, createTimeSlot, deleteFromCatalog, rename } from './catalog.service.js';

const NAME_TAKEN = { 409: ErrorBodySchema };

/** The school's lists: reading them (every school user) and setting them up (the principal). */
export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  listRoutes(app);
  for (const list of NAMED_LISTS) namedListRoutes(app, list);
  timeSlotRoutes(app);
}

/**
 * `GET classes`, `GET subject`, `GET time`: "any logged-in user" in docs/contract/api.md, read together with the
 * section's rule that types without a dashboard get 403, so: Student, Teacher and Principle.
 */
function listRoutes(app: FastifyInstance): void {
  const { api } = schoolRouting(app);
  const everyRow = <A>(summary: string, answer: A) => ({
    onRequest: app.requireSchoolUser,
    schema: { tags: TAGS, summary, security: BEARER_AUTH, response: { 200: answer, ...DENIED } },
  });

  api.get('/classes', everyRow('Every class (id, name)', ClassesAnswerSchema), async () => ({
    result: (await listClasses(app.db)).map((c) => ({ id: c.id, classes: c.name })),
  }));

  api.get('/subject', everyRow('Every subject (id, sub_name)', SubjectsAnswerSchema), async () => ({
    data: (await listSubjects(app.db)).map((s) => ({ id: s.id, sub_name: s.name })),
  }));

  api.get(
    '/time',
    everyRow('Every time slot of the school day, in order (id, time)', TimeSlotsAnswerSchema),
    async () => ({ data: (await listTimeSlots(app.db)).map((t) => ({ id: t.id, time: t.label })) }),
  );
}

const NAMED_LISTS = [
  { path: '/admin/classes', what: 'class', body: ClassBodySchema, table: 'school_class' as const },
  { path: '/admin/subjects', what: 'subject', body: SubjectBodySchema, table: 'subject' as const },
];

/** Adding, renaming and deleting a class or a subject. */
function namedListRoutes(app: FastifyInstance, list: (typeof NAMED_LISTS)[number]): void {
  const { api, principal } = schoolRouting(app);
  api.post(
    list.path,
    {
      onRequest: principal,
      schema: {
        tags: SET_UP_TAGS,
        summary: `Add a ${list.what} (name unique, whatever its case: else 409 NAME_TAKEN)`,
        security: BEARER_AUTH,
        body: list.body,
        response: { 201: NamedAnswerSchema, ...CHECKED, ...NAME_TAKEN },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createNamed(app.db, list.table, request.body.name) }),
  );
  api.patch(
    `${list.path}/:id`,
    {
      onRequest: principal,
      schema: {
        tags: SET_UP_TAGS,
        summary: `Rename a ${list.what}`,
        security: BEARER_AUTH,
        params: IdParamSchema,
        body: list.body,
        response: { 200: NamedAnswerSchema, ...CHECKED, ...NAME_TAKEN },
      },
    },
    async (request) => {
      const row = await rename(app.db, list.table, request.params.id, request.body.name);
      if (!row) throw notFound(`That ${list.what}`);
      return { data: row };
    },
  );
  principalDeleteRoute(app, {
    path: list.path,
    what: list.what,
    summary: `Delete a ${list.what}; 409 IN_USE while anything refers to it`,
    inUse: true,
    remove: (id) => deleteFromCatalog(app.db, list.table, id),
  });
}

/** Adding, changing and deleting a time slot. */
function timeSlotRoutes(app: FastifyInstance): void {
  const { api, principal } = schoolRouting(app);
  api.post(
    '/admin/time-slots',
    {
      onRequest: principal,
      schema: {
        tags: SET_UP_TAGS,
        summary: 'Add a time slot (label unique, whatever its case; after the last one without a position)',
        security: BEARER_AUTH,
        body: TimeSlotBodySchema,
        response: { 201: TimeSlotAdminAnswerSchema, ...CHECKED, ...NAME_TAKEN },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createTimeSlot(app.db, request.body.label, request.body.position) }),
  );
  api.patch(
    '/admin/time-slots/:id',
    {
      onRequest: principal,
      schema: {
        tags: SET_UP_TAGS,
        summary: 'Change a time slot’s label (and position)',
        security: BEARER_AUTH,
        params: IdParamSchema,
        body: TimeSlotBodySchema,
        response: { 200: TimeSlotAdminAnswerSchema, ...CHECKED, ...NAME_TAKEN },
      },
    },
    async (request) => {
      const row = await changeTimeSlot(app.db, request.params.id, request.body.label, request.body.position);
      if (!row) throw notFound('That time slot');
      return { data: row };
    },
  );
  principalDeleteRoute(app, {
    path: '/admin/time-slots',
    what: 'time slot',
    summary: 'Delete a time slot; 409 IN_USE while lessons use it',
    inUse: true,
    remove: (id) => deleteFromCatalog(app.db, 'time_slot', id),
  });
}
