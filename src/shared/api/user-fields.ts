import { USER_WIRE_FIELDS } from './user-form-fields.js';
import type { User, UserForReview } from './users.js';

/**
 * The one place where the web app meets the misspelt JSON names of an account (USER_WIRE_FIELDS):
 * what is read is renamed here, what is sent is renamed back here, and so are the server's field
 * errors. The forms' schemas under our names are in web/features/accounts/api/account-fields.ts.
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

export function withOurNames<T extends object>(value: T): WithOurNames<T> {
  return Object.fromEntries(
    Object.entries(value).map(([name, field]) => [ourFieldName(name), field]),
  ) as WithOurNames<T>;
}

/** A user as the account screens hold one. */
export type Account = WithOurNames<User>;
export type AccountForReview = WithOurNames<UserForReview>;

/** An account as the API answers it, under our names (the field table does the renaming). */
export const toAccount = <T extends User>(user: T): WithOurNames<T> => withOurNames(user);
