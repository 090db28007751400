import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { USER_TYPE } from '../../../../shared/constants.js';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.js';
import { SectionState, sectionStatus } from '../../../components/ui/SectionState.js';
import { paths } from '../../../config/paths.js';
import { isApiError } from '../../../lib/api-client.js';
import { useCurrentUser } from '../../../lib/current-user.js';
import { useI18n } from '../../../lib/i18n.js';
import { notify } from '../../../lib/toast.js';
import type { Account } from '../api/account-fields.js';
import { useDeleteUser } from '../api/delete-user.js';
import { useStudentProfile } from '../api/get-student-profile.js';
import { userTypeLabel } from '../lib/labels.js';
import { AccountIcon } from './AccountIcon.js';
import { ProfileList, ProfilePhoto } from './ProfileDetails.js';
import { ProfileEditForm } from './ProfileEditForm.js';

/** A profile that could not be shown for a reason the visitor should know (404, 403, a bad id). */
function Unavailable({ error }: { error?: unknown }) {
  const { t } = useI18n();
  const forbidden = isApiError(error) && error.status === 403;
  return (
    <div className="profile-unavailable" role="alert">
      <AccountIcon name="person-x" className="profile-unavailable__icon" />
      <p className="profile-unavailable__title">
        {forbidden ? error.message : t('accounts.profile.notFound')}
      </p>
      <p>{forbidden ? t('accounts.profile.forbiddenHint') : t('accounts.profile.notFoundHint')}</p>
      <Link to={paths.dashboard} className="btn btn-primary rounded-pill px-4">
        {t('accounts.backToDashboard')}
      </Link>
    </div>
  );
}

const isUnavailable = (error: unknown): boolean =>
  isApiError(error) && (error.status === 404 || error.status === 403 || error.status === 400);

interface ProfileCardProps {
  user: Account;
  canUpdate: boolean;
  canDelete: boolean;
  /**
   * The principal looking at a pupil: a link to who changed which of their marks
   * (docs/decisions/0009-running-the-school-year.md).
   */
  showMarkHistory?: boolean;
}

function ProfileCard({ user, canUpdate, canDelete, showMarkHistory = false }: ProfileCardProps) {
  const headingId = useId();
  const { t, parts } = useI18n();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteUser();
  const updateButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Leaving the form (saved or cancelled) puts the keyboard back on Update.
  useEffect(() => {
    if (wasEditing.current && !editing) updateButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const onDelete = async (): Promise<void> => {
    try {
      await remove.mutateAsync(user.id);
    } catch (error) {
      setConfirming(false);
      notify.error(
        isApiError(error)
          ? t('accounts.profile.deleteFailedBecause', { reason: error.message })
          : t('accounts.profile.deleteFailed'),
      );
      return;
    }
    notify.success(t('accounts.profile.deleted', { name: user.name }));
    await navigate(paths.dashboard);
  };

  return (
    <article className="profile-card" aria-labelledby={headingId}>
      <div className="profile-card__aside">
        <ProfilePhoto user={user} className="profile-card__photo" />
        <h2 id={headingId} className="profile-card__name">
          {user.name}
        </h2>
        <p className="profile-card__role">
          {user.designation}
          <span className="profile-card__type">{userTypeLabel(t, user.type)}</span>
        </p>
        {(canUpdate && !editing) || canDelete || showMarkHistory ? (
          <div className="profile-card__actions">
            {canUpdate && !editing ? (
              <button
                ref={updateButton}
                type="button"
                className="btn btn-primary rounded-pill px-4"
                onClick={() => setEditing(true)}
              >
                <AccountIcon name="pencil" /> {t('accounts.profile.update')}
              </button>
            ) : null}
            {canDelete ? (
              <button
                type="button"
                className="btn btn-outline-danger rounded-pill px-4"
                onClick={() => setConfirming(true)}
              >
                <AccountIcon name="trash3" /> {t('accounts.profile.delete')}
              </button>
            ) : null}
            {showMarkHistory ? (
              <Link to={paths.markHistory(user.id)} className="btn btn-outline-primary rounded-pill px-4">
                <AccountIcon name="journal-text" /> {t('accounts.profile.markHistory')}
              </Link>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="profile-card__main">
        {editing ? (
          <ProfileEditForm user={user} onDone={() => setEditing(false)} />
        ) : (
          <ProfileList user={user} />
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('accounts.profile.deleteTitle', { name: user.name })}
        confirmLabel={t('accounts.profile.delete')}
        cancelLabel={t('accounts.cancel')}
        busy={remove.isPending}
        onConfirm={() => void onDelete()}
        onCancel={() => setConfirming(false)}
      >
        <p className="mb-2">
          {parts('accounts.profile.deleteBody', {
            name: user.name,
            email: user.email,
            strong: (chunks) => <strong key="name">{chunks}</strong>,
          })}
        </p>
        <p className="mb-0">{t('accounts.profile.deleteUndone')}</p>
      </ConfirmDialog>
    </article>
  );
}

function ProfileSkeleton() {
  return (
    <div className="profile-card profile-card--skeleton" aria-hidden="true">
      <div className="profile-card__aside">
        <div className="profile-photo profile-card__photo account-skeleton" />
      </div>
      <div className="profile-card__main">
        {[0, 1, 2, 3, 4, 5].map((n) => (
          <div key={n} className="account-skeleton account-skeleton--line" />
        ))}
      </div>
    </div>
  );
}

function ProfileSection({
  shown,
  viewer,
  canDeleteOthers,
}: {
  shown: UseQueryResult<Account>;
  viewer: Account | undefined;
  canDeleteOthers: boolean;
}) {
  const status = sectionStatus(shown);
  const user = shown.data;
  let body: ReactNode;
  if (user) {
    const own = viewer?.id === user.id;
    const principalOnPupil = canDeleteOthers && viewer?.type === USER_TYPE.principal && !own;
    body = (
      <ProfileCard
        user={user}
        canUpdate={own}
        canDelete={principalOnPupil}
        showMarkHistory={principalOnPupil && user.type === USER_TYPE.student}
      />
    );
  } else if (shown.isError && isUnavailable(shown.error)) {
    body = <Unavailable error={shown.error} />;
  } else if (status.pending) {
    body = <ProfileSkeleton />;
  } else {
    body = <SectionState status={status} />;
  }
  return (
    <section className="container py-5" aria-busy={status.pending}>
      {body}
    </section>
  );
}

/** /profile (docs/contract/product.md#school-screens): the logged-in user's own profile, with Update. */
export function OwnProfile() {
  const profile = useCurrentUser();
  return <ProfileSection shown={profile} viewer={profile.data} canDeleteOthers={false} />;
}

/**
 * /student-profile/:id (docs/contract/product.md#school-screens): a pupil's profile; the principal may delete
 * the account (docs/contract/fixes-and-gaps.md#fix-15) and open the pupil's mark history
 * (docs/decisions/0009-running-the-school-year.md), the pupil may update their own.
 */
export function StudentProfile({ id }: { id: number }) {
  const viewer = useCurrentUser();
  const student = useStudentProfile(id);
  return <ProfileSection shown={student} viewer={viewer.data} canDeleteOthers />;
}

/** An id in the path that is not a positive whole number. */
export function StudentProfileNotFound() {
  return (
    <section className="container py-5">
      <Unavailable />
    </section>
  );
}
