import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import { IdParamSchema } from '../../../shared/api/school.js';
import {
  ClassBodySchema,
  CreatedIdAnswerSchema,
  CreateExamBodySchema,
  EnrolBodySchema,
  EnrolmentAnswerSchema,
  ExamAnswerSchema,
  MarkEntryAnswerSchema,
  MarkHistoryAnswerSchema,
  MarkSubjectsAnswerSchema,
  MarkSubjectsQuerySchema,
  MarksQuerySchema,
  NamedAnswerSchema,
  PUPIL_IMPORT_LIMITS,
  PupilImportAnswerSchema,
  PupilImportQuerySchema,
  PupilsAnswerSchema,
  PupilsQuerySchema,
  SavedMarksAnswerSchema,
  SaveMarksBodySchema,
  SendNotificationBodySchema,
  StudentIdParamSchema,
  SubjectBodySchema,
  TimeSlotAdminAnswerSchema,
  TimeSlotBodySchema,
} from '../../../shared/api/school-admin.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { HttpError, invalid, notFound } from '../../lib/errors.js';
import { isoDate, nowIso } from '../../lib/time.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import { importPupils } from './import.service.js';
import { markableSubjects, markEntryList, markHistory, saveMarks } from './marks.service.js';
import { markNotificationRead, sendNotification } from './notifications.service.js';
import {
  createClass,
  createExam,
  createSubject,
  createTimeSlot,
  deleteAssignment,
  deleteExam,
  deleteLookup,
  enrol,
  listPupils,
  renameClass,
  renameSubject,
  updateTimeSlot,
} from './setup.service.js';

const TAGS = ['School'];
const ADMIN_TAGS = ['School set-up'];
const DENIED = { 401: ErrorBodySchema, 403: ErrorBodySchema };
const CHECKED = { 400: ErrorBodySchema, ...DENIED, 404: ErrorBodySchema };
const NO_CONTENT = z.null().describe('No content');

/** "Today" as the other school calls have it: the server's calendar date in UTC. */
const today = () => isoDate(new Date());

