import { z } from 'zod';
import type { ServerRenderedPath } from '../page-rendering.js';
import type { ContentCollection } from './content.js';
import { pathIdSchema } from './ids.js';

/**
 * The website editor's live preview (docs/decisions/0050-website-editor-without-traps.md):
 * `POST admin/content/{collection}/preview[?id=]` takes a record's unsaved draft (the body of PUT or
 * POST) and answers the public page that shows the collection as the server renders it, with the
 * draft in the record's place (or after the last record when there is no `id`). Nothing is saved;
 * the answer is the principal's alone, never kept nor indexed.
 */

/** The page a collection's preview shows: the one where an edit of it shows best. */
export const PREVIEW_PAGES: Readonly<Record<ContentCollection, ServerRenderedPath>> = {
  home: '/',
  about: '/about',
  class: '/class',
  kidsclasses: '/class',
  comments: '/',
  teacher: '/teacher',
  blog: '/blog',
  facilities: '/',
  gallery: '/gallery',
  blogdetails: '/blogdetail',
  contacts: '/contact',
};

export const PreviewQuerySchema = z.strictObject({
  /** The record the draft replaces; none for a new record. */
  id: pathIdSchema().optional(),
});
export type PreviewQuery = z.infer<typeof PreviewQuerySchema>;

export const PREVIEW_MESSAGES = {
  unavailable: 'The preview needs the built website (npm run build); this server has none.',
} as const;

/** The robots tag of every preview: a draft is never for search engines. */
export const PREVIEW_ROBOTS = 'noindex, nofollow';
