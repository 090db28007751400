import { type Kysely, PostgresAdapter } from 'kysely';

/** Migrations and the few engine-specific queries ask this rather than the configuration. */
export function isPostgres<DB>(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
