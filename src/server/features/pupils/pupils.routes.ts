import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COMMON_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import {
  EnrolBodySchema,
  EnrolmentAnswerSchema,
  PUPIL_IMPORT_LIMITS,
  PupilImportAnswerSchema,
  PupilImportQuerySchema,
  PupilsAnswerSchema,
  PupilsQuerySchema,
} from '../../../shared/api/school-admin.js';
import { HttpError, invalid } from '../../lib/errors.js';
import { requestLocale } from '../../lib/i18n.js';
import { CHECKED, schoolRouting, SET_UP_TAGS as TAGS } from '../../lib/school-routes.js';
import { nowIso } from '../../lib/time.js';
import { BEARER_AUTH } from '../../plugins/auth.js';
import { schoolToday } from '../settings/settings.repository.js';
import { enrol } from './enrolment.service.js';
import { importPupils } from './import.service.js';
import { listPupils } from './pupils.repository.js';

/** The principal's pupils: the list with their classes, enrolling one, importing many from a CSV. */
export async function pupilsRoutes(app: FastifyInstance): Promise<void> {
  enrolmentRoutes(app);
  importRoutes(app);
}

function enrolmentRoutes(app: FastifyInstance): void {
  const { api, principal } = schoolRouting(app);
  api.post(
    '/enrolments',
    {
      onRequest: principal,
      schema: {
        tags: TAGS,
        summary: 'Put a pupil in a class (one class at a time; a move keeps the history)',
        description:
          'The pupil must be an active Student (404 for no such pupil, 400 when not active). Enrolling ' +
          'into the current class changes nothing.',
        security: BEARER_AUTH,
        body: EnrolBodySchema,
        response: { 200: EnrolmentAnswerSchema, ...CHECKED },
      },
    },
    async (request) => ({
      data: await enrol(app.db, request.body.studentId, request.body.classId, await schoolToday(app.db)),
    }),
  );

  api.get(
    '/admin/pupils',
    {
      onRequest: principal,
      schema: {
        tags: TAGS,
        summary: 'Pupils with their current class (filters: status, classId, unenrolled=true|false)',
        security: BEARER_AUTH,
        querystring: PupilsQuerySchema,
        response: { 200: PupilsAnswerSchema, ...CHECKED },
      },
    },
    async (request) => ({ data: await listPupils(app.db, request.query, await requestLocale(request)) }),
  );
}

function importRoutes(app: FastifyInstance): void {
  const { api, principal } = schoolRouting(app);
  api.post(
    '/admin/import/pupils',
    {
      onRequest: principal,
      schema: {
        tags: TAGS,
        summary: 'Import pupils from a CSV file: a preview (commit=false), or save all rows or none',
        description:
          `Multipart \`${PUPIL_IMPORT_LIMITS.field}\`: a CSV (UTF-8, at most ${PUPIL_IMPORT_LIMITS.maxRows} rows and ` +
          `${PUPIL_IMPORT_LIMITS.maxBytes / 1024 / 1024} MB) whose first line names the columns name, email, class, ` +
          'gender, dob, contact, address, and optionally guardian_name, guardian_email, guardian_contact, ' +
          'guardian_relationship (Mother, Father, Guardian or Other). The preview answers every row with its ' +
          'problems and saves nothing. commit=true: 400 (IMPORT_INVALID, details per row) when any row has a ' +
          'problem; else every pupil becomes an active Student in their class, linked to the Parent account ' +
          'of guardian_email (made, active, when there is none), and the answer shows each initial password ' +
          '(guardianPassword for a parent account it made) once.',
        security: BEARER_AUTH,
        consumes: ['multipart/form-data'],
        querystring: PupilImportQuerySchema,
        response: { 200: PupilImportAnswerSchema, ...CHECKED, 409: ErrorBodySchema, 413: ErrorBodySchema },
      },
    },
    async (request) => {
      const data = await readCsvFile(request);
      return {
        data: await importPupils(
          app.db,
          data,
          request.query.commit,
          await schoolToday(app.db),
          nowIso(),
          await requestLocale(request),
        ),
      };
    },
  );
}

const chooseFile = () =>
  invalid('pupils.error.chooseFile', [
    { field: PUPIL_IMPORT_LIMITS.field, message: 'pupils.row.chooseFile' },
  ]);

/**
 * The bytes of the multipart file field of the import (the first one; other parts are read and
 * dropped): 400 when there is none or it is empty, 413 above the size limit.
 */
async function readCsvFile(request: FastifyRequest): Promise<Buffer> {
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
      throw new HttpError(413, COMMON_ERROR_CODES.fileTooLarge, 'pupils.error.fileTooLarge', [
        { field: PUPIL_IMPORT_LIMITS.field, message: 'pupils.row.atMost1MB' },
      ]);
    }
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, COMMON_ERROR_CODES.malformedForm, 'pupils.error.formUnreadable');
  }
  if (!data || data.length === 0) throw chooseFile();
  return data;
}
