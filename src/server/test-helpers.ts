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
