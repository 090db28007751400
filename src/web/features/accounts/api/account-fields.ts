import { z } from 'zod';
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

/** The registration form: the shared fields of `POST users` under our names, plus the photos as `File`s. */
export const RegistrationFormSchema = z
  .object(withOurNames(RegistrationFieldsSchema.shape))
  .extend({ images: imageFilesSchema<File>() });

/** The profile form: the shared fields of `PUT users/profile` under our names, plus optional new photos. */
export const ProfileFormSchema = requirePasswordPair(
  z
    .object(withOurNames(ProfileUpdateObjectSchema.shape))
    .extend({ images: imageFilesSchema<File>().optional() }),
);
