import type { ContentCollection, ContentImage, ContentRecord } from '../../shared/api/content.js';
import { escapeHtml, scriptSafeJson } from '../../shared/html-text.js';
import { documentTitle, type SchoolSettings } from '../../shared/school-settings.js';
import type { Translator } from './i18n.js';
import { uploadUrl } from './images.js';
import { pageTitleFor } from './page-titles.js';

/**
 * What a public page tells search engines and link previews about itself
 * (docs/decisions/0030-server-rendering.md): the server writes it into the page's head. A route
 * module exports `head` (a PageHeadFunction); a page without one gets its banner title and the
 * school's description.
 */
export interface PageHead {
  /** The page's part of the title; the school's name is added. Absent: the name alone (home). */
  title?: string;
  description?: string;
  /** The page's own picture for previews (an upload, or the school's logo when absent). */
  image?: ContentImage;
  /** `article` for a blog post. */
  type?: 'website' | 'article';
  /** The address search engines should keep: the path and, where it names the page, its query. */
  canonicalPath: string;
  /** Structured data (schema.org), one JSON-LD block each. */
  structuredData?: Record<string, unknown>[];
  /** A page search engines should not keep (a blog post that is gone). */
  noIndex?: boolean;
}

export interface PageHeadContext {
  settings: SchoolSettings;
  /** A collection's records as the page's loader fetched them (empty when not loaded). */
  content: <C extends ContentCollection>(collection: C) => ContentRecord<C>[];
  url: URL;
  /** The page's language's messages: the head's own words (a title, "Opening hours") are in it. */
  t: Translator['t'];
}

export type PageHeadFunction = (context: PageHeadContext) => PageHead;

/** A description for a meta tag: one line, at most about two sentences' worth. */
export function summarize(text: string | undefined, max = 160): string | undefined {
  const line = (text ?? '').replace(/\s+/g, ' ').trim();
  if (line === '') return undefined;
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** The head of a page that exports none: its banner title and the school's description. */
export const defaultHead: PageHeadFunction = ({ url, t }) => ({
  title: pageTitleFor(url.pathname, t),
  canonicalPath: url.pathname,
});

/** An upload's absolute address (`/uploads/x.webp` under PUBLIC_URL). */
export const absoluteUpload = (image: string, publicUrl: string): string =>
  new URL(uploadUrl(image), publicUrl).toString();

/**
 * The picture of a page that has none of its own (log-in, registration, a contact page without
 * pictures), when the school has not uploaded a logo: the default logo the site shows in its header
 * (SchoolLogo's balloon heart), as a PNG of the size link previews ask for. A preview needs a raster
 * picture (Facebook, LinkedIn and messengers ignore SVG), and the header's logo is what a visitor
 * recognises; a picture from another page's content (the home banner) would need that page's
 * content loaded on every page. Made from public/favicon.svg.
 */
export const DEFAULT_SHARE_IMAGE = { path: '/share-image.png', width: 1200, height: 630 } as const;

/** The school's logo, absolute: its uploaded picture, else the default logo (DEFAULT_SHARE_IMAGE). */
export const schoolLogoUrl = (settings: SchoolSettings, publicUrl: string): string =>
  settings.logo
    ? absoluteUpload(settings.logo, publicUrl)
    : new URL(DEFAULT_SHARE_IMAGE.path, publicUrl).toString();

/**
 * The head tags of a page: title, description, canonical address, Open Graph and Twitter tags,
 * JSON-LD. `publicUrl` is the school's address (PUBLIC_URL); every address in the tags is absolute.
 */
export function renderHeadTags(head: PageHead, settings: SchoolSettings, publicUrl: string): string {
  const title = documentTitle(head.title, settings.name) || settings.name;
  const description = summarize(head.description) ?? summarize(settings.description);
  const canonical = new URL(head.canonicalPath, publicUrl).toString();
  // Every page has a picture for previews: its own, else the school's logo (schoolLogoUrl).
  const image = head.image ? absoluteUpload(head.image.image, publicUrl) : schoolLogoUrl(settings, publicUrl);
  const imageAlt = head.image?.alt || (head.image ? head.title : settings.name) || settings.name;
  const defaultImage = !head.image && !settings.logo;

  const meta = (attribute: 'name' | 'property', key: string, value: string | undefined) =>
    value ? `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />` : '';
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    meta('name', 'robots', head.noIndex ? 'noindex' : undefined),
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    meta('property', 'og:type', head.type ?? 'website'),
    meta('property', 'og:site_name', settings.name),
    meta('property', 'og:title', head.title ?? settings.name),
    meta('property', 'og:description', description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:image', image),
    meta('property', 'og:image:width', defaultImage ? String(DEFAULT_SHARE_IMAGE.width) : undefined),
    meta('property', 'og:image:height', defaultImage ? String(DEFAULT_SHARE_IMAGE.height) : undefined),
    meta('property', 'og:image:alt', imageAlt),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title ?? settings.name),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', imageAlt),
    ...(head.structuredData ?? []).map(
      (data) => `<script type="application/ld+json">${scriptSafeJson(data)}</script>`,
    ),
  ]
    .filter(Boolean)
    .join('');
}
