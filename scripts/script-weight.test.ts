import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  foreignRouteModules,
  formatHeaviest,
  formatLine,
  gzipSize,
  isCountedScript,
  isExecutableScriptType,
  PUBLIC_PAGE_BUDGET_BYTES,
  routeModuleOf,
  sumScripts,
  verdict,
} from './script-weight.mjs';

describe('what counts as a page’s JavaScript (scripts/script-weight.mjs)', () => {
  it('counts scripts, module preloads and dynamic imports: whatever Chromium types as a script', () => {
    expect(isCountedScript({ resourceType: 'script', status: 200, fetchDest: 'script' })).toBe(true);
    // Sec-Fetch-Dest is sent to trustworthy origins only; without it a script still counts.
    expect(isCountedScript({ resourceType: 'script', status: 200 })).toBe(true);
  });

  it('leaves out JSON answers, stylesheets and a worker’s files', () => {
    expect(isCountedScript({ resourceType: 'fetch', status: 200, fetchDest: 'empty' })).toBe(false);
    expect(isCountedScript({ resourceType: 'xhr', status: 200, fetchDest: 'empty' })).toBe(false);
    expect(isCountedScript({ resourceType: 'stylesheet', status: 200, fetchDest: 'style' })).toBe(false);
    for (const fetchDest of ['worker', 'sharedworker', 'serviceworker']) {
      expect(isCountedScript({ resourceType: 'script', status: 200, fetchDest })).toBe(false);
    }
  });

  it('leaves out answers without a body of their own (redirects, 304s, errors)', () => {
    for (const status of [301, 304, 404, 500]) {
      expect(isCountedScript({ resourceType: 'script', status, fetchDest: 'script' })).toBe(false);
    }
  });

  it('counts inline scripts that run and not the server’s JSON blocks', () => {
    expect(isExecutableScriptType('')).toBe(true);
    expect(isExecutableScriptType('module')).toBe(true);
    expect(isExecutableScriptType(' Text/JavaScript ')).toBe(true);
    expect(isExecutableScriptType('application/json')).toBe(false);
    expect(isExecutableScriptType('application/ld+json')).toBe(false);
    expect(isExecutableScriptType('importmap')).toBe(false);
  });
});

describe('how it is weighed and judged', () => {
  it('gzips at level 9, whatever the server sent', () => {
    const body = Buffer.from('export const greeting = "hello";\n'.repeat(200));
    expect(gzipSize(body)).toBe(zlib.gzipSync(body, { level: 9 }).length);
    expect(gzipSize(body)).toBeLessThan(body.length / 10);
  });

  it('adds each file once, heaviest first', () => {
    const load = sumScripts([
      { name: 'http://x/assets/a.js', bytes: 3000, gzip: 1000 },
      { name: 'http://x/assets/b.js', bytes: 9000, gzip: 3000 },
      { name: 'http://x/assets/a.js', bytes: 3000, gzip: 1000 },
      { name: 'http://x/ inline script 1', bytes: 100, gzip: 80 },
    ]);
    expect(load.gzip).toBe(4080);
    expect(load.files.map((f) => f.name)).toEqual([
      'http://x/assets/b.js',
      'http://x/assets/a.js',
      'http://x/ inline script 1',
    ]);
  });

  it('passes a page at its budget and says by how much one is over', () => {
    expect(verdict(PUBLIC_PAGE_BUDGET_BYTES, PUBLIC_PAGE_BUDGET_BYTES)).toBe('ok');
    expect(verdict(PUBLIC_PAGE_BUDGET_BYTES + 1536, PUBLIC_PAGE_BUDGET_BYTES)).toBe('OVER by 1.5 KiB');
  });

  it('prints a line per page and the heaviest files', () => {
    const load = sumScripts([
      { name: 'assets/react-dom.js', bytes: 180_000, gzip: 60_000 },
      { name: 'assets/page.js', bytes: 10_240, gzip: 2048 },
    ]);
    expect(formatLine('/gallery', load, 50 * 1024)).toMatch(
      /^\/gallery +60\.6 KiB +2 files +OVER by 10\.6 KiB$/,
    );
    expect(formatHeaviest(load, 1)).toEqual(['    58.6 KiB  assets/react-dom.js (175.8 KiB unpacked)']);
  });
});

describe('lazy screens stay lazy', () => {
  it('knows a screen’s route module by its place under src/web/app/routes', () => {
    expect(routeModuleOf('src/web/app/routes/school/dashboard.tsx')).toBe('school/dashboard');
    expect(routeModuleOf('src/web/app/routes/public/gallery.tsx')).toBe('public/gallery');
    expect(routeModuleOf('src/web/app/routes/root.tsx')).toBeUndefined();
    expect(routeModuleOf('src/web/app/routes/school/parts/Chart.tsx')).toBeUndefined();
    expect(routeModuleOf('node_modules/react-router/dist/index.js')).toBeUndefined();
  });

  it('names every other screen a load holds, with its chunk', () => {
    const chunks = new Map([
      ['dist/web/assets/index-A.js', ['src/web/main.tsx', 'node_modules/react/index.js']],
      ['dist/web/assets/dashboard-B.js', ['src/web/app/routes/school/dashboard.tsx']],
      [
        'dist/web/assets/shared-C.js',
        ['src/web/app/routes/school/profile.tsx', 'src/web/app/routes/public/login.tsx'],
      ],
    ]);
    expect(foreignRouteModules(chunks, 'school/dashboard')).toEqual([
      { module: 'public/login', chunk: 'dist/web/assets/shared-C.js' },
      { module: 'school/profile', chunk: 'dist/web/assets/shared-C.js' },
    ]);
    chunks.delete('dist/web/assets/shared-C.js');
    expect(foreignRouteModules(chunks, 'school/dashboard')).toEqual([]);
  });
});
