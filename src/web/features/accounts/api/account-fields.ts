import { z } from 'zod';
import {
  imageFilesSchema,
  ProfileUpdateObjectSchema,
  RegistrationFieldsSchema,
  requirePasswordPair,
  USER_WIRE_FIELDS,
  type User,
  type UserForReview,
} from '../../../../shared/api/users.js';

/**
 * The one place where the account screens meet the spec's JSON names (USER_WIRE_FIELDS): what is
 * read is renamed here, what is sent is renamed back here, and so are the server's field errors.
 */
type Ours = keyof typeof USER_WIRE_FIELDS;
type Wire = (typeof USER_WIRE_FIELDS)[Ours];
type OursOf<W> = { [K in Ours]: (typeof USER_WIRE_FIELDS)[K] extends W ? K : never }[Ours];

/** `T` with the wire's names replaced by ours. */
export type WithOurNames<T> = { [K in keyof T as K extends Wire ? OursOf<K> : K]: T[K] };

const OURS_BY_WIRE = new Map<string, string>(
  Object.entries(USER_WIRE_FIELDS).map(([ours, wire]) => [wire, ours]),
);
const WIRE_BY_OURS = new Map<string, string>(Object.entries(USER_WIRE_FIELDS));

/** Our name of a field the server named (an error's `field`); the name itself when it is not misspelt. */
export const ourFieldName = (wire: string): string => OURS_BY_WIRE.get(wire) ?? wire;
/** The wire's name of one of our fields. */
export const wireFieldName = (ours: string): string => WIRE_BY_OURS.get(ours) ?? ours;

function withOurNames<T extends object>(value: T): WithOurNames<T> {
  return Object.fromEntries(
    Object.entries(value).map(([name, field]) => [ourFieldName(name), field]),
  ) as WithOurNames<T>;
}

/** A user as the account screens hold one. */
export type Account = WithOurNames<User>;
export type AccountForReview = WithOurNames<UserForReview>;

export function toAccount<T extends User>(user: T): WithOurNames<T> {
  const { degination, discription, ...rest } = user;
  return { ...rest, designation: degination, description: discription } as unknown as WithOurNames<T>;
}

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
