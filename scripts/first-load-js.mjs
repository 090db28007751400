// The JavaScript a public page loads first, measured on the build output
// (docs/decisions/0028-page-budgets-and-start-up.md): the scripts index.html names (the entry and its
// modulepreloads), every chunk they import statically, and the page's own route chunk with its static
// imports, which the page needs before it shows (its content is in the route module). Each file counts
// gzipped at the level the build's .gz copies use, as the browser downloads it.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Static imports and re-exports of a built ES module: `import"./a.js"`, `import{x}from"./a.js"`, `export*from"./a.js"`. */
const STATIC_IMPORT = /(?:\bimport|\bfrom)\s*["'](\.{1,2}\/[^"'?#]+\.m?js)["']/g;

/** The scripts index.html loads: module scripts and modulepreloads, as paths under the web folder. */
export function entryScripts(html) {
  const found = [];
  for (const tag of html.match(/<(?:script|link)\b[^>]*>/g) ?? []) {
    const isModule = /^<script\b/.test(tag) && /\btype=["']?module\b/.test(tag);
    const isPreload = /^<link\b/.test(tag) && /\brel=["']?modulepreload\b/.test(tag);
    if (!isModule && !isPreload) continue;
    const url = tag.match(/\b(?:src|href)=["']?([^"'\s>]+)/)?.[1];
    // Only the app's own files; a script from elsewhere would not be in the build.
    if (url?.startsWith('/')) found.push(url.slice(1));
  }
  return found;
}

/** The chunks a module imports statically, as paths under the web folder. */
export function staticImports(code, file) {
  const dir = path.posix.dirname(file);
  return [...code.matchAll(STATIC_IMPORT)].map((match) => path.posix.join(dir, match[1]));
}

/**
 * The built chunk that holds a source module, found through the source maps (`sources`, relative to the
 * map). The build keeps source maps (vite.config.ts), so no manifest is needed.
 */
export function chunkOf(webDir, sourceFile) {
  const wanted = path.resolve(sourceFile);
  const assets = path.join(webDir, 'assets');
  const maps = fs.readdirSync(assets).filter((name) => name.endsWith('.js.map'));
  if (maps.length === 0) {
    throw new Error(
      `No source maps in ${assets}: the budget finds a page's chunk through them (build.sourcemap).`,
    );
  }
  const holders = maps.filter((name) => {
    const { sources = [] } = JSON.parse(fs.readFileSync(path.join(assets, name), 'utf8'));
    return sources.some((source) => path.resolve(assets, source) === wanted);
  });
  if (holders.length !== 1) {
    throw new Error(
      `Expected one chunk built from ${sourceFile}, found ${holders.length}: ${holders.join(', ')}`,
    );
  }
  return `assets/${holders[0].slice(0, -'.map'.length)}`;
}

/** `roots` and every chunk they import statically, each once, in the order they are reached. */
export function staticClosure(webDir, roots) {
  const seen = new Set();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    const full = path.join(webDir, file);
    if (!fs.existsSync(full)) throw new Error(`${file} is imported but not in ${webDir}.`);
    seen.add(file);
    queue.push(...staticImports(fs.readFileSync(full, 'utf8'), file));
  }
  return [...seen];
}

/** A file's size gzipped as the build's precompressed copies are (scripts/precompress.mjs). */
export function gzipSize(file) {
  return zlib.gzipSync(fs.readFileSync(file), { level: zlib.constants.Z_BEST_COMPRESSION }).length;
}

/**
 * What a page loads first: the entry's closure plus the route module's chunk and its closure. Answers
 * the files (largest first) with their raw and gzipped sizes, and the gzipped total in bytes.
 */
export function firstLoadJs(webDir, routeSourceFile) {
  const html = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const entry = entryScripts(html);
  if (entry.length === 0) throw new Error(`${webDir}/index.html loads no module script.`);
  const roots = routeSourceFile ? [...entry, chunkOf(webDir, routeSourceFile)] : entry;
  const files = staticClosure(webDir, roots)
    .map((file) => ({
      file,
      bytes: fs.statSync(path.join(webDir, file)).size,
      gzip: gzipSize(path.join(webDir, file)),
    }))
    .sort((a, b) => b.gzip - a.gzip);
  return { files, gzip: files.reduce((sum, file) => sum + file.gzip, 0) };
}
