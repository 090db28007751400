import type { FastifyInstance } from 'fastify';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import {
  ErasureInputSchema,
  LeaversAnswerSchema,
  RETENTION_MESSAGES,
  RetentionInputSchema,
  RetentionRunAnswerSchema,
  RetentionRunsAnswerSchema,
  RetentionSettingsAnswerSchema,
} from '../../../shared/api/retention.js';
import {
  belowMinimum,
  longestPeriod,
  RETENTION_KINDS,
  RETENTION_RULES,
  type RetentionPeriods,
} from '../../../shared/rules/retention.js';
import { invalid } from '../../lib/errors.js';
import { CHECKED, DENIED, SET_UP_TAGS, schoolRouting } from '../../lib/school-routes.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import {
  erasedStudentIds,
  findLeavers,
  listRuns,
  retentionPeriods,
  saveRetentionPeriods,
} from './retention.repository.js';
import { eraseLeaver, type RetentionDeps } from './retention.service.js';
import { RetentionJob } from './retention-job.js';

/**
 * Retention and erasure (docs/decisions/0110-retention-and-erasure.md): the principal's periods,
 * the runs, the leavers and the erasure of one; and the nightly job, once across processes.
 */

const settingsOf = (periods: RetentionPeriods) => ({
  periods: RETENTION_KINDS.map((kind) => ({
    kind,
    months: periods[kind],
    defaultMonths: RETENTION_RULES[kind].defaultMonths,
    minimumMonths: RETENTION_RULES[kind].minimumMonths,
    what: RETENTION_RULES[kind].what,
    reason: RETENTION_RULES[kind].reason,
  })),
  longestMonths: longestPeriod(periods),
});

export async function retentionRoutes(app: FastifyInstance): Promise<void> {
  const { api, principal } = schoolRouting(app);
  const deps: RetentionDeps = { db: app.db, files: app.files, backupDir: app.config.backup.dir };

  const job = new RetentionJob(deps, app.log);
  app.addHook('onReady', async () => job.start());
  app.addHook('onClose', async () => job.stop());

  api.get(
    '/admin/retention',
    {
      onRequest: principal,
      schema: {
        tags: SET_UP_TAGS,
        summary: 'How long each kind of a leaver’s records is kept, with the law it follows',
        description: '`months` after the child leaves; `minimumMonths` is the law’s floor (0: none).',
        security: BEARER_AUTH,
        response: { 200: RetentionSettingsAnswerSchema, ...DENIED },
      },
    },
    async () => ({ data: settingsOf(await retentionPeriods(app.db)) }),
  );

  api.put(
    '/admin/retention',
    {
      onRequest: principal,
      schema: {
        tags: SET_UP_TAGS,
        summary: 'Set how long kinds of a leaver’s records are kept (months after leaving)',
        description: 'A kind left out keeps its period; a period under the law’s minimum is a 400 naming it.',
        security: BEARER_AUTH,
        body: RetentionInputSchema,
        response: { 200: RetentionSettingsAnswerSchema, 400: ErrorBodySchema, ...DENIED },
      },
    },
    async (request) => {
      const periods = { ...(await retentionPeriods(app.db)) };
      for (const kind of RETENTION_KINDS) {
        const months = request.body.periods[kind];
        if (months !== undefined) periods[kind] = months;
      }
      const low = belowMinimum(periods);
      const [first] = low;
      if (first) {
        throw invalid(
          RETENTION_MESSAGES.belowMinimum(first.kind, first.minimumMonths),
          low.map(({ kind, minimumMonths }) => ({
            field: `periods.${kind}`,
            message: RETENTION_MESSAGES.belowMinimum(kind, minimumMonths),
          })),
        );
      }
      await saveRetentionPeriods(app.db, periods);
      return { data: settingsOf(periods) };
    },
  );

  api.get(
    '/admin/retention/runs',
    {
      onRequest: principal,
      schema: {
        tags: SET_UP_TAGS,
        summary: 'The latest retention runs and erasures, with what each removed',
        security: BEARER_AUTH,
        response: { 200: RetentionRunsAnswerSchema, ...DENIED },
      },
    },
    async () => ({ data: await listRuns(app.db) }),
  );

  api.get(
    '/admin/retention/leavers',
    {
      onRequest: principal,
      schema: {
        tags: SET_UP_TAGS,
        summary: 'The pupils who have left, when, and whether their records were erased',
        security: BEARER_AUTH,
        response: { 200: LeaversAnswerSchema, ...DENIED },
      },
    },
    async () => {
      const erased = await erasedStudentIds(app.db);
      return {
        data: (await findLeavers(app.db)).map((leaver) => ({ ...leaver, erased: erased.has(leaver.id) })),
      };
    },
  );

  api.post(
    '/admin/retention/erasures',
    {
      onRequest: principal,
      schema: {
        tags: SET_UP_TAGS,
        summary: 'Erase a leaver’s records now, keeping only the fees, anonymised',
        description:
          'Carried out at once and recorded with who asked (`requestedBy`) and who carried it out. ' +
          'A pupil still at the school is a 409 STILL_ENROLLED; an unknown pupil a 404.',
        security: BEARER_AUTH,
        body: ErasureInputSchema,
        response: { 201: RetentionRunAnswerSchema, ...CHECKED, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const data = await eraseLeaver(
        deps,
        {
          studentId: request.body.studentId,
          requestedBy: request.body.requestedBy,
          ranBy: { id: user.id, name: user.name },
        },
        new Date(),
      );
      return reply.code(201).send({ data });
    },
  );
}
