import {
  documentTitle,
  NOT_FOUND_PAGE_TITLE,
  type SchoolSettings,
  SETTINGS_ELEMENT_ID,
} from '../../../shared/api/settings.js';
import { escapeHtml, scriptSafeJson } from '../../../shared/html-text.js';
import { bannerTitleFor } from '../../../shared/screens.js';

/** JSON that cannot end the script element it sits in (`</script>`, `<!--`). */
const TITLE = /<title>[^<]*<\/title>/i;
const ROOT = /<div id="root"><\/div>/i;
const BODY_END = /<\/body>/i;
const DESCRIPTION = /<meta\s+name="description"[^>]*>/i;
const HEAD_END = /<\/head>/i;

/**
 * The app's index.html for one page, with the school in it: the browser's title (`About · Sunny
 * Meadows Kids School`, the name alone on the home page), the school's description for search
 * engines and link previews, and the settings as a JSON block the app reads before its first render.
 * A template without a title gets none, one without a head gets the JSON block at its end.
 */
export function renderIndexPage(
  template: string,
  settings: SchoolSettings,
  page: { pathname: string; notFound: boolean },
  rendered?: ServerRenderedParts,
): string {
  if (rendered) return renderServerPage(template, settings, rendered);
  const pageTitle = page.notFound ? NOT_FOUND_PAGE_TITLE : bannerTitleFor(page.pathname);
  const title = `<title>${escapeHtml(documentTitle(pageTitle, settings.name))}</title>`;
  const description = settings.description
    ? `<meta name="description" content="${escapeHtml(settings.description.replace(/\s+/g, ' '))}" />`
    : '';
  const data = `<script type="application/json" id="${SETTINGS_ELEMENT_ID}">${scriptSafeJson(settings)}</script>`;

  let html = TITLE.test(template) ? template.replace(TITLE, () => title) : template;
  html = DESCRIPTION.test(html) ? html.replace(DESCRIPTION, () => description) : html;
  const additions = `${DESCRIPTION.test(template) ? '' : description}${data}`;
  // The app's module script runs after the whole document is read, so the end will do without a head.
  return HEAD_END.test(html) ? html.replace(HEAD_END, () => `${additions}</head>`) : `${html}${data}`;
}

/** What the server rendering of a page (features/pages) gives the template. */
export interface ServerRenderedParts {
  /** The page's head tags (its own title, description, canonical, previews, JSON-LD). */
  head: string;
  /** The page's markup for `#root`, its islands in it. */
  root: string;
}

/** The template cut where a server-rendered page fills it in: before `</head>`, `#root` and `</body>`. */
interface ServerTemplate {
  template: string;
  /** Without its title and description, which give way to the page's own. */
  head: string;
  toRoot: string;
  toBodyEnd: string;
  rest: string;
}

let cutTemplate: ServerTemplate | undefined;

/**
 * The template cut once (it holds the stylesheet, ~115 KB): a page is then one concatenation, not
 * five passes of regular expressions and copies of the whole template per render.
 */
function serverTemplate(template: string): ServerTemplate {
  if (cutTemplate?.template === template) return cutTemplate;
  const [head = '', afterHead = ''] = splitAt(template.replace(TITLE, '').replace(DESCRIPTION, ''), HEAD_END);
  const [toRoot = '', afterRoot = ''] = splitAt(afterHead, ROOT);
  const [toBodyEnd = '', rest = ''] = splitAt(afterRoot, BODY_END);
  cutTemplate = { template, head, toRoot, toBodyEnd, rest };
  return cutTemplate;
}

/** `text` before and after the first match of `pattern` (the match dropped); all of it before when none. */
function splitAt(text: string, pattern: RegExp): [string, string] {
  const match = pattern.exec(text);
  return match ? [text.slice(0, match.index), text.slice(match.index + match[0].length)] : [text, ''];
}

/**
 * A page the server rendered: the template's title and description give way to the page's own head
 * tags, the markup goes into `#root`, the hydration data after it, the settings block into the head.
 */
function renderServerPage(template: string, settings: SchoolSettings, rendered: ServerRenderedParts): string {
  const data = `<script type="application/json" id="${SETTINGS_ELEMENT_ID}">${scriptSafeJson(settings)}</script>`;
  const cut = serverTemplate(template);
  return `${cut.head}${rendered.head}${data}</head>${cut.toRoot}<div id="root">${rendered.root}</div>${cut.toBodyEnd}</body>${cut.rest}`;
}
