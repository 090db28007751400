import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './test/app.js';
import type { TestEngine } from './test/databases.js';

/**
 * For a describe block: a test app on `engine` (see createTestApp for `options`), made before the
 * block's tests and disposed after them. Filled in place by `beforeAll`, so a block keeps the object
 * (`const t = withTestApp(engine)`) and its tests read it; withDemoSchool (test/school-fixtures.ts)
 * does the same with the demo school's log-ins.
 */
export function withTestApp(engine: TestEngine, options?: Parameters<typeof createTestApp>[1]): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(engine, options));
  });
  afterAll(async () => {
    await t.dispose?.();
  });
  return t;
}

/**
 * For a describe block: a fresh folder under the system's temporary one, named from `prefix`, made
 * before the block's tests (its path in `.path`) and removed with its contents after them.
 */
export function withTempDir(prefix: string): { path: string } {
  const dir = { path: '' };
  beforeAll(async () => {
    dir.path = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  });
  afterAll(async () => {
    if (dir.path) await fs.rm(dir.path, { recursive: true, force: true });
  });
  return dir;
}
