import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import { HealthSchema } from '../../../shared/api/health.js';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        tags: ['Operations'],
        summary: 'Whether the server and its database answer (503 while it shuts down)',
        response: { 200: HealthSchema, 503: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      // During a graceful shutdown (plugins/drain.ts) load balancers must stop sending here.
      if (app.draining) {
        return reply.code(503).send({
          error: { code: 'SHUTTING_DOWN', message: 'The server is shutting down; try again in a moment.' },
        });
      }
      try {
        await sql`select 1`.execute(app.db);
        return { status: 'ok' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database did not answer');
        return reply
          .code(503)
          .send({ error: { code: 'DATABASE_UNAVAILABLE', message: 'The database does not answer.' } });
      }
    },
  );
}
