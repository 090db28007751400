import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { builtScripts, preactTraces, sourcesOf } from './support/bundles.js';

/**
 * The build runs React 19, in the browser and in server rendering (docs/decisions/0042-react-islands.md):
 * what `npm run build` made (the e2e tests run against it) holds no Preact, and the dependencies do
 * not bring it back.
 */

const DIST = 'dist';

test('the built client and server bundles hold no Preact, and do hold React', () => {
  const scripts = builtScripts(DIST);
  expect(scripts.length).toBeGreaterThan(10);
  expect(preactTraces(DIST)).toEqual([]);

  // The same reading finds React where it must be, so an empty answer above means something.
  const clientSources = scripts.filter((script) => script.includes('/web/')).flatMap(sourcesOf);
  expect(clientSources.some((source) => source.includes('node_modules/react-dom/'))).toBe(true);
  const serverScripts = scripts.filter((script) => script.includes('/ssr/'));
  const serverRendersWithReact =
    serverScripts.flatMap(sourcesOf).some((source) => source.includes('node_modules/react-dom/')) ||
    serverScripts.some((script) => /\bfrom\s*["']react-dom\/server["']/.test(readFileSync(script, 'utf8')));
  expect(serverRendersWithReact).toBe(true);
});

test('no dependency brings Preact in', () => {
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, unknown> };
  expect(
    Object.keys(lock.packages).filter((name) =>
      /(^|\/)node_modules\/(preact|preact-render-to-string)$/.test(name),
    ),
  ).toEqual([]);
});
