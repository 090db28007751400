import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { type PreparedApp, prepareApp } from './startup.js';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from './test/databases.js';

/**
 * A start with FILE_STORE=database plants the demo school's pictures in the database, and a second
 * process started on the same database serves them without a file of its own.
 */
describe.each(TEST_ENGINES)('starting with the files in the database (%s)', (engine) => {
  let t: TestDatabase;
  let first: PreparedApp;
  let second: PreparedApp;
  const configOf = (folder: string) => ({
    ...loadConfig({ DATA_DIR: path.join(t.dataDir, folder), LOG_LEVEL: 'silent', FILE_STORE: 'database' }),
    database: t.config,
  });

  beforeAll(async () => {
    t = await createTestDatabase(engine);
    first = await prepareApp(configOf('first'));
    second = await prepareApp(configOf('second'));
  });
  afterAll(async () => {
    await first?.app.close();
    await second?.app.close();
    await t?.dispose();
  });

  it('plants the demo pictures in the database once, served by both processes', async () => {
    expect(first.demoLogins?.length).toBeGreaterThan(0);
    expect(second.demoLogins).toBeUndefined();
    const stored = [];
    for await (const file of second.app.files.list()) stored.push(file.path);
    expect(stored).toContain('demo/scenes/hero-1-800.webp');
    for (const { app } of [first, second]) {
      const res = await app.inject({ url: '/uploads/demo/scenes/hero-1-800.webp' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
    }
    // Neither process wrote a picture to its own folder.
    for (const folder of ['first', 'second']) {
      await expect(fs.readdir(path.join(t.dataDir, folder, 'uploads'))).rejects.toThrow();
    }
  });
});
