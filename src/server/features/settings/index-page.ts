import {
  documentTitle,
  NOT_FOUND_PAGE_TITLE,
  type SchoolSettings,
  SETTINGS_ELEMENT_ID,
} from '../../../shared/api/settings.js';
import { bannerTitleFor } from '../../../shared/screens.js';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** JSON that cannot end the script element it sits in (`</script>`, `<!--`). */
const scriptSafeJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const TITLE = /<title>[^<]*<\/title>/i;
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
): string {
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
