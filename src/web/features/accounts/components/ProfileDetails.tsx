import type { ReactNode } from 'react';
import { useI18n } from '../../../lib/i18n.js';
import { uploadUrl } from '../../../lib/images.js';
import { longDate } from '../../../lib/school-time.js';
import type { Account } from '../api/account-fields.js';
import { genderLabel, userTypeLabel } from '../lib/labels.js';
import { AccountIcon } from './AccountIcon.js';

const isWebLink = (value: string): boolean => /^https?:\/\/\S+$/i.test(value);

/** A user's photo, or the words 'No Photo' where there is none (docs/contract/product.md#school-screens). */
export function ProfilePhoto({
  user,
  className = '',
}: {
  user: Pick<Account, 'name' | 'image'>;
  className?: string;
}) {
  const { t } = useI18n();
  if (!user.image) {
    return (
      <div className={`profile-photo profile-photo--none ${className}`}>
        <AccountIcon name="person-circle" />
        <span>{t('accounts.profile.noPhoto')}</span>
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

/** The read-only list of docs/contract/product.md#school-screens, in its order. */
export function ProfileList({ user }: { user: Account }) {
  const { t, locale } = useI18n();
  const orDash = (value: string): ReactNode =>
    value.trim() === '' ? (
      <span className="profile-list__empty">{t('accounts.profile.notGiven')}</span>
    ) : (
      value
    );
  return (
    <dl className="profile-list">
      <Row label={t('accounts.fields.name')}>{orDash(user.name)}</Row>
      <Row label={t('accounts.fields.designation')}>{orDash(user.designation)}</Row>
      <Row label={t('accounts.fields.description')}>{orDash(user.description)}</Row>
      <Row label={t('accounts.fields.type')}>{userTypeLabel(t, user.type)}</Row>
      <Row label={t('accounts.fields.gender')}>{orDash(genderLabel(t, user.gender))}</Row>
      <Row label={t('accounts.fields.dob')}>
        {user.dob ? (
          <time dateTime={user.dob}>{longDate(user.dob, { weekday: false, locale })}</time>
        ) : (
          orDash('')
        )}
      </Row>
      <Row label={t('accounts.fields.address')}>{orDash(user.address)}</Row>
      <Row label={t('accounts.fields.contact')}>
        {user.contact ? (
          <a href={`tel:${user.contact.replace(/[^\d+]/g, '')}`}>{user.contact}</a>
        ) : (
          orDash('')
        )}
      </Row>
      <Row label={t('accounts.fields.email')}>
        <a href={`mailto:${user.email}`}>{user.email}</a>
      </Row>
      <Row label={t('accounts.fields.socialLink')}>
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
