import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildNeeded, inputFiles, inputsHash, OUTPUTS, writeStamp } from './build-stamp.mjs';

describe('npm start builds only when the sources changed (scripts/build-stamp.mjs)', () => {
  let root: string;
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  /** What `npm run build` leaves: the outputs, written anew. */
  const build = () => {
    for (const file of OUTPUTS) write(file, `built ${Math.random()}`);
    const { hash } = buildNeeded(root);
    writeStamp(root, hash);
  };

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-stamp-'));
    write('package.json', '{"name":"school"}');
    write('package-lock.json', '{"lockfileVersion":3}');
    write('tsconfig.server.json', '{}');
    write('vite.config.ts', 'export default {}');
    write('README.md', '# not an input');
    write('src/web/index.html', '<div id="root"></div>');
    write('src/server/main.ts', 'export const port = 3000;');
    write('src/server/main.test.ts', 'test("x", () => {});');
    write('scripts/precompress.mjs', 'export {};');
  });
  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('takes the sources, the build scripts and the top-level configurations as inputs, not tests or docs', () => {
    expect(inputFiles(root)).toEqual([
      'package-lock.json',
      'package.json',
      'scripts/precompress.mjs',
      'src/server/main.ts',
      'src/web/index.html',
      'tsconfig.server.json',
      'vite.config.ts',
    ]);
  });

  it('builds a fresh checkout, and a built one that has no stamp', () => {
    expect(buildNeeded(root)).toMatchObject({ needed: true, reason: 'dist/node/server/main.js is missing' });
    for (const file of OUTPUTS) write(file, 'built');
    expect(buildNeeded(root)).toMatchObject({
      needed: true,
      reason: 'the build has no stamp of its sources',
    });
  });

  it('does not build again when nothing changed, nor for a changed test or README', () => {
    build();
    expect(buildNeeded(root)).toMatchObject({ needed: false, reason: 'the build is current' });
    write('src/server/main.test.ts', 'test("y", () => {});');
    write('README.md', '# changed');
    expect(buildNeeded(root).needed).toBe(false);
  });

  it('builds when a source, a new file, a removed file, the lock file or a configuration changed', () => {
    const changes: (() => void)[] = [
      () => write('src/server/main.ts', 'export const port = 3001;'),
      () => write('src/web/features/new.tsx', 'export {};'),
      () => fs.rmSync(path.join(root, 'scripts/precompress.mjs')),
      () => write('package-lock.json', '{"lockfileVersion":3,"packages":{}}'),
      () => write('vite.config.ts', 'export default { build: {} }'),
      // The same bytes under another name.
      () => fs.renameSync(path.join(root, 'src/server/main.ts'), path.join(root, 'src/server/start.ts')),
    ];
    for (const change of changes) {
      build();
      change();
      expect(buildNeeded(root)).toMatchObject({
        needed: true,
        reason: 'the sources changed since the last build',
      });
    }
  });

  it('builds when a VITE_ variable the web build reads is set, changed or unset, not for other variables', () => {
    const built = (env: NodeJS.ProcessEnv) => {
      for (const file of OUTPUTS) write(file, 'built');
      writeStamp(root, buildNeeded(root, env).hash);
    };
    built({ PATH: '/bin' });
    expect(buildNeeded(root, { PATH: '/usr/bin', PORT: '3001' }).needed).toBe(false);
    expect(buildNeeded(root, { VITE_API_BASE: '/school/api/' }).needed).toBe(true);
    built({ VITE_API_BASE: '/school/api/' });
    expect(buildNeeded(root, { VITE_API_BASE: '/school/api/' }).needed).toBe(false);
    expect(buildNeeded(root, { VITE_API_BASE: '/api/' }).needed).toBe(true);
    expect(buildNeeded(root, {}).needed).toBe(true);
  });

  it('builds when dist is gone or was rebuilt from other sources since the stamp', () => {
    build();
    fs.rmSync(path.join(root, 'dist/web'), { recursive: true });
    expect(buildNeeded(root)).toMatchObject({ needed: true, reason: 'dist/web/index.html is missing' });
    build();
    fs.rmSync(path.join(root, 'dist'), { recursive: true });
    expect(buildNeeded(root).needed).toBe(true);
    build();
    // `npm run build` by hand rewrites the outputs without a new stamp.
    const main = path.join(root, 'dist/node/server/main.js');
    const later = new Date(fs.statSync(main).mtimeMs + 5_000);
    fs.utimesSync(main, later, later);
    expect(buildNeeded(root)).toMatchObject({
      needed: true,
      reason: 'the build was remade since it was stamped',
    });
  });

  it('reads this repository’s inputs: the web app, the server and the build plugins', () => {
    const repo = fileURLToPath(new URL('..', import.meta.url));
    const files = inputFiles(repo);
    for (const file of [
      'src/web/index.html',
      'src/server/main.ts',
      'scripts/precompress.mjs',
      'vite.config.ts',
    ]) {
      expect(files).toContain(file);
    }
    expect(inputsHash(repo)).toMatch(/^[0-9a-f]{64}$/);
  });
});
