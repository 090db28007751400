import { z } from 'zod';

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
