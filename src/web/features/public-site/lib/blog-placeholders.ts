/**
 * The blog detail page's part that no call provides yet (docs/contract/product.md#public-pages: the tag
 * cloud). Comments are real now (docs/decisions/0049-blog-comments.md).
 */

export const TAGS: readonly string[] = [
  'Early Years',
  'Outdoor Play',
  'Reading',
  'Healthy Eating',
  'Art & Craft',
  'Music',
  'Parenting Tips',
  'School Life',
  'Wellbeing',
  'Nature',
];
