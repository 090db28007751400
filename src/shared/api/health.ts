import { z } from 'zod';
import { HEALTH_ERROR_CODES } from './error-codes.js';

/**
 * `GET /api/health` (alive: the process answers) and `GET /api/ready` (send it traffic), for load
 * balancers and process managers (docs/decisions/0034-several-processes.md).
 */
export const HealthSchema = z.object({ status: z.literal('ok') });
export type Health = z.infer<typeof HealthSchema>;

export const ReadySchema = z.object({
  status: z.literal('ready'),
  /** The newest migration this server knows, applied to the database. */
  migration: z.string(),
});
export type Ready = z.infer<typeof ReadySchema>;

/** Why `GET /api/ready` answers 503: one code and message per reason. */
export const NOT_READY = {
  shuttingDown: {
    code: HEALTH_ERROR_CODES.shuttingDown,
    message: 'The server is shutting down; try again in a moment.',
  },
  databaseUnavailable: {
    code: HEALTH_ERROR_CODES.databaseUnavailable,
    message: 'The database does not answer.',
  },
  migrationsPending: {
    code: HEALTH_ERROR_CODES.migrationsPending,
    message: (pending: number, latest: string) =>
      `The database is ${pending} migration${pending === 1 ? '' : 's'} behind this server (up to ${latest}); ` +
      'another process may be migrating it: try again in a moment.',
  },
} as const;
