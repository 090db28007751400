import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.js';
import { SectionState, sectionStatus } from '../../../components/ui/SectionState.js';
import { paths } from '../../../config/paths.js';
import { isApiError } from '../../../lib/api-client.js';
import { uploadUrl } from '../../../lib/images.js';
import { notify } from '../../../lib/toast.js';
import type { AccountForReview } from '../api/account-fields.js';
import { usePendingUsers } from '../api/list-users.js';
import { useSetUserStatus } from '../api/set-user-status.js';
import { formatDay } from '../lib/dates.js';
import { AccountIcon } from './AccountIcon.js';
import { NO_PHOTO } from './ProfileDetails.js';

export const APPROVAL_TEXTS = {
  principalOnly: 'Only the principal can review new registrations.',
  none: 'No registrations are waiting for approval.',
  approved: (name: string) => `${name} is approved and can log in now.`,
  rejected: (name: string) => `${name}'s registration was rejected.`,
  failed: 'That did not work.',
} as const;

function Photos({ user }: { user: AccountForReview }) {
  const [first, ...others] = user.photos;
  if (!first) {
    return (
      <div className="approval-card__photos">
        <div className="profile-photo profile-photo--none approval-card__photo">
          <AccountIcon name="person-circle" />
          <span>{NO_PHOTO}</span>
        </div>
      </div>
    );
  }
  return (
    <div className="approval-card__photos">
      <img src={uploadUrl(first)} alt={user.name} className="approval-card__photo" />
      {others.length > 0 ? (
        <ul className="approval-card__more">
          {others.map((photo, index) => (
            <li key={photo}>
              <a href={uploadUrl(photo)} target="_blank" rel="noopener noreferrer">
                <img src={uploadUrl(photo)} alt={`${user.name} (${index + 2} of ${user.photos.length})`} />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  if (value.trim() === '') return null;
  return (
    <div className="approval-card__detail">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function ApprovalCard({ user }: { user: AccountForReview }) {
  const headingId = useId();
  const change = useSetUserStatus();
  const [confirmReject, setConfirmReject] = useState(false);

  const decide = async (status: 'active' | 'rejected'): Promise<void> => {
    try {
      await change.mutateAsync({ id: user.id, status });
    } catch (error) {
      setConfirmReject(false);
      notify.error(isApiError(error) ? `${APPROVAL_TEXTS.failed} ${error.message}` : APPROVAL_TEXTS.failed);
      return;
    }
    notify.success(
      status === 'active' ? APPROVAL_TEXTS.approved(user.name) : APPROVAL_TEXTS.rejected(user.name),
    );
  };

  return (
    <li className="approvals__item">
      <article className="approval-card" aria-labelledby={headingId}>
        <Photos user={user} />
        <div className="approval-card__body">
          <div className="approval-card__head">
            <h3 id={headingId} className="approval-card__name">
              {user.name}
            </h3>
            <span className="approval-card__type">{user.type}</span>
          </div>
          <p className="approval-card__when">Registered on {formatDay(user.createdAt)}</p>
          <dl className="approval-card__details">
            <Detail label="Email" value={user.email} />
            <Detail label="Designation" value={user.designation} />
            <Detail label="Gender" value={user.gender} />
            <Detail label="Date of birth" value={user.dob ? formatDay(user.dob) : ''} />
            <Detail label="Contact" value={user.contact} />
            <Detail label="Address" value={user.address} />
            <Detail label="Social link" value={user.socialLink} />
            <Detail label="Description" value={user.description} />
          </dl>
          <div className="approval-card__actions">
            <button
              type="button"
              className="btn btn-success rounded-pill px-4"
              onClick={() => void decide('active')}
              disabled={change.isPending}
              aria-describedby={headingId}
            >
              <AccountIcon name="check-lg" /> Approve
            </button>
            <button
              type="button"
              className="btn btn-outline-danger rounded-pill px-4"
              onClick={() => setConfirmReject(true)}
              disabled={change.isPending}
              aria-describedby={headingId}
            >
              <AccountIcon name="x-lg" /> Reject
            </button>
          </div>
        </div>
        <ConfirmDialog
          open={confirmReject}
          title={`Reject ${user.name}?`}
          confirmLabel="Reject"
          busy={change.isPending}
          onConfirm={() => void decide('rejected')}
          onCancel={() => setConfirmReject(false)}
        >
          <p className="mb-0">
            {user.name} ({user.email}) will not be able to log in. The registration stays on record.
          </p>
        </ConfirmDialog>
      </article>
    </li>
  );
}

/**
 * Approvals (docs/contract/fixes-and-gaps.md#fix-9): the principal approves or rejects pending registrations.
 */
export function Approvals() {
  const headingId = useId();
  const query = usePendingUsers();
  const status = sectionStatus(query);
  const forbidden = isApiError(query.error) && query.error.status === 403;
  const users = query.data;

  return (
    <section className="approvals container py-5" aria-labelledby={headingId} aria-busy={status.pending}>
      <div className="approvals__head">
        <h2 id={headingId} className="approvals__title">
          Registrations waiting for approval
        </h2>
        {users && users.length > 0 ? (
          <p className="approvals__count">{users.length} waiting · approved accounts can log in at once</p>
        ) : null}
      </div>
      {forbidden ? (
        <div className="profile-unavailable" role="alert">
          <AccountIcon name="shield-lock" className="profile-unavailable__icon" />
          <p className="profile-unavailable__title">{APPROVAL_TEXTS.principalOnly}</p>
          <Link to={paths.dashboard} className="btn btn-primary rounded-pill px-4">
            Back to the dashboard
          </Link>
        </div>
      ) : (
        <SectionState status={status} />
      )}
      {users && users.length === 0 ? (
        <p className="approvals__none">
          <AccountIcon name="person-check" /> {APPROVAL_TEXTS.none}
        </p>
      ) : null}
      {users && users.length > 0 ? (
        <ul className="approvals__list">
          {users.map((user) => (
            <ApprovalCard key={user.id} user={user} />
          ))}
        </ul>
      ) : null}
      {status.pending ? <div className="approval-card approval-card--skeleton" aria-hidden="true" /> : null}
    </section>
  );
}
