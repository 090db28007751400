import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chunkOf, entryScripts, firstLoadJs, staticImports } from './first-load-js.mjs';

/**
 * A small build as Vite writes it: index.html names the entry and a modulepreload; the entry imports a
 * shared chunk statically and the route lazily; the route imports its own chunk and the shared one.
 * Source maps name each chunk's sources relative to the map, as Vite's do.
 */
function writeBuild(dir: string): { web: string; routeSource: string } {
  const web = path.join(dir, 'dist/web');
  const assets = path.join(web, 'assets');
  fs.mkdirSync(assets, { recursive: true });
  fs.mkdirSync(path.join(dir, 'src/routes'), { recursive: true });
  const routeSource = path.join(dir, 'src/routes/home.tsx');
  fs.writeFileSync(routeSource, 'export default function Home() {}');
  fs.writeFileSync(
    path.join(web, 'index.html'),
    `<!doctype html><html><head>
    <script type="module" crossorigin src="/assets/index-A1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/env-B2.js">
    <link rel="stylesheet" crossorigin href="/assets/index-C3.css">
    <script async src="https://elsewhere.example/tracker.js"></script>
    </head><body><div id="root"></div></body></html>`,
  );
  const chunk = (name: string, code: string, sources: string[]) => {
    fs.writeFileSync(path.join(assets, name), code);
    fs.writeFileSync(path.join(assets, `${name}.map`), JSON.stringify({ version: 3, sources, mappings: '' }));
  };
  chunk(
    'index-A1.js',
    `import{a as e}from"./env-B2.js";import"./shared-D4.js";const r=()=>import("./home-E5.js");${'x'.repeat(3000)}`,
    ['../../../src/main.tsx'],
  );
  chunk('env-B2.js', `export const a=1;${'y'.repeat(500)}`, ['../../../src/env.ts']);
  chunk('shared-D4.js', `export*from"./env-B2.js";export const s=2;`, ['../../../src/shared.ts']);
  chunk('home-E5.js', `import{s}from"./shared-D4.js";import{i}from"./icons-F6.js";export default 1;`, [
    '../../../src/routes/home.tsx',
  ]);
  chunk('icons-F6.js', `export const i="${'z'.repeat(800)}";`, ['../../../src/icons.ts']);
  // Another page's chunk, only ever imported lazily: not part of the home page's first load.
  chunk('school-G7.js', `export default "${'w'.repeat(5000)}";`, ['../../../src/routes/school.tsx']);
  return { web, routeSource };
}

const gz = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

describe('the JavaScript a page loads first (scripts/first-load-js.mjs)', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-load-js-'));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads the module scripts and modulepreloads of index.html, not stylesheets or scripts from elsewhere', () => {
    const { web } = writeBuild(dir);
    expect(entryScripts(fs.readFileSync(path.join(web, 'index.html'), 'utf8'))).toEqual([
      'assets/index-A1.js',
      'assets/env-B2.js',
    ]);
  });

  it('follows static imports and re-exports, not dynamic imports', () => {
    expect(
      staticImports(
        'import{a}from"./a.js";import"./b.js";export*from"../c.js";const l=()=>import("./lazy.js");',
        'assets/x.js',
      ),
    ).toEqual(['assets/a.js', 'assets/b.js', 'c.js']);
  });

  it('finds the chunk a source module was built into through the source maps', () => {
    const { web, routeSource } = writeBuild(dir);
    expect(chunkOf(web, routeSource)).toBe('assets/home-E5.js');
    expect(() => chunkOf(web, path.join(dir, 'src/routes/missing.tsx'))).toThrow(/found 0/);
  });

  it('counts the entry closure, and with a route its chunk and static imports, each file gzipped once', () => {
    const { web, routeSource } = writeBuild(dir);
    const entry = firstLoadJs(web);
    expect(entry.files.map((f) => f.file).sort()).toEqual([
      'assets/env-B2.js',
      'assets/index-A1.js',
      'assets/shared-D4.js',
    ]);
    const page = firstLoadJs(web, routeSource);
    const expected = ['env-B2.js', 'home-E5.js', 'icons-F6.js', 'index-A1.js', 'shared-D4.js'];
    expect(page.files.map((f) => f.file).sort()).toEqual(expected.map((name) => `assets/${name}`));
    // Largest first; the total is the sum of each file gzipped at the build's level.
    expect(page.files[0]?.file).toBe('assets/index-A1.js');
    const sum = expected.reduce((total, name) => total + gz(path.join(web, 'assets', name)), 0);
    expect(page.gzip).toBe(sum);
    expect(page.files.find((f) => f.file === 'assets/icons-F6.js')?.bytes).toBe(
      fs.statSync(path.join(web, 'assets/icons-F6.js')).size,
    );
  });

  it('fails clearly when the build is not what it expects', () => {
    const { web, routeSource } = writeBuild(dir);
    fs.rmSync(path.join(web, 'assets/shared-D4.js'));
    expect(() => firstLoadJs(web)).toThrow(/assets\/shared-D4\.js is imported but not in/);
    for (const name of fs.readdirSync(path.join(web, 'assets'))) {
      if (name.endsWith('.map')) fs.rmSync(path.join(web, 'assets', name));
    }
    expect(() => chunkOf(web, routeSource)).toThrow(/No source maps/);
  });
});
