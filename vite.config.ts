import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { bootstrapUsedOnlyPlugin } from './scripts/bootstrap-used-only.mjs';
import { precompressFolder } from './scripts/precompress.mjs';

const outDir = fileURLToPath(new URL('./dist/web', import.meta.url));
const webSource = fileURLToPath(new URL('./src/web', import.meta.url));

/** Brotli and gzip copies of the built files, for the server to send as they are. */
const precompress = (): Plugin => ({
  name: 'schoolyard-precompress',
  apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
  async closeBundle() {
    await precompressFolder(outDir);
  },
});

const messageParserWithout = fileURLToPath(
  new URL('./node_modules/@formatjs/icu-messageformat-parser/no-parser.js', import.meta.url),
);

/**
 * intl-messageformat's own import of the message parser gets the parser-less build in the browser
 * (docs/decisions/0059-message-catalogs.md): the public pages' islands receive parsed messages, and the
 * app its plain messages as text and the others parsed (docs/decisions/0100-the-app-without-a-message-parser.md);
 * neither needs a parser.
 */
const noParserInsideIntlMessageFormat = (): Plugin => ({
  name: 'schoolyard-no-message-parser',
  enforce: 'pre',
  apply: (_config, env) => !env.isSsrBuild,
  resolveId(source, importer) {
    if (source !== '@formatjs/icu-messageformat-parser' || !importer) return null;
    return /[\\/]node_modules[\\/]intl-messageformat[\\/]/.test(importer) ? messageParserWithout : null;
  },
});

/**
 * A Bootstrap icon imported `?raw` reduced to its `<path>` elements, the only part parsePaths
 * (components/ui/svg-paths.ts) reads: the wrapper's attributes, class and line breaks are bytes every
 * public page downloaded for nothing (docs/decisions/0073-budgets-won-back.md).
 */
const iconPathsOnly = (): Plugin => ({
  name: 'schoolyard-icon-paths-only',
  transform(code, id) {
    if (!/[\\/]bootstrap-icons[\\/]icons[\\/][^\\/]+\.svg\?raw$/.test(id)) return null;
    const svg = JSON.parse(code.replace(/^export default /, '').replace(/;\s*$/, '')) as string;
    const paths = svg.match(/<path\b[^>]*>/g) ?? [];
    return { code: `export default ${JSON.stringify(paths.join(''))};`, map: null };
  },
});

/** react-hook-form and what every form shows its checks with (lib/lazy-resolver.ts and its companions). */
const formCode =
  /[\\/]node_modules[\\/]react-hook-form[\\/]|[\\/]src[\\/]web[\\/](lib[\\/](lazy-resolver|form-errors|english-sentence-reader)\.ts|components[\\/]forms[\\/]FieldMessage\.tsx)$/;

/** What the public pages' forms share beyond that: their posting without JavaScript and their fields. */
const publicFormCode =
  /[\\/]src[\\/](web[\\/]components[\\/]forms[\\/]public-form\.tsx|shared[\\/]api[\\/](form-posts|public-form-fields|blog-comment-fields)\.ts)$/;

/**
 * Small modules that the app's first screen and every public page load (the contract's constants, the
 * configuration, the toasts' place and helpers): one file instead of four. Each imports nothing of ours
 * outside the group, so the group's chunk and the others never import one another in a circle (which
 * would let a module read another's constant before it is set).
 */
const commonCode =
  /[\\/]src[\\/](shared[\\/]constants\.ts|web[\\/](config[\\/]env\.ts|lib[\\/]toast\.ts|components[\\/]layout[\\/]Toasts\.tsx))$/;

/**
 * The React app: source in src/web, built into dist/web, which the server serves; and its server
 * rendering (`vite build --ssr`, entry-server.tsx) into dist/ssr, which the server loads. Two pages
 * (docs/decisions/0042-react-islands.md): index.html, the app (the school area and the pages only
 * the browser renders), and site.html, the template of the public pages the server renders, whose
 * script hydrates their islands.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [
    react(),
    iconPathsOnly(),
    noParserInsideIntlMessageFormat(),
    bootstrapUsedOnlyPlugin(webSource),
    precompress(),
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      input: { index: path.join(webSource, 'index.html'), site: path.join(webSource, 'site.html') },
      // react-dom in a chunk named for it, so that budget:js and the build's list say what weighs.
      // A form's own code in one chunk and the public forms' in another, which a page fetches with its
      // first form, and the small modules every first load shares in a third: left to itself the
      // bundler cuts them into twelve files by who imports each, and every file costs a request and
      // its own compression (docs/decisions/0073-budgets-won-back.md).
      output: {
        codeSplitting: {
          groups: [
            { name: 'react-dom', test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/ },
            // Only these modules: what they import (the api client, the translator) stays where the
            // first load already has it. Not in the server's build, where files cost nothing and these
            // groups order its modules wrongly (a constant read before it is set, at start-up).
            ...(isSsrBuild
              ? []
              : [
                  { name: 'forms', test: formCode, includeDependenciesRecursively: false },
                  { name: 'public-form', test: publicFormCode, includeDependenciesRecursively: false },
                  { name: 'common', test: commonCode, includeDependenciesRecursively: false },
                ]),
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3001',
      '/uploads': 'http://localhost:3001',
    },
  },
}));
