// Keeps only the parts of Bootstrap's stylesheet that the app's pages use
// (docs/decisions/0013-compressed-delivery.md). Bootstrap is imported whole (src/web/main.tsx); at build time
// PurgeCSS drops every rule whose selector names a class, id or element that no source file of the web app
// mentions. Only Bootstrap's file is cut: our own styles and the libraries' styles stay as written. The cut
// is then written with logical properties, so it serves right-to-left pages too (bootstrapInBothDirections).
import path from 'node:path';
import postcss from 'postcss';
import postcssRtlcss from 'postcss-rtlcss';
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

/** Right-to-left pages: `<html dir="rtl">`, weighing nothing in a selector's specificity. */
const RTL_PREFIX = ':where([dir="rtl"])';

/** Physical properties and the logical ones that mean the same in a left-to-right page. */
const LOGICAL_PROPERTY = {
  'margin-left': 'margin-inline-start',
  'margin-right': 'margin-inline-end',
  'padding-left': 'padding-inline-start',
  'padding-right': 'padding-inline-end',
  left: 'inset-inline-start',
  right: 'inset-inline-end',
  'border-left': 'border-inline-start',
  'border-right': 'border-inline-end',
  'border-left-width': 'border-inline-start-width',
  'border-right-width': 'border-inline-end-width',
  'border-left-color': 'border-inline-start-color',
  'border-right-color': 'border-inline-end-color',
  'border-left-style': 'border-inline-start-style',
  'border-right-style': 'border-inline-end-style',
  'border-top-left-radius': 'border-start-start-radius',
  'border-top-right-radius': 'border-start-end-radius',
  'border-bottom-left-radius': 'border-end-start-radius',
  'border-bottom-right-radius': 'border-end-end-radius',
};

/**
 * `padding: t r b l` (and margin) as block and inline parts, when its left and right differ; else
 * as written (it reads the same both ways).
 */
function logicalBoxShorthand(decl) {
  const parts = postcss.list.space(decl.value);
  if (parts.length !== 4 || parts[1] === parts[3]) return;
  const [top, right, bottom, left] = parts;
  const important = decl.important;
  decl.cloneBefore({ prop: `${decl.prop}-top`, value: top, important });
  decl.cloneBefore({ prop: `${decl.prop}-bottom`, value: bottom, important });
  decl.cloneBefore({ prop: `${decl.prop}-inline`, value: `${left} ${right}`, important });
  decl.remove();
}

/**
 * Bootstrap written with logical properties (docs/decisions/0066-right-to-left.md): margins, paddings,
 * offsets, borders, corners and text alignment follow the page's direction, so one stylesheet serves
 * left-to-right and right-to-left pages at no extra weight. What has no logical form (the select's
 * arrow and the validation icons placed by `background-position`, floats, translations) gets a
 * mirrored rule for right-to-left pages, from RTLCSS, prefixed `:where([dir="rtl"])` so that it weighs
 * no more than the rule it mirrors and our own styles, loaded later, still win.
 * @param {string} css
 * @returns {Promise<string>}
 */
export async function bootstrapInBothDirections(css) {
  /** Whether a declaration is one that the logical form below makes follow the page's direction. */
  const becomesLogical = (decl) =>
    decl.prop in LOGICAL_PROPERTY ||
    decl.prop === 'padding' ||
    decl.prop === 'margin' ||
    (decl.prop === 'text-align' && /^(left|right)$/.test(decl.value));
  const toLogical = {
    postcssPlugin: 'schoolyard-logical-properties',
    OnceExit(root) {
      root.walkRules((rule) => {
        if (rule.selector.startsWith(RTL_PREFIX)) {
          // RTLCSS's mirror of what the logical form already mirrors: only the rest is kept.
          rule.each((node) => {
            if (node.type === 'decl' && becomesLogical(node)) node.remove();
          });
          if (rule.nodes.length === 0) rule.remove();
          return;
        }
        rule.walkDecls((decl) => {
          const logical = LOGICAL_PROPERTY[decl.prop];
          if (logical) decl.prop = logical;
          else if (decl.prop === 'text-align' && /^(left|right)$/.test(decl.value))
            decl.value = decl.value === 'left' ? 'start' : 'end';
          else if (decl.prop === 'padding' || decl.prop === 'margin') logicalBoxShorthand(decl);
        });
      });
    },
  };
  const result = await postcss([
    postcssRtlcss({ mode: 'override', rtlPrefix: RTL_PREFIX }),
    toLogical,
  ]).process(css, {
    from: undefined,
  });
  return result.css;
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
      return { code: await bootstrapInBothDirections(await bootstrapUsedOnly(code, content)), map: null };
    },
  };
}
