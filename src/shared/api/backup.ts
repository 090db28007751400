import { z } from 'zod';
import { BACKUP_ERROR_CODES } from './error-codes.js';
import { USER_LIMITS } from './user-form-fields.js';

/**
 * Backups (docs/decisions/0033-backup-and-restore.md): the principal downloads the whole school as
 * one archive, and sees how the last scheduled backup went.
 */

/** The last scheduled backup, or null when none has run (or BACKUP_EVERY_HOURS is off). */
export const BackupRunSchema = z.object({
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** 'running' until it finishes. */
  state: z.enum(['running', 'ok', 'failed']),
  fileName: z.string().nullable(),
  bytes: z.number().int().nullable(),
  message: z.string().nullable(),
});
export type BackupRun = z.infer<typeof BackupRunSchema>;

export const BackupStatusSchema = z.object({
  data: z.object({
    /** Hours between scheduled backups; 0 when they are off. */
    everyHours: z.number(),
    /** How many scheduled backups are kept. */
    keep: z.number().int(),
    lastRun: BackupRunSchema.nullable(),
  }),
});
export type BackupStatus = z.infer<typeof BackupStatusSchema>['data'];

export const BACKUP_DOWNLOAD_PATH = '/api/admin/backup';

export const BACKUP_MESSAGES = {
  enterPassword: 'Please enter your password to download a backup.',
  wrongPassword: 'That is not your password: the backup was not made.',
} as const;

/**
 * `POST admin/backup`: the principal's password again, because the archive holds every family's
 * data and every password hash (docs/decisions/0036-restores-that-lose-nothing.md). In a JSON body,
 * never in the URL, so it is in no log or history.
 */
export const BackupDownloadBodySchema = z.object({
  password: z
    .string({ error: BACKUP_MESSAGES.enterPassword })
    .min(1, BACKUP_MESSAGES.enterPassword)
    .max(USER_LIMITS.passwordMax, BACKUP_MESSAGES.wrongPassword),
});
export type BackupDownloadBody = z.infer<typeof BackupDownloadBodySchema>;

/** The code of the 403 a wrong password gets. */
export const WRONG_PASSWORD = BACKUP_ERROR_CODES.wrongPassword;
