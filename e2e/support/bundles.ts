import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What the built bundles (`npm run build`: dist/web/assets for the browser, dist/ssr for server
 * rendering) are made of, read from their code and their source maps.
 */

/** Every JavaScript file of the build: the browser's assets and the server-rendering bundle. */
export function builtScripts(dist: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return walk(file);
      return entry.name.endsWith('.js') ? [file] : [];
    });
  return [...walk(path.join(dist, 'web', 'assets')), ...walk(path.join(dist, 'ssr'))];
}

/** The source files a built script was made from, by its source map (none when it has no map). */
export function sourcesOf(script: string): string[] {
  const map = `${script}.map`;
  if (!existsSync(map)) return [];
  return (JSON.parse(readFileSync(map, 'utf8')) as { sources?: string[] }).sources ?? [];
}

/** A module of Preact or of its server renderer, as a source map names it. */
const PREACT_SOURCE = /(^|\/)node_modules\/(preact|preact-render-to-string)\//;

/** An import of Preact left to be resolved at run time (the server bundle keeps its libraries outside). */
const PREACT_IMPORT =
  /(\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)["'](preact|preact-render-to-string)(\/[^"']*)?["']/;

/**
 * Text that Preact's minified code keeps, and React's does not have, whatever the bundler names its
 * chunks or variables: regular expressions, which minifiers leave as they are. Found in a build on
 * Preact 11 (the build before React 19 came back).
 */
const PREACT_CODE_MARKERS = [
  // preact: how it reads an event's name from an `on...Capture` prop
  '(PointerCapture)$|Capture$',
  // preact/compat: the SVG props it turns from camel case to dashes
  'clip(?!PathU)',
  // preact-render-to-string: the props it renders under another name
  '^(?:accessK|auto[A-Z]|cell',
];

/** Where the build holds Preact: one line per trace found, none for a build without it. */
export function preactTraces(dist: string): string[] {
  const traces: string[] = [];
  for (const script of builtScripts(dist)) {
    const name = path.relative(dist, script);
    const code = readFileSync(script, 'utf8');
    for (const source of sourcesOf(script).filter((source) => PREACT_SOURCE.test(source))) {
      traces.push(`${name}: made from ${source}`);
    }
    const imported = code.match(PREACT_IMPORT);
    if (imported) traces.push(`${name}: imports ${imported[0]}`);
    for (const marker of PREACT_CODE_MARKERS.filter((marker) => code.includes(marker))) {
      traces.push(`${name}: contains Preact's ${marker}`);
    }
  }
  return traces;
}
