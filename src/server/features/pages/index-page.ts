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
  /** The app's markup for `#root`. */
  root: string;
  /** The hydration blocks, placed after the app's markup. */
  state: string;
}

/**
 * A page the server rendered: the template's title and description give way to the page's own head
 * tags, the markup goes into `#root`, the hydration data after it, the settings block into the head.
 */
function renderServerPage(template: string, settings: SchoolSettings, rendered: ServerRenderedParts): string {
  const data = `<script type="application/json" id="${SETTINGS_ELEMENT_ID}">${scriptSafeJson(settings)}</script>`;
  let html = template.replace(TITLE, '').replace(DESCRIPTION, '');
  html = html.replace(HEAD_END, () => `${rendered.head}${data}</head>`);
  html = html.replace(ROOT, () => `<div id="root">${rendered.root}</div>`);
  return html.replace(BODY_END, () => `${rendered.state}</body>`);
}
