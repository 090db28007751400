import type { ReviewChild, User, UserForReview, UserWithStatus } from '../../../shared/api/users.js';
import type { AccountStatus, UserType } from '../../../shared/constants.js';
import type { UserRecord } from './users.repository.js';

/**
 * The one place where a user row (correct column names) becomes the API's User (the product's
 * names: `degination`, `discription`, `socialLink`). Rows never carry the password hash: the
 * repository does not select it for anything but a password check.
 */
export function toUser(row: UserRecord, photos: readonly string[]): User {
  return {
    id: row.id,
    name: row.name,
    degination: row.designation,
    discription: row.description,
    type: row.type as UserType,
    gender: row.gender,
    dob: row.dob,
    address: row.address,
    contact: row.contact,
    email: row.email,
    socialLink: row.social_link,
    image: photos[0] ?? null,
  };
}

export function toUserWithStatus(row: UserRecord, photos: readonly string[]): UserWithStatus {
  return { ...toUser(row, photos), status: row.status as AccountStatus };
}

export function toUserForReview(
  row: UserRecord,
  photos: readonly string[],
  children: readonly ReviewChild[] = [],
): UserForReview {
  return {
    ...toUserWithStatus(row, photos),
    createdAt: row.created_at,
    photos: [...photos],
    children: [...children],
  };
}
