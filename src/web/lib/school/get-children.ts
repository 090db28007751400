import { type ChildRow, ChildrenAnswerSchema } from '../../../shared/api/family.js';
import { schoolKeys } from './query-keys.js';
import { schoolRead } from './school-read.js';

export type { ChildRow };

/**
 * `GET family/children` (Parent) -> the children the school linked to the parent's account. Read
 * here, once, for every feature that shows them (the family's dashboard, the parent's fees), so they
 * share one call and one cached answer.
 */
export const [getChildren, childrenQueryOptions, useChildren] = schoolRead(
  schoolKeys.children,
  'family/children',
  ChildrenAnswerSchema,
  (answer): ChildRow[] => answer.data,
);
