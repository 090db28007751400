import { describe, expect, it } from 'vitest';
import { NOT_READY } from '../../../shared/api/health.js';
import { MIGRATION_NAMES, migrateTo, migrateToLatest } from '../../db/migrate.js';
import { translatorFor } from '../../lib/i18n.js';
import { createTestApp } from '../../test/app.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { withTestApp } from '../../test-helpers.js';

/** The two checks of a load balancer (docs/decisions/0034-several-processes.md); draining: drain.test.ts. */
describe.each(TEST_ENGINES)('health and readiness on %s', (engine) => {
  const t = withTestApp(engine);
  const newest = MIGRATION_NAMES.at(-1) ?? '';

  it('GET /api/health answers ok: the process is alive', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/ready answers ready with the newest migration while the database answers and is migrated', async () => {
    const res = await t.app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', migration: newest });
  });

  it('is not ready while the database lacks a migration of this server, and ready once it has it', async () => {
    const previous = MIGRATION_NAMES.at(-2) ?? '';
    await migrateTo(t.db, previous as Parameters<typeof migrateTo>[1]);
    try {
      const res = await t.app.inject({ url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        error: {
          code: NOT_READY.migrationsPending.code,
          message: NOT_READY.migrationsPending.message(1, newest),
          details: { pending: [newest] },
        },
      });
      // Alive all the same: restarting it would not migrate the database any sooner.
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await migrateToLatest(t.db);
    }
    expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
  });

  it('is not ready when the database does not answer, and still alive', async () => {
    const own = await createTestApp(engine);
    try {
      await own.db.destroy();
      const res = await own.app.inject({ url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: NOT_READY.databaseUnavailable });
      // A visitor who reads French is told in French (Accept-Language: the database is away).
      const french = await own.app.inject({ url: '/api/ready', headers: { 'accept-language': 'fr' } });
      expect(french.json()).toEqual({
        error: {
          code: NOT_READY.databaseUnavailable.code,
          message: translatorFor('fr').t('errors.code.DATABASE_UNAVAILABLE'),
        },
      });
      expect(french.json().error.message).not.toBe(NOT_READY.databaseUnavailable.message);
      expect((await own.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await own.dispose().catch(() => {});
    }
  });
});