/** Issue #7: marks entry, sending and reading notifications, and the principal's school set-up. */
export async function schoolAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const staff = app.requireTypes(USER_TYPE.teacher, USER_TYPE.principal);
  const principal = app.requireTypes(USER_TYPE.principal);

  // ---------------------------------------------------------------- marks

  api.get(
    '/marks',
    {
      onRequest: staff,
      schema: {
        tags: TAGS,
        summary: 'A class’s current pupils with their marks in a subject (null where none is saved)',
        description: 'A teacher: only a subject they teach in that class (else 404). The principal: any.',
        security: BEARER_AUTH,
        querystring: MarksQuerySchema,
        response: { 200: MarkEntryAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      const { classId, subjectId } = request.query;
      const rows = await markEntryList(app.db, currentUser(request), classId, subjectId);
      if (!rows) throw notFound('That class or subject');
      return { data: rows };
    },
  );

  api.put(
    '/marks',
    {
      onRequest: staff,
      schema: {
        tags: TAGS,
        summary: 'Save marks (0-100): all rows or none; every change is kept in the history',
        description:
          'Every studentId must be a current pupil whose class the caller teaches that subject in (any ' +
          'pupil in a class for the principal), else 404 with details naming the rows, and nothing is saved.',
        security: BEARER_AUTH,
        body: SaveMarksBodySchema,
        response: { 200: SavedMarksAnswerSchema, ...CHECKED },
      },
    },
    async (request) => ({ data: await saveMarks(app.db, currentUser(request), request.body, nowIso()) }),
  );

  api.get(
    '/marks/subjects',
    {
      onRequest: staff,
      schema: {
        tags: TAGS,
        summary: 'The subjects the caller may enter marks of in a class, by name',
        description:
          'A teacher: the subjects they teach in that class (none for another class). The principal: all.',
        security: BEARER_AUTH,
        querystring: MarkSubjectsQuerySchema,
        response: { 200: MarkSubjectsAnswerSchema, ...CHECKED },
      },
    },
    async (request) => ({
      data: await markableSubjects(app.db, currentUser(request), request.query.classId),
    }),
  );

  api.get(
    '/marks/history/:studentId',
    {
      onRequest: principal,
      schema: {
        tags: TAGS,
        summary: 'A pupil’s mark changes, newest first',
        security: BEARER_AUTH,
        params: StudentIdParamSchema,
        response: { 200: MarkHistoryAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      const rows = await markHistory(app.db, request.params.studentId);
      if (!rows) throw notFound('That pupil');
      return { data: rows };
    },
  );

  // ---------------------------------------------------------------- notifications

  api.post(
    '/notification',
    {
      onRequest: staff,
      schema: {
        tags: TAGS,
        summary: 'Send a notification to a class, a pupil or everyone',
        description:
          'Exactly one of classId, studentId, everyone. A teacher: a class they teach or a pupil of one ' +
          '(else 404); everyone only for the principal (403).',
        security: BEARER_AUTH,
        body: SendNotificationBodySchema,
        response: { 201: CreatedIdAnswerSchema, ...CHECKED },
      },
    },
    async (request, reply) => {
      const id = await sendNotification(app.db, currentUser(request), request.body, nowIso());
      return reply.code(201).send({ data: { id } });
    },
  );

  api.post(
    '/notification/:id/read',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'Mark a notification read for the caller',
        security: BEARER_AUTH,
        params: IdParamSchema,
        response: { 204: NO_CONTENT, ...CHECKED },
      },
    },
    async (request, reply) => {
      if (!(await markNotificationRead(app.db, currentUser(request), request.params.id, nowIso())))
        throw notFound('That notification');
      return reply.code(204).send(null);
    },
  );

  // ---------------------------------------------------------------- school set-up (principal)

  const nameTaken = { 409: ErrorBodySchema };
  const lookups = [
    {
      path: '/admin/classes',
      what: 'class',
      body: ClassBodySchema,
      answer: NamedAnswerSchema,
      create: (b: { name: string }) => createClass(app.db, b.name),
      update: (id: number, b: { name: string }) => renameClass(app.db, id, b.name),
      table: 'school_class' as const,
    },
    {
      path: '/admin/subjects',
      what: 'subject',
      body: SubjectBodySchema,
      answer: NamedAnswerSchema,
      create: (b: { name: string }) => createSubject(app.db, b.name),
      update: (id: number, b: { name: string }) => renameSubject(app.db, id, b.name),
      table: 'subject' as const,
    },
  ];
  for (const lookup of lookups) {
    api.post(
      lookup.path,
      {
        onRequest: principal,
        schema: {
          tags: ADMIN_TAGS,
          summary: `Add a ${lookup.what} (name unique, whatever its case: else 409 NAME_TAKEN)`,
          security: BEARER_AUTH,
          body: lookup.body,
          response: { 201: lookup.answer, ...CHECKED, ...nameTaken },
        },
      },
      async (request, reply) => reply.code(201).send({ data: await lookup.create(request.body) }),
    );
    api.patch(
      `${lookup.path}/:id`,
      {
        onRequest: principal,
        schema: {
          tags: ADMIN_TAGS,
          summary: `Rename a ${lookup.what}`,
          security: BEARER_AUTH,
          params: IdParamSchema,
          body: lookup.body,
          response: { 200: lookup.answer, ...CHECKED, ...nameTaken },
        },
      },
      async (request) => {
        const row = await lookup.update(request.params.id, request.body);
        if (!row) throw notFound(`That ${lookup.what}`);
        return { data: row };
      },
    );
    api.delete(
      `${lookup.path}/:id`,
      {
        onRequest: principal,
        schema: {
          tags: ADMIN_TAGS,
          summary: `Delete a ${lookup.what}; 409 IN_USE while anything refers to it`,
          security: BEARER_AUTH,
          params: IdParamSchema,
          response: { 204: NO_CONTENT, ...CHECKED, 409: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        if (!(await deleteLookup(app.db, lookup.table, request.params.id)))
          throw notFound(`That ${lookup.what}`);
        return reply.code(204).send(null);
      },
    );
  }

  api.post(
    '/admin/time-slots',
    {
      onRequest: principal,
      schema: {
        tags: ADMIN_TAGS,
        summary: 'Add a time slot (label unique, whatever its case; after the last one without a position)',
        security: BEARER_AUTH,
        body: TimeSlotBodySchema,
        response: { 201: TimeSlotAdminAnswerSchema, ...CHECKED, ...nameTaken },
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
        tags: ADMIN_TAGS,
        summary: 'Change a time slot’s label (and position)',
        security: BEARER_AUTH,
        params: IdParamSchema,
        body: TimeSlotBodySchema,
        response: { 200: TimeSlotAdminAnswerSchema, ...CHECKED, ...nameTaken },
      },
    },
    async (request) => {
      const row = await updateTimeSlot(app.db, request.params.id, request.body.label, request.body.position);
      if (!row) throw notFound('That time slot');
      return { data: row };
    },
  );
  api.delete(
    '/admin/time-slots/:id',
    {
      onRequest: principal,
      schema: {
        tags: ADMIN_TAGS,
        summary: 'Delete a time slot; 409 IN_USE while lessons use it',
        security: BEARER_AUTH,
        params: IdParamSchema,
        response: { 204: NO_CONTENT, ...CHECKED, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      if (!(await deleteLookup(app.db, 'time_slot', request.params.id))) throw notFound('That time slot');
      return reply.code(204).send(null);
    },
  );

  api.post(
    '/enrolments',
    {
      onRequest: principal,
      schema: {
        tags: ADMIN_TAGS,
        summary: 'Put a pupil in a class (one class at a time; a move keeps the history)',
        description:
          'The pupil must be an active Student (404 for no such pupil, 400 when not active). Enrolling ' +
          'into the current class changes nothing.',
        security: BEARER_AUTH,
        body: EnrolBodySchema,
        response: { 200: EnrolmentAnswerSchema, ...CHECKED },
      },
    },
    async (request) => ({ data: await enrol(app.db, request.body.studentId, request.body.classId, today()) }),
  );

  api.delete(
    '/admin/assignments/:id',
    {
      onRequest: principal,
      schema: {
        tags: ADMIN_TAGS,
        summary: 'Delete a class assignment (a lesson of the timetable) with its days',
        security: BEARER_AUTH,
        params: IdParamSchema,
        response: { 204: NO_CONTENT, ...CHECKED },
      },
    },
    async (request, reply) => {
      if (!(await deleteAssignment(app.db, request.params.id))) throw notFound('That assignment');
      return reply.code(204).send(null);
    },
  );

  api.post(
    '/exams',
    {
      onRequest: principal,
      schema: {
        tags: ADMIN_TAGS,
        summary: 'Schedule an exam for a class and subject (date not in the past)',
        security: BEARER_AUTH,
        body: CreateExamBodySchema,
        response: { 201: ExamAnswerSchema, ...CHECKED },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createExam(app.db, request.body, today(), nowIso()) }),
  );

  api.delete(
    '/admin/exams/:id',
    {
      onRequest: principal,
      schema: {
        tags: ADMIN_TAGS,
        summary: 'Delete an exam',
        security: BEARER_AUTH,
        params: IdParamSchema,
        response: { 204: NO_CONTENT, ...CHECKED },
      },
    },
    async (request, reply) => {
      if (!(await deleteExam(app.db, request.params.id))) throw notFound('That exam');
      return reply.code(204).send(null);
    },
  );

  api.get(
    '/admin/pupils',
    {
      onRequest: principal,
      schema: {
        tags: ADMIN_TAGS,
        summary: 'Pupils with their current class (filters: status, classId, unenrolled=true|false)',
        security: BEARER_AUTH,
        querystring: PupilsQuerySchema,
        response: { 200: PupilsAnswerSchema, ...CHECKED },
      },
    },
    async (request) => ({ data: await listPupils(app.db, request.query) }),
  );

  api.post(
    '/admin/import/pupils',
    {
      onRequest: principal,
      schema: {
        tags: ADMIN_TAGS,
        summary: 'Import pupils from a CSV file: a preview (commit=false), or save all rows or none',
        description:
          `Multipart \`${PUPIL_IMPORT_LIMITS.field}\`: a CSV (UTF-8, at most ${PUPIL_IMPORT_LIMITS.maxRows} rows and ` +
          `${PUPIL_IMPORT_LIMITS.maxBytes / 1024 / 1024} MB) whose first line names the columns name, email, class, ` +
          'gender, dob, contact, address. The preview answers every row with its problems and saves nothing. ' +
          'commit=true: 400 (IMPORT_INVALID, details per row) when any row has a problem; else every pupil ' +
          'becomes an active Student in their class, and the answer shows each initial password once.',
        security: BEARER_AUTH,
        consumes: ['multipart/form-data'],
        querystring: PupilImportQuerySchema,
        response: { 200: PupilImportAnswerSchema, ...CHECKED, 409: ErrorBodySchema, 413: ErrorBodySchema },
      },
    },
    async (request) => {
      const chooseFile = () =>
        invalid('Choose a CSV file to import.', [
          { field: PUPIL_IMPORT_LIMITS.field, message: 'choose a CSV file' },
        ]);
      if (!request.isMultipart()) throw chooseFile();
      let data: Buffer | undefined;
      try {
        const parts = request.parts({ limits: { fileSize: PUPIL_IMPORT_LIMITS.maxBytes, files: 1 } });
        for await (const part of parts) {
          if (part.type === 'file') {
            const bytes = await part.toBuffer();
            if (part.fieldname === PUPIL_IMPORT_LIMITS.field && data === undefined) data = bytes;
          }
        }
      } catch (error) {
        const code = (error as { code?: unknown } | null)?.code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new HttpError(413, 'FILE_TOO_LARGE', 'The file is larger than 1 MB.', [
            { field: PUPIL_IMPORT_LIMITS.field, message: 'at most 1 MB' },
          ]);
        }
        if (error instanceof HttpError) throw error;
        throw new HttpError(400, 'MALFORMED_FORM', 'The form data could not be read. Please send it again.');
      }
      if (!data || data.length === 0) throw chooseFile();
      return { data: await importPupils(app.db, data, request.query.commit, today(), nowIso()) };
    },
  );
}
