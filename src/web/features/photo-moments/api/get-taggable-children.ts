import { TaggableChildrenSchema } from '../../../../shared/api/photo-moments.js';
import { schoolRead } from '../../../lib/school/school-read.js';
import { photoMomentKeys } from './keys.js';

/** `GET photo-moments/children`: the children a teacher (their classes) or the principal may tag. */
export const [getTaggableChildren, taggableChildrenQueryOptions, useTaggableChildren] = schoolRead(
  () => photoMomentKeys.children,
  'photo-moments/children',
  TaggableChildrenSchema,
  (body) => body.data,
);
