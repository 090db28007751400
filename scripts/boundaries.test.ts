import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findViolations, type Violation } from './boundaries.js';

/**
 * The folders' import rules hold (docs/decisions/0020-boundaries.md): a web feature does not
 * import another nor the app, a server feature imports only another's public surface, db/, plugins/ and lib/
 * import no feature, migrations import no live code, shared code imports neither side.
 */

const root = path.resolve(import.meta.dirname, '..');
const pair = (v: Violation) => `${v.from} -> ${v.to}`;

describe('import boundaries', () => {
  const violations = findViolations(root);

  it('are kept: no import breaks a rule', () => {
    const broken = violations.map((v) => `${pair(v)}  (${v.rule})`);
    expect(broken, 'imports that break the rules of docs/decisions/0020-boundaries.md').toEqual([]);
  });
});

describe('the boundary rules themselves', () => {
  const fixture = fs.mkdtempSync(path.join(os.tmpdir(), 'schoolyard-boundaries-'));
  afterAll(() => fs.rmSync(fixture, { recursive: true, force: true }));

  const write = (file: string, source = 'export const x = 1;\n') => {
    fs.mkdirSync(path.join(fixture, path.dirname(file)), { recursive: true });
    fs.writeFileSync(path.join(fixture, file), source);
  };

  // Imported files.
  write('src/web/features/b/api/get-b.ts');
  write('src/web/app/router.tsx');
  write('src/web/lib/http.ts');
  write('src/server/features/b/b.repository.ts');
  write('src/server/features/b/b.policy.ts');
  write('src/server/features/b/b.service.ts');
  write('src/server/features/b/helpers/csv.ts');
  write('src/server/features/auth/session.ts');
  write('src/server/features/auth/login.ts');
  write('src/server/db/engine.ts');
  write('src/server/lib/time.ts');
  // Importing files, one per case.
  write('src/web/features/a/api/own.ts', "import { x } from '../../a/api/other.js';\n");
  write('src/web/features/a/api/other.ts');
  write('src/web/features/a/Static.tsx', "import { x } from '../b/api/get-b.js';\n");
  write('src/web/features/a/Dynamic.tsx', "const b = () => import('../b/api/get-b.js');\n");
  write('src/web/features/a/Reexport.ts', "export { x } from '../b/api/get-b.js';\n");
  write('src/web/features/a/Uses-lib.ts', "import { x } from '../../lib/http.js';\n");
  write('src/web/features/a/Cross.test.tsx', "import { x } from '../b/api/get-b.js';\n");
  write('src/web/features/a/Routed.tsx', "import { x } from '../../app/router.js';\n");
  write('src/web/features/a/api/lazy.ts', "const r = () => import('../../../app/router.js');\n");
  write('src/web/features/a/Routed.test.tsx', "import { x } from '../../app/router.js';\n");
  write('src/web/app/routes/a.tsx', "import { x } from '../../features/b/api/get-b.js';\n");
  write('src/web/components/Widget.tsx', "import { x } from '../features/b/api/get-b.js';\n");
  write('src/web/lib/routes.ts', "import { x } from '../app/router.js';\n");
  write('src/shared/rules.ts', "import { x } from '../server/lib/time.js';\n");
  write(
    'src/server/features/a/a.service.ts',
    [
      "import { x } from '../b/b.repository.js';",
      "import { x as p } from '../b/b.policy.js';",
      "import { x as s } from '../auth/session.js';",
      "import { x as t } from '../../lib/time.js';",
    ].join('\n'),
  );
  write('src/server/features/a/a.routes.ts', "import { x } from '../b/b.service.js';\n");
  write('src/server/features/a/deep.ts', "import { x } from '../b/helpers/csv.js';\n");
  write('src/server/features/a/sign-in.ts', "import { x } from '../auth/login.js';\n");
  write('src/server/features/a/a.test.ts', "import { x } from '../b/b.service.js';\n");
  write('src/server/db/connect.ts', "import { x } from '../features/b/b.repository.js';\n");
  write('src/server/plugins/guard.ts', "import type { X } from '../features/auth/session.js';\n");
  write('src/server/lib/images.ts', "import { x } from '../features/b/b.policy.js';\n");
  write('src/server/db/migrations/2026-01-01T0000-one.ts', "import { x } from '../engine.js';\n");
  write('src/server/db/migrations/2026-01-02T0000-two.ts', "import { x } from '../../lib/time.js';\n");
  write('src/server/db/migrations/two.test.ts', "import { x } from '../../features/b/b.service.js';\n");

  const found = findViolations(fixture).map((v) => `${pair(v)}: ${v.rule}`);

  it('find exactly the imports that break a rule', () => {
    expect(found).toEqual([
      'src/server/db/connect.ts -> src/server/features/b/b.repository.ts: db, plugins or lib imports a feature',
      'src/server/db/migrations/2026-01-02T0000-two.ts -> src/server/lib/time.ts: migration imports live code',
      "src/server/features/a/a.routes.ts -> src/server/features/b/b.service.ts: server feature imports another feature's internals",
      "src/server/features/a/deep.ts -> src/server/features/b/helpers/csv.ts: server feature imports another feature's internals",
      "src/server/features/a/sign-in.ts -> src/server/features/auth/login.ts: server feature imports another feature's internals",
      'src/server/lib/images.ts -> src/server/features/b/b.policy.ts: db, plugins or lib imports a feature',
      'src/server/plugins/guard.ts -> src/server/features/auth/session.ts: db, plugins or lib imports a feature',
      'src/shared/rules.ts -> src/server/lib/time.ts: shared code imports web or server code',
      'src/web/components/Widget.tsx -> src/web/features/b/api/get-b.ts: web shared code imports a feature or the app',
      'src/web/features/a/Dynamic.tsx -> src/web/features/b/api/get-b.ts: web feature imports another web feature',
      'src/web/features/a/Reexport.ts -> src/web/features/b/api/get-b.ts: web feature imports another web feature',
      'src/web/features/a/Routed.tsx -> src/web/app/router.tsx: web feature imports the app',
      'src/web/features/a/Static.tsx -> src/web/features/b/api/get-b.ts: web feature imports another web feature',
      'src/web/features/a/api/lazy.ts -> src/web/app/router.tsx: web feature imports the app',
      'src/web/lib/routes.ts -> src/web/app/router.tsx: web shared code imports a feature or the app',
    ]);
  });
});
