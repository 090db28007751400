import type { FastifyInstance } from 'fastify';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import {
  ClassProgressionInputSchema,
  ClassProgressionsAnswerSchema,
  PupilYearsAnswerSchema,
  RolloverInputSchema,
  RolloverPreviewAnswerSchema,
  RolloverQuerySchema,
  RolloverRunAnswerSchema,
  RolloverSettingsAnswerSchema,
  RolloverSettingsSchema,
} from '../../../shared/api/rollover.js';
import { IdParamSchema } from '../../../shared/api/school.js';
import { notFound } from '../../lib/errors.js';
import { CHECKED, DENIED, SCHOOL_TAGS, SET_UP_TAGS, schoolRouting } from '../../lib/school-routes.js';
import { nowIso } from '../../lib/time.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import { backupToFile } from '../backup/backup.js';
import { seesUnreleased } from '../marks/marks.repository.js';
import { daysOfRecords, findPupilOfRecords } from '../school/school.policy.js';
import { archivedAccessDays, pupilYears, setArchivedAccessDays } from './rollover.repository.js';
import { listProgressions, planRollover, runRollover, saveProgressions } from './rollover.service.js';

/**
 * The year rollover (docs/decisions/0091-the-year-rollover.md): the principal's class mapping,
 * preview and run, the archived accounts' setting, and a pupil's years for those who see the pupil.
 */

const CONFLICT = { 409: ErrorBodySchema };
const PREVIEW_DESCRIPTION =
  'The new year must exist and start after the current year ends (409 YEAR_NOT_NEXT); a class ' +
  'with pupils and no next class is a 409 CLASS_NOT_MAPPED naming it; a rollover already made ' +
  'from the current year or into that year a 409 ALREADY_ROLLED_OVER.';

export async function rolloverRoutes(app: FastifyInstance): Promise<void> {
  const { api, principal } = schoolRouting(app);

  api.get(
    '/admin/rollover/classes',
    {
      onRequest: principal,
      schema: {
        tags: SET_UP_TAGS,
        summary: 'Every class with the class its pupils move up to at the end of the year',
        description: '`leaves`: its pupils leave the school; `mapped` false: not said yet.',
        security: BEARER_AUTH,
        response: { 200: ClassProgressionsAnswerSchema, ...DENIED },
      },
    },
    async () => ({ data: await listProgressions(app.db) }),
  );

  api.put(
    '/admin/rollover/classes',
    {
      onRequest: principal,
      schema: {
        tags: SET_UP_TAGS,
        summary: 'Set where each class’s pupils go (`nextClassId` null: they leave)',
        description: 'Replaces the whole mapping; a class left out is not mapped.',
        security: BEARER_AUTH,
        body: ClassProgressionInputSchema,
        response: { 200: ClassProgressionsAnswerSchema, 400: ErrorBodySchema, ...DENIED },
      },
    },
    async (request) => ({ data: await saveProgressions(app.db, request.body) }),
  );

  api.get(
    '/admin/rollover/preview',
    {
      onRequest: principal,
      schema: {
        tags: SET_UP_TAGS,
        summary: 'What a rollover into the given school year would do',
        description: PREVIEW_DESCRIPTION,
        security: BEARER_AUTH,
        querystring: RolloverQuerySchema,
        response: { 200: RolloverPreviewAnswerSchema, ...CHECKED, ...CONFLICT },
      },
    },
    async (request) => ({ data: (await planRollover(app.db, request.query.toYearId)).summary }),
  );

  api.post(
    '/admin/rollover/preview',
    {
      onRequest: principal,
      schema: {
        tags: SET_UP_TAGS,
        summary: 'What a rollover into the given school year would do (the same as the GET)',
        description: PREVIEW_DESCRIPTION,
        security: BEARER_AUTH,
        body: RolloverInputSchema,
        response: { 200: RolloverPreviewAnswerSchema, ...CHECKED, ...CONFLICT },
      },
    },
    async (request) => ({ data: (await planRollover(app.db, request.body.toYearId)).summary }),
  );

  api.post(
    '/admin/rollover',
    {
      onRequest: principal,
      schema: {
        tags: SET_UP_TAGS,
        summary: 'Move the school into the given school year, once',
        description: `Writes a backup under DATA_DIR/backups first, then in one transaction does what the preview says. ${PREVIEW_DESCRIPTION}`,
        security: BEARER_AUTH,
        body: RolloverInputSchema,
        response: { 201: RolloverRunAnswerSchema, ...CHECKED, ...CONFLICT },
      },
    },
    async (request, reply) => {
      const backup = async () => {
        const { file } = await backupToFile(
          { database: app.config.database, files: app.files, passphrase: app.config.backup.passphrase },
          { dir: app.config.backup.dir },
        );
        return file.split(/[\\/]/).at(-1) as string;
      };
      const data = await runRollover(
        app.db,
        currentUser(request).id,
        request.body.toYearId,
        backup,
        nowIso(),
      );
      return reply.code(201).send({ data });
    },
  );

  api.get(
    '/admin/rollover/settings',
    {
      onRequest: principal,
      schema: {
        tags: SET_UP_TAGS,
        summary: 'How long archived accounts can still sign in and read',
        security: BEARER_AUTH,
        response: { 200: RolloverSettingsAnswerSchema, ...DENIED },
      },
    },
    async () => ({ data: { archivedAccessDays: await archivedAccessDays(app.db) } }),
  );

  api.put(
    '/admin/rollover/settings',
    {
      onRequest: principal,
      schema: {
        tags: SET_UP_TAGS,
        summary: 'Set how long archived accounts can still sign in and read (days after archiving)',
        security: BEARER_AUTH,
        body: RolloverSettingsSchema,
        response: { 200: RolloverSettingsAnswerSchema, 400: ErrorBodySchema, ...DENIED },
      },
    },
    async (request) => {
      await setArchivedAccessDays(app.db, request.body.archivedAccessDays);
      return { data: { archivedAccessDays: await archivedAccessDays(app.db) } };
    },
  );

  api.get(
    '/pupils/:id/years',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: SCHOOL_TAGS,
        summary:
          'The school years a pupil was at the school, with their class, attendance, fees and each term’s marks',
        description:
          'For the pupil, their guardians, their current teachers and the principal, and for a teacher ' +
          'who taught the pupil in a class they have left, the years they taught them in; the latest year first. ' +
          'Each term’s `marks` is the pupil’s mark sheet of that term (subjects’ term marks, total, ' +
          'percentage, division), of released exams only for the pupil and guardians; null without marks.',
        security: BEARER_AUTH,
        params: IdParamSchema,
        response: { 200: PupilYearsAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      // A teacher who taught the pupil in a class they have left: the years they taught them in.
      const pupil = await findPupilOfRecords(app.db, currentUser(request), request.params.id);
      if (!pupil) throw notFound('That pupil');
      const viewer = currentUser(request);
      const years = await pupilYears(app.db, pupil.id, { releasedOnly: !seesUnreleased(viewer) });
      // A former teacher reads the years, and within them the terms, they taught the pupil in.
      return {
        data: daysOfRecords(pupil, years).map((year) => ({
          ...year,
          terms: daysOfRecords(pupil, year.terms),
        })),
      };
    },
  );
}
