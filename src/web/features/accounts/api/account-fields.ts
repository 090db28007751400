import { z } from 'zod';
import { ChildSuggestionsSchema } from '../../../../shared/api/family.js';
import { withOurNames } from '../../../../shared/api/user-fields.js';
import {
  imageFilesSchema,
  ProfileUpdateObjectSchema,
  RegistrationFieldsSchema,
  requirePasswordPair,
} from '../../../../shared/api/users.js';

export {
  type Account,
  type AccountForReview,
  ourFieldName,
  toAccount,
  type WithOurNames,
  wireFieldName,
} from '../../../../shared/api/user-fields.js';

/** The account forms' schemas: the shared fields under our names (shared/api/user-fields.ts). */

/**
 * The registration form: the shared fields of `POST users` under our names, plus the photos as
 * `File`s and, for a Parent, the children they name (docs/decisions/0021-families.md).
 */
export const RegistrationFormSchema = z
  .object(withOurNames(RegistrationFieldsSchema.shape))
  .extend({ images: imageFilesSchema<File>(), children: ChildSuggestionsSchema.optional() });

/** The profile form: the shared fields of `PUT users/profile` under our names, plus optional new photos. */
export const ProfileFormSchema = requirePasswordPair(
  z
    .object(withOurNames(ProfileUpdateObjectSchema.shape))
    .extend({ images: imageFilesSchema<File>().optional() }),
);
