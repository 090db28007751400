import type { ReactNode } from 'react';
import { uploadUrl } from '../../../lib/images.js';
import { longDate } from '../../../lib/school-time.js';
import type { Account } from '../api/account-fields.js';
import { AccountIcon } from './AccountIcon.js';

export const NO_PHOTO = 'No Photo';

const isWebLink = (value: string): boolean => /^https?:\/\/\S+$/i.test(value);

/** A user's photo, or the words 'No Photo' where there is none (docs/contract/product.md#school-screens). */
export function ProfilePhoto({
  user,
  className = '',
}: {
  user: Pick<Account, 'name' | 'image'>;
  className?: string;
}) {
  if (!user.image) {
    return (
      <div className={`profile-photo profile-photo--none ${className}`}>
        <AccountIcon name="person-circle" />
        <span>{NO_PHOTO}</span>
      </div>
    );
  }
  return <img src={uploadUrl(user.image)} alt={user.name} className={`profile-photo ${className}`} />;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="profile-list__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const orDash = (value: string): ReactNode =>
  value.trim() === '' ? <span className="profile-list__empty">Not given</span> : value;

/** The read-only list of docs/contract/product.md#school-screens, in its order. */
export function ProfileList({ user }: { user: Account }) {
  return (
    <dl className="profile-list">
      <Row label="Name">{orDash(user.name)}</Row>
      <Row label="Designation">{orDash(user.designation)}</Row>
      <Row label="Description">{orDash(user.description)}</Row>
      <Row label="User type">{user.type}</Row>
      <Row label="Gender">{orDash(user.gender)}</Row>
      <Row label="Date of birth">
        {user.dob ? <time dateTime={user.dob}>{longDate(user.dob, { weekday: false })}</time> : orDash('')}
      </Row>
      <Row label="Address">{orDash(user.address)}</Row>
      <Row label="Contact">
        {user.contact ? (
          <a href={`tel:${user.contact.replace(/[^\d+]/g, '')}`}>{user.contact}</a>
        ) : (
          orDash('')
        )}
      </Row>
      <Row label="Email">
        <a href={`mailto:${user.email}`}>{user.email}</a>
      </Row>
      <Row label="Social link">
        {isWebLink(user.socialLink) ? (
          <a href={user.socialLink} target="_blank" rel="noopener noreferrer">
            {user.socialLink}
          </a>
        ) : (
          orDash(user.socialLink)
        )}
      </Row>
    </dl>
  );
}
