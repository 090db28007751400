import type { MessageKey } from '../../../lib/i18n.js';

/**
 * The blog detail page's part that no call provides yet (docs/contract/product.md#public-pages: the tag
 * cloud). Comments are real now (docs/decisions/0049-blog-comments.md).
 */

export const TAGS = [
  'public-site.blog.tag.earlyYears',
  'public-site.blog.tag.outdoorPlay',
  'public-site.blog.tag.reading',
  'public-site.blog.tag.healthyEating',
  'public-site.blog.tag.artAndCraft',
  'public-site.blog.tag.music',
  'public-site.blog.tag.parentingTips',
  'public-site.blog.tag.schoolLife',
  'public-site.blog.tag.wellbeing',
  'public-site.blog.tag.nature',
] as const satisfies readonly MessageKey[];
