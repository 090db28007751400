import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { commentsUnder, type PublishedBlogComments } from '../../../shared/api/blog-comments.js';
import type { ContentCollection } from '../../../shared/api/content.js';
import type { SchoolSettings } from '../../../shared/api/settings.js';
import { escapeHtml } from '../../../shared/html-text.js';
import { localePath, PSEUDO_LOCALE } from '../../../shared/i18n/locales.js';
import { type PageRenderer, pageAddress, splitPagePath } from '../../../shared/page-rendering.js';
import { CachedAnswer, type KeptAnswers } from '../../lib/cached-answer.js';
import type { VersionReader } from '../../lib/data-version.js';
import { parsedMessagesFor, translatorFor } from '../../lib/i18n.js';
import { renderIndexPage } from './index-page.js';

/**
 * The public pages rendered on the server (docs/decisions/0030-server-rendering.md). The web app's
 * server bundle (dist/ssr/entry-server.js, src/web/entry-server.tsx) renders a page; the result is
 * kept by the page's address and the content version (lib/data-version.ts), so a page is rendered
 * once per change of the school's content, settings or images, whichever server process made it.
 */

/** Loads the rendering bundle the build made, or undefined when there is none (tests, a dev tree). */
export async function loadPageRenderer(bundle: string): Promise<PageRenderer | undefined> {
  if (!fs.existsSync(bundle)) return undefined;
  const module = (await import(pathToFileURL(bundle).href)) as { renderer?: PageRenderer };
  if (!module.renderer) throw new Error(`${bundle} exports no renderer.`);
  return module.renderer;
}

/**
 * The page's address in each language the school offers, for search engines (`hreflang`), and the
 * default language's as `x-default`; nothing when the school offers one language.
 */
export function languageAlternates(address: string, settings: SchoolSettings, publicUrl: string): string {
  if (settings.languages.length < 2) return '';
  const url = new URL(address, publicUrl);
  const { path } = splitPagePath(url.pathname);
  const href = (locale: SchoolSettings['language']) =>
    escapeHtml(new URL(`${localePath(path, locale, settings.language)}${url.search}`, publicUrl).toString());
  return [
    ...settings.languages.map(
      (locale) => `<link rel="alternate" hreflang="${locale}" href="${href(locale)}" />`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${href(settings.language)}" />`,
  ].join('');
}

export type ServedPage =
  /** The page's bytes with their strong ETag and compressed forms (made once per content version). */
  { kind: 'page'; answer: CachedAnswer } | { kind: 'redirect'; status: number; location: string };

/** How many rendered pages are kept (the public pages and the most asked-for blog posts). */
const KEPT_PAGES = 200;

export class ServerPages {
  private readonly kept = new Map<string, { version: number; page: Promise<ServedPage> }>();

  /**
   * `versions` is the app's reader of the content version, `answers` the public calls' kept answers
   * (lib/cached-answer.ts): a page reads the same bytes `GET /api/home` and `GET /api/settings` send.
   */
  constructor(
    private readonly versions: VersionReader,
    private readonly answers: KeptAnswers,
    private readonly renderer: PageRenderer,
    private readonly template: string,
    private readonly publicUrl: string,
    private readonly log: FastifyBaseLogger,
    /**
     * Makes the server's messages those of the content version a page is kept under (the school's
     * own words, lib/school-words.ts) before it is rendered.
     */
    private readonly beforeRender: (version: number) => Promise<void> = async () => undefined,
  ) {}

  /** The page at `url` (a request's path and query), rendered or as kept for this content version. */
  async page(url: string, log: FastifyBaseLogger = this.log): Promise<ServedPage> {
    const address = pageAddress(new URL(url, this.publicUrl));
    const version = await this.versions.read();
    const kept = this.kept.get(address);
    if (kept && kept.version === version) return kept.page;
    const page = this.beforeRender(version).then(() => this.render(address, log));
    const entry = { version, page };
    this.kept.delete(address);
    this.kept.set(address, entry);
    if (this.kept.size > KEPT_PAGES) {
      const oldest = this.kept.keys().next().value;
      if (oldest !== undefined) this.kept.delete(oldest);
    }
    try {
      return await page;
    } catch (error) {
      if (this.kept.get(address) === entry) this.kept.delete(address);
      throw error;
    }
  }

  /**
   * The page at `url` with `draft`'s records instead of the stored ones of its collection (the
   * website editor's preview, docs/decisions/0050-website-editor-without-traps.md): rendered each
   * time, never kept, since nobody else may see it.
   */
  async preview(
    url: string,
    draft: { collection: ContentCollection; records: unknown },
    log: FastifyBaseLogger = this.log,
  ): Promise<ServedPage> {
    return this.render(pageAddress(new URL(url, this.publicUrl)), log, draft);
  }

  /**
   * The page at `url` in the pseudo-locale, for a test's walk of every screen (PSEUDO_LOCALE,
   * docs/decisions/0069-pseudo-locale-walk.md): rendered each time, never kept.
   */
  async pseudoPage(url: string, log: FastifyBaseLogger = this.log): Promise<ServedPage> {
    return this.render(pageAddress(new URL(url, this.publicUrl)), log, undefined, PSEUDO_LOCALE);
  }

  private async render(
    address: string,
    log: FastifyBaseLogger,
    draft?: { collection: ContentCollection; records: unknown },
    pseudo?: typeof PSEUDO_LOCALE,
  ): Promise<ServedPage> {
    const settings = ((await this.answers.parsed('/api/settings')) as { data: SchoolSettings }).data;
    // The page's language: its address's prefix (app.ts lets only an offered, non-default one here),
    // else the school's default.
    const prefix = splitPagePath(new URL(address, this.publicUrl).pathname).locale;
    const locale = pseudo ?? prefix ?? settings.language;
    const rendered = await this.renderer.renderPage({
      url: new URL(address, this.publicUrl).toString(),
      settings,
      publicUrl: this.publicUrl,
      basename: prefix ? `/${prefix}` : '',
      readContent: async (collection) =>
        draft?.collection === collection
          ? draft.records
          : // In another language, each record's text in it where translated, else the default's
            // (docs/decisions/0064-content-in-the-schools-languages.md).
            (
              (await this.answers.parsed(`/api/${collection}${prefix ? `?lang=${prefix}` : ''}`)) as {
                data: unknown;
              }
            ).data,
      // Every page reads the one kept list of approved comments (once per content version), then
      // takes its article's, as `?post=` answers them.
      translator: translatorFor(locale),
      islandMessages: (areas) => parsedMessagesFor(locale, areas),
      readBlogComments: async (postId) =>
        commentsUnder(
          ((await this.answers.parsed('/api/blog-comments')) as PublishedBlogComments).data,
          postId,
        ),
      readPublicCalendar: () => this.answers.parsed('/api/calendar/public'),
      readAdmissionSeats: () => this.answers.parsed('/api/admissions/seats'),
      readSsoOptions: () => this.answers.parsed('/api/users/login/sso'),
    });
    if (rendered.kind === 'redirect') return rendered;
    const html = renderIndexPage(
      this.template,
      settings,
      { pathname: address, notFound: false },
      { ...rendered, head: rendered.head + languageAlternates(address, settings, this.publicUrl) },
    );
    log.debug({ address }, 'page rendered');
    return { kind: 'page', answer: new CachedAnswer(Buffer.from(html), 'text/html; charset=utf-8') };
  }
}
