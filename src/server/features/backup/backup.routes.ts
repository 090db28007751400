import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BACKUP_MESSAGES,
  BackupDownloadBodySchema,
  BackupStatusSchema,
  WRONG_PASSWORD,
} from '../../../shared/api/backup.js';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import { USER_TYPE } from '../../../shared/constants.js';
import type { Db } from '../../db/connect.js';
import { HttpError } from '../../lib/errors.js';
import { DENIED } from '../../lib/school-routes.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import { claimPasswordCheck, passwordCheckSucceeded } from '../auth/login-throttle.js';
import { verifyPassword } from '../auth/password.js';
import { emailKeyOf } from '../users/users.repository.js';
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

  api.post(
    '/admin/backup',
    {
      onRequest: onlyPrincipal,
      schema: {
        tags: TAGS,
        summary: 'The whole school as one backup archive (every table and every stored file)',
        description:
          'A gzip’d JSON-lines archive (docs/decisions/0033-backup-and-restore.md), streamed as it is ' +
          'made from one consistent snapshot; `npm run restore -- FILE` loads it into an empty database ' +
          'of either engine. An archive cut short (the download failed) has no manifest and is refused. ' +
          'It holds every family’s data and every password hash, so the principal gives their password ' +
          'again (docs/decisions/0036-restores-that-lose-nothing.md): a wrong one answers 403 ' +
          '`WRONG_PASSWORD` and counts as a failed log-in (429 `TOO_MANY_ATTEMPTS` past the limit). ' +
          'With BACKUP_PASSPHRASE set on the server the archive is encrypted.',
        security: BEARER_AUTH,
        body: BackupDownloadBodySchema,
        produces: ['application/gzip', 'application/octet-stream'],
        response: {
          200: {
            description: 'The archive, as a file to save',
            content: {
              'application/gzip': { schema: z.string() },
              'application/octet-stream': { schema: z.string() },
            },
          },
          400: ErrorBodySchema,
          ...DENIED,
          429: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      await checkPassword(app.db, currentUser(request).id, request.body.password, request.ip);
      const { stream, fileName, encrypted, done } = await backupStream({
        database: app.config.database,
        files,
        passphrase: app.config.backup.passphrase,
      });
      done.catch((error: unknown) =>
        request.log.error({ err: error }, 'the backup download failed part-way'),
      );
      return (
        reply
          .type(encrypted ? 'application/octet-stream' : 'application/gzip')
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

/**
 * The caller's password again, counted by the log-in throttle like a log-in (a stolen session
 * cannot guess its way to the archive); a wrong one is 403, not 401, as the session stays good.
 */
async function checkPassword(db: Db, userId: number, password: string, address: string): Promise<void> {
  const account = await db
    .selectFrom('app_user')
    .select(['email', 'password_hash'])
    .where('id', '=', userId)
    .executeTakeFirst();
  const subject = { emailKey: emailKeyOf(account?.email ?? ''), address };
  await claimPasswordCheck(db, subject);
  if (!account || !(await verifyPassword(account.password_hash, password))) {
    throw new HttpError(403, WRONG_PASSWORD, BACKUP_MESSAGES.wrongPassword);
  }
  await passwordCheckSucceeded(db, subject);
}
