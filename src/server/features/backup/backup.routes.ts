import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BackupStatusSchema } from '../../../shared/api/backup.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { DENIED } from '../../lib/school-routes.js';
import { BEARER_AUTH } from '../../plugins/auth.js';
import { backupStream } from './backup.js';
import { lastRun } from './backup-run.repository.js';

const TAGS = ['Backups'];

/**
 * The principal's backups (docs/decisions/0033-backup-and-restore.md): the whole school as one
 * archive to download, made from one snapshot while the site goes on, and how the last scheduled
 * backup went.
 */
export async function backupRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const onlyPrincipal = app.requireTypes(USER_TYPE.principal);
  const { files } = app;

  api.get(
    '/admin/backup',
    {
      onRequest: onlyPrincipal,
      schema: {
        tags: TAGS,
        summary: 'The whole school as one backup archive (every table and every stored file)',
        description:
          'A gzip’d JSON-lines archive (docs/decisions/0033-backup-and-restore.md), streamed as it is ' +
          'made from one consistent snapshot; `npm run restore -- FILE` loads it into an empty database ' +
          'of either engine. An archive cut short (the download failed) has no manifest and is refused.',
        security: BEARER_AUTH,
        produces: ['application/gzip'],
        response: {
          200: {
            description: 'The archive, as a file to save',
            content: { 'application/gzip': { schema: z.string() } },
          },
          ...DENIED,
        },
      },
    },
    async (request, reply) => {
      const { stream, fileName, done } = await backupStream({ database: app.config.database, files });
      done.catch((error: unknown) =>
        request.log.error({ err: error }, 'the backup download failed part-way'),
      );
      return (
        reply
          .type('application/gzip')
          .header('Content-Disposition', `attachment; filename="${fileName}"`)
          .header('Cache-Control', 'no-store')
          // The schema's string stands for the file in the OpenAPI document; the bytes stream as they are.
          .send(stream as unknown as string)
      );
    },
  );

  api.get(
    '/admin/backup/status',
    {
      onRequest: onlyPrincipal,
      schema: {
        tags: TAGS,
        summary: 'The scheduled backups: how often, how many are kept, and how the last one went',
        description:
          '`everyHours` 0: scheduled backups are off (BACKUP_EVERY_HOURS). `lastRun` null: none has run.',
        security: BEARER_AUTH,
        response: { 200: BackupStatusSchema, ...DENIED },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { intervalMs, keep } = app.config.backup;
      return { data: { everyHours: intervalMs / 3_600_000, keep, lastRun: (await lastRun(app.db)) ?? null } };
    },
  );
}
