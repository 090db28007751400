import {
  documentTitle,
  NOT_FOUND_PAGE_TITLE,
  type SchoolSettings,
  SETTINGS_ELEMENT_ID,
} from '../../../shared/api/settings.js';
import { escapeHtml, scriptSafeJson } from '../../../shared/html-text.js';
import { type AnyLocale, DEFAULT_LOCALE, textDirection } from '../../../shared/i18n/locales.js';
import type { Messages } from '../../../shared/i18n/translator.js';
import { bannerTitleKeyFor } from '../../../shared/screens.js';
import { translatorFor } from '../../lib/i18n.js';

/** JSON that cannot end the script element it sits in (`</script>`, `<!--`). */
const TITLE = /<title>[^<]*<\/title>/i;
const ROOT = /<div id="root"><\/div>/i;
const BODY_END = /<\/body>/i;
const DESCRIPTION = /<meta\s+name="description"[^>]*>/i;
const HEAD_END = /<\/head>/i;
const HTML_START = /<html[^>]*>/i;

/** The language a page is in and the messages it hands the browser (web/lib/i18n.tsx: PageMessages). */
export interface PageLanguage {
  locale: AnyLocale;
  messages: Messages;
}

/** The page's language on its root element: `lang`, and `dir` for a right-to-left one. */
const htmlStart = (locale: AnyLocale): string =>
  `<html lang="${escapeHtml(locale)}" dir="${textDirection(locale)}">`;

/** The messages' JSON block (web/lib/i18n.tsx: MESSAGES_ELEMENT_ID): data, not script. */
const messagesBlock = (language: PageLanguage): string =>
  `<script type="application/json" id="messages">${scriptSafeJson(language)}</script>`;

/**
 * The app's index.html for one page, with the school in it: the browser's title (`About · Sunny
 * Meadows Kids School`, the name alone on the home page), the school's description for search
 * engines and link previews, and the settings as a JSON block the app reads before its first render.
 * A template without a title gets none, one without a head gets the JSON block at its end.
 */
export function renderIndexPage(
  template: string,
  settings: SchoolSettings,
  page: { pathname: string; notFound: boolean; language?: PageLanguage },
  rendered?: ServerRenderedParts,
): string {
  if (rendered) return renderServerPage(template, settings, rendered);
  const language = page.language ?? { locale: DEFAULT_LOCALE, messages: {} };
  // The banner title in the page's language (English: the contract's BANNER_TITLES).
  const titleKey = bannerTitleKeyFor(page.pathname);
  const pageTitle = page.notFound
    ? NOT_FOUND_PAGE_TITLE
    : titleKey && translatorFor(language.locale).t(titleKey);
  const title = `<title>${escapeHtml(documentTitle(pageTitle, settings.name))}</title>`;
  const description = settings.description
    ? `<meta name="description" content="${escapeHtml(settings.description.replace(/\s+/g, ' '))}" />`
    : '';
  const data = `<script type="application/json" id="${SETTINGS_ELEMENT_ID}">${scriptSafeJson(settings)}</script>${messagesBlock(language)}`;

  let html = template.replace(HTML_START, () => htmlStart(language.locale));
  html = TITLE.test(html) ? html.replace(TITLE, () => title) : html;
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
  /** Its language, and the messages its islands use. */
  messages: PageLanguage;
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
  const data = `<script type="application/json" id="${SETTINGS_ELEMENT_ID}">${scriptSafeJson(settings)}</script>${messagesBlock(rendered.messages)}`;
  const cut = serverTemplate(template);
  const head = cut.head.replace(HTML_START, () => htmlStart(rendered.messages.locale));
  return `${head}${rendered.head}${data}</head>${cut.toRoot}<div id="root">${rendered.root}</div>${cut.toBodyEnd}</body>${cut.rest}`;
}
