import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import { HealthSchema, NOT_READY, ReadySchema } from '../../../shared/api/health.js';
import { MIGRATION_NAMES, pendingMigrations } from '../../db/migrate.js';
import { requestedLocale, translatorFor } from '../../lib/i18n.js';

/**
 * Two questions a load balancer or process manager asks (docs/decisions/0034-several-processes.md):
 * is the process alive (`/health`: restart it if not), and should it get traffic (`/ready`: leave it
 * out of the rotation while not). A process that drains or whose database is away is alive; taking
 * it out of the rotation is the answer, restarting it would not help.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/health',
    {
      schema: {
        tags: ['Operations'],
        summary:
          'Whether the server process answers (always 200; GET /api/ready says whether to send it traffic)',
        response: { 200: HealthSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  api.get(
    '/ready',
    {
      schema: {
        tags: ['Operations'],
        summary:
          'Whether to send this server traffic: its database answers and is migrated, and it is not shutting down',
        description:
          `503 with one code: ${NOT_READY.shuttingDown.code} (a graceful shutdown has begun), ` +
          `${NOT_READY.databaseUnavailable.code} (the database does not answer) or ` +
          `${NOT_READY.migrationsPending.code} (the database lacks migrations this server needs; ` +
          'another process may be applying them).',
        response: { 200: ReadySchema, 503: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      // During a graceful shutdown (plugins/drain.ts) load balancers must stop sending here.
      // In the visitor's language (Accept-Language alone: the database may be away); English as before.
      const locale = requestedLocale(request);
      const said = ({
        code,
        message,
      }: {
        code: (typeof NOT_READY)[keyof typeof NOT_READY]['code'];
        message: string;
      }) => ({
        code,
        message: locale === 'en' ? message : translatorFor(locale).t(`errors.code.${code}`),
      });
      if (app.draining) return reply.code(503).send({ error: said(NOT_READY.shuttingDown) });
      try {
        await sql`select 1`.execute(app.db);
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check: the database did not answer');
        return reply.code(503).send({ error: said(NOT_READY.databaseUnavailable) });
      }
      const pending = await pendingMigrations(app.db);
      const latest = MIGRATION_NAMES.at(-1) ?? '';
      if (pending.length > 0) {
        const { code, message } = NOT_READY.migrationsPending;
        return reply.code(503).send({
          error: { ...said({ code, message: message(pending.length, latest) }), details: { pending } },
        });
      }
      return { status: 'ready' as const, migration: latest };
    },
  );
}
