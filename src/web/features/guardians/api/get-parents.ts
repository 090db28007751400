import { z } from 'zod';
import { type User, UserSchema } from '../../../../shared/api/users.js';
import { schoolRead } from '../../../lib/school/school-read.js';
import { byName } from './by-name.js';
import { guardianKeys } from './keys.js';

export type ParentChoice = Pick<User, 'id' | 'name' | 'email'>;

/** `GET users?type=Parent&status=active` -> the parent accounts the principal may link to a pupil. */
export const [getParents, parentsQueryOptions, useParents] = schoolRead(
  guardianKeys.parents,
  'users?type=Parent&status=active',
  z.object({ data: z.array(UserSchema) }),
  (body): ParentChoice[] =>
    byName(body.data.map((user) => ({ id: user.id, name: user.name, email: user.email }))),
);
