import { ConfigError, describeDatabase, loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { whileStartupLocked } from '../db/startup-lock.js';

/** `npm run db:migrate`: brings the configured database up to date without starting the server. */
try {
  const config = loadConfig();
  const db = await connectDatabase(config.database);
  try {
    // Not at the same time as a server starting on the same database.
    const applied = await whileStartupLocked(db, config.database, () => migrateToLatest(db));
    const what = applied.length === 0 ? 'already up to date' : `applied ${applied.join(', ')}`;
    process.stdout.write(`${describeDatabase(config.database)}: ${what}.\n`);
  } finally {
    await db.destroy();
  }
} catch (error) {
  process.stderr.write(
    `${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}
