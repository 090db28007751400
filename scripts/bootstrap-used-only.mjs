// Keeps only the parts of Bootstrap's stylesheet that the app's pages use
// (docs/decisions/0013-compressed-delivery.md). Bootstrap is imported whole (src/web/main.tsx); at build time
// PurgeCSS drops every rule whose selector names a class, id or element that no source file of the web app
// mentions. Only Bootstrap's file is cut: our own styles and the libraries' styles stay as written.
import path from 'node:path';
import { PurgeCSS } from 'purgecss';

/** The Bootstrap file the app imports. */
export const BOOTSTRAP_CSS = path.join('bootstrap', 'dist', 'css', 'bootstrap.min.css');

/**
 * Classes no source file spells out but the page carries at run time: ones our code adds to the
 * document with classList, and state classes that a component builds from a prop.
 */
export const RUNTIME_CLASSES = ['modal-open', 'show', 'showing', 'collapsing', 'active', 'disabled'];

/**
 * The rules of Bootstrap's CSS that the given source files use.
 * @param {string} css Bootstrap's stylesheet
 * @param {string[]} content globs of the files whose words may be class names
 * @returns {Promise<string>}
 */
export async function bootstrapUsedOnly(css, content) {
  const [result] = await new PurgeCSS().purge({
    content,
    css: [{ raw: css }],
    // Custom properties and keyframes stay: rules that are kept refer to them by name.
    variables: false,
    keyframes: false,
    fontFace: false,
    safelist: { standard: RUNTIME_CLASSES, greedy: [/^:root$/, /^\[data-bs-theme/] },
  });
  return result?.css ?? css;
}

/**
 * The Vite plugin: at build time, Bootstrap's stylesheet is replaced by the part of it the files
 * under `sourceRoot` use.
 * @param {string} sourceRoot the web app's source folder
 * @returns {import('vite').Plugin}
 */
export function bootstrapUsedOnlyPlugin(sourceRoot) {
  const content = [path.join(sourceRoot, '**/*.{ts,tsx}'), path.join(sourceRoot, 'index.html')];
  return {
    name: 'schoolyard-bootstrap-used-only',
    apply: 'build',
    enforce: 'pre',
    async transform(code, id) {
      if (!id.split('?')[0].endsWith(BOOTSTRAP_CSS)) return null;
      return { code: await bootstrapUsedOnly(code, content), map: null };
    },
  };
}
