import type { ContentCollection } from '../../shared/api/content.js';

/**
 * The minimum number of records the demo school has in each collection
 * (docs/contract/fixes-and-gaps.md#gap-demo).
 */
export const DEMO_MINIMUM: Record<ContentCollection, number> = {
  home: 1,
  about: 2,
  class: 1,
  kidsclasses: 3,
  comments: 4,
  teacher: 4,
  blog: 3,
  facilities: 3,
  gallery: 1,
  blogdetails: 5,
  contacts: 1,
};
