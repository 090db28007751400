import '../../../styles/family-staff.css';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { RELATIONSHIPS, type Relationship, type ReviewChild } from '../../../../shared/api/family.js';
import { SECOND_PRINCIPAL } from '../../../../shared/api/users.js';
import { USER_TYPE } from '../../../../shared/constants.js';
import { linkTo } from '../../../../shared/screens.js';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.js';
import { SectionState, sectionStatus } from '../../../components/ui/SectionState.js';
import { paths } from '../../../config/paths.js';
import { isApiError } from '../../../lib/api-client.js';
import { type MessageKey, useI18n } from '../../../lib/i18n.js';
import { uploadUrl } from '../../../lib/images.js';
import { dayOfInstant, longDate, useSchoolTimeZone } from '../../../lib/school-time.js';
import { notify } from '../../../lib/toast.js';
import { type PendingAccount, usePendingUsers } from '../api/list-users.js';
import { type ApprovalLink, useSetUserStatus } from '../api/set-user-status.js';
import { genderLabel, userTypeLabel } from '../lib/labels.js';
import { AccountIcon } from './AccountIcon.js';

/** Each relationship's words (the option's value stays the wire value). */
const RELATIONSHIP_KEYS: Readonly<Record<Relationship, MessageKey>> = {
  Mother: 'accounts.approvals.relationship.Mother',
  Father: 'accounts.approvals.relationship.Father',
  Guardian: 'accounts.approvals.relationship.Guardian',
  Other: 'accounts.approvals.relationship.Other',
};

/** One suggested link as the principal sets it: ticked or not, and how they are related. */
interface LinkChoice {
  checked: boolean;
  relationship: Relationship;
}

/** Keyed by child and pupil: one pupil may match two named children. */
type LinkChoices = Record<string, LinkChoice>;

const choiceKey = (childIndex: number, studentId: number): string => `${childIndex}-${studentId}`;

/** A likely relationship to start from; the principal changes it when it is wrong. */
function likelyRelationship(gender: string): Relationship {
  const value = gender.trim().toLowerCase();
  if (value === 'female') return 'Mother';
  if (value === 'male') return 'Father';
  return 'Guardian';
}

/** Ticked when a named child has exactly one matching pupil; otherwise the principal chooses. */
function initialChoices(children: readonly ReviewChild[], gender: string): LinkChoices {
  const relationship = likelyRelationship(gender);
  return Object.fromEntries(
    children.flatMap((child, childIndex) =>
      child.matches.map((match) => [
        choiceKey(childIndex, match.studentId),
        { checked: child.matches.length === 1, relationship },
      ]),
    ),
  );
}

/** The ticked links, one per pupil. */
function chosenLinks(children: readonly ReviewChild[], choices: LinkChoices): ApprovalLink[] {
  const links = new Map<number, ApprovalLink>();
  children.forEach((child, childIndex) => {
    for (const match of child.matches) {
      const choice = choices[choiceKey(childIndex, match.studentId)];
      if (choice?.checked && !links.has(match.studentId)) {
        links.set(match.studentId, { studentId: match.studentId, relationship: choice.relationship });
      }
    }
  });
  return [...links.values()];
}

interface SuggestedLinksProps {
  named: readonly ReviewChild[];
  choices: LinkChoices;
  onChange: (key: string, choice: LinkChoice) => void;
}

/**
 * The children a registering Parent named, each with the pupils that may be them
 * (docs/decisions/0021-families.md#staff-screens): the principal ticks the right ones and the
 * approval links them.
 */
function SuggestedLinks({ named, choices, onChange }: SuggestedLinksProps) {
  const id = useId();
  const { t, parts, locale } = useI18n();
  return (
    <section className="approval-children" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="approval-children__title">
        {t('accounts.approvals.children')}
      </h4>
      <ul className="approval-children__list">
        {named.map((child, childIndex) => (
          // The named children have no id; their order is fixed for the card's life.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <li key={childIndex}>
            <p className="approval-children__child">
              {t('accounts.approvals.childBorn', {
                name: child.name,
                dob: longDate(child.dob, { weekday: false, locale }),
              })}
            </p>
            {child.matches.length === 0 ? (
              <p className="approval-children__none">
                {parts('accounts.approvals.noMatch', {
                  link: (chunks) => (
                    <Link key="link" to={linkTo('/guardians')}>
                      {chunks}
                    </Link>
                  ),
                })}
              </p>
            ) : (
              child.matches.map((match) => {
                const key = choiceKey(childIndex, match.studentId);
                const choice = choices[key] ?? { checked: false, relationship: 'Guardian' };
                const boxId = `${id}-${key}`;
                return (
                  <div key={match.studentId} className="approval-children__match">
                    <input
                      id={boxId}
                      type="checkbox"
                      className="form-check-input"
                      checked={choice.checked}
                      onChange={(event) => onChange(key, { ...choice, checked: event.target.checked })}
                    />
                    <label htmlFor={boxId}>
                      {t('accounts.approvals.linkTo', { pupil: match.studentName })}{' '}
                      <span className="approval-children__pupil">
                        {t('accounts.approvals.matchDetail', {
                          className: match.className ?? t('accounts.approvals.noClass'),
                          dob: longDate(match.dob, { weekday: false, locale }),
                        })}
                      </span>
                    </label>
                    <select
                      className="form-select form-select-sm"
                      aria-label={t('accounts.approvals.relationshipTo', { pupil: match.studentName })}
                      value={choice.relationship}
                      disabled={!choice.checked}
                      onChange={(event) =>
                        onChange(key, { ...choice, relationship: event.target.value as Relationship })
                      }
                    >
                      {RELATIONSHIPS.map((relationship) => (
                        <option key={relationship} value={relationship}>
                          {t(RELATIONSHIP_KEYS[relationship])}
                        </option>
                      ))}
                    </select>
                  </div>
                );
              })
            )}
          </li>
        ))}
      </ul>
      <p className="approval-children__none mt-2">{t('accounts.approvals.linksOnApprove')}</p>
    </section>
  );
}

function Photos({ user }: { user: PendingAccount }) {
  const { t } = useI18n();
  const [first, ...others] = user.photos;
  if (!first) {
    return (
      <div className="approval-card__photos">
        <div className="profile-photo profile-photo--none approval-card__photo">
          <AccountIcon name="person-circle" />
          <span>{t('accounts.profile.noPhoto')}</span>
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
                <img
                  src={uploadUrl(photo)}
                  alt={t('accounts.approvals.photoOf', {
                    name: user.name,
                    index: index + 2,
                    total: user.photos.length,
                  })}
                />
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
      {/* The applicant's own data, in its own direction: a phone number stays "+1 555 …" in Arabic. */}
      <dd dir="auto">{value}</dd>
    </div>
  );
}

function ApprovalCard({ user }: { user: PendingAccount }) {
  const headingId = useId();
  const { t, locale } = useI18n();
  const timeZone = useSchoolTimeZone();
  const change = useSetUserStatus();
  const [confirmReject, setConfirmReject] = useState(false);
  // A Principle's approval makes a second principal: it asks the approver's own password first.
  const isPrincipal = user.type === USER_TYPE.principal;
  const [confirmPrincipal, setConfirmPrincipal] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const passwordId = useId();
  const children = user.children ?? [];
  const [choices, setChoices] = useState<LinkChoices>(() => initialChoices(children, user.gender));

  const decide = async (status: 'active' | 'rejected'): Promise<void> => {
    const links = status === 'active' ? chosenLinks(children, choices) : [];
    const withPassword = status === 'active' && isPrincipal ? { password } : {};
    try {
      await change.mutateAsync({
        id: user.id,
        status,
        ...(links.length > 0 ? { links } : {}),
        ...withPassword,
      });
    } catch (error) {
      const passwordRefused =
        isApiError(error) &&
        (error.code === SECOND_PRINCIPAL.codes.wrongPassword ||
          error.code === SECOND_PRINCIPAL.codes.passwordRequired);
      if (passwordRefused) {
        // The dialog stays open: the principal types the password again.
        setPasswordError(error.message);
        return;
      }
      setConfirmReject(false);
      setConfirmPrincipal(false);
      notify.error(
        isApiError(error)
          ? t('accounts.approvals.failedBecause', { reason: error.message })
          : t('accounts.approvals.failed'),
      );
      return;
    }
    setConfirmPrincipal(false);
    notify.success(
      status === 'active'
        ? t('accounts.approvals.approved', { name: user.name })
        : t('accounts.approvals.rejected', { name: user.name }),
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
            <span className="approval-card__type">{userTypeLabel(t, user.type)}</span>
          </div>
          <p className="approval-card__when">
            {t('accounts.approvals.registeredOn', {
              date: dayOfInstant(user.createdAt, timeZone, { weekday: false, locale }),
            })}
          </p>
          <dl className="approval-card__details">
            <Detail label={t('accounts.fields.email')} value={user.email} />
            <Detail label={t('accounts.fields.designation')} value={user.designation} />
            <Detail label={t('accounts.fields.gender')} value={genderLabel(t, user.gender)} />
            <Detail
              label={t('accounts.fields.dob')}
              value={user.dob ? longDate(user.dob, { weekday: false, locale }) : ''}
            />
            <Detail label={t('accounts.fields.contact')} value={user.contact} />
            <Detail label={t('accounts.fields.address')} value={user.address} />
            <Detail label={t('accounts.fields.socialLink')} value={user.socialLink} />
            <Detail label={t('accounts.fields.description')} value={user.description} />
          </dl>
          {children.length > 0 ? (
            <SuggestedLinks
              named={children}
              choices={choices}
              onChange={(key, choice) => setChoices((current) => ({ ...current, [key]: choice }))}
            />
          ) : null}
          <div className="approval-card__actions">
            <button
              type="button"
              className="btn btn-success rounded-pill px-4"
              onClick={() => {
                if (!isPrincipal) {
                  void decide('active');
                  return;
                }
                setPassword('');
                setPasswordError(undefined);
                setConfirmPrincipal(true);
              }}
              disabled={change.isPending}
              aria-describedby={headingId}
            >
              <AccountIcon name="check-lg" /> {t('accounts.approvals.approve')}
            </button>
            <button
              type="button"
              className="btn btn-outline-danger rounded-pill px-4"
              onClick={() => setConfirmReject(true)}
              disabled={change.isPending}
              aria-describedby={headingId}
            >
              <AccountIcon name="x-lg" /> {t('accounts.approvals.reject')}
            </button>
          </div>
        </div>
        <ConfirmDialog
          open={confirmReject}
          title={t('accounts.approvals.rejectTitle', { name: user.name })}
          confirmLabel={t('accounts.approvals.reject')}
          cancelLabel={t('accounts.cancel')}
          busy={change.isPending}
          onConfirm={() => void decide('rejected')}
          onCancel={() => setConfirmReject(false)}
        >
          <p className="mb-0">{t('accounts.approvals.rejectBody', { name: user.name, email: user.email })}</p>
        </ConfirmDialog>
        <ConfirmDialog
          open={confirmPrincipal}
          title={t('accounts.approvals.secondPrincipalTitle', { name: user.name })}
          confirmLabel={t('accounts.approvals.approve')}
          cancelLabel={t('accounts.cancel')}
          tone="primary"
          busy={change.isPending}
          onConfirm={() => void decide('active')}
          onCancel={() => setConfirmPrincipal(false)}
        >
          <p>{t('accounts.approvals.secondPrincipal')}</p>
          <label htmlFor={passwordId} className="form-label">
            {t('accounts.approvals.yourPassword')}
          </label>
          <input
            id={passwordId}
            type="password"
            className={`form-control${passwordError ? ' is-invalid' : ''}`}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={`${passwordId}-hint`}
          />
          <div
            id={`${passwordId}-hint`}
            className={passwordError ? 'invalid-feedback' : 'form-text'}
            role={passwordError ? 'alert' : undefined}
          >
            {passwordError ?? t('accounts.approvals.yourPasswordHint')}
          </div>
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
  const { t } = useI18n();
  const query = usePendingUsers();
  const status = sectionStatus(query);
  const forbidden = isApiError(query.error) && query.error.status === 403;
  const users = query.data;

  return (
    <section className="approvals container py-5" aria-labelledby={headingId} aria-busy={status.pending}>
      <div className="approvals__head">
        <h2 id={headingId} className="approvals__title">
          {t('accounts.approvals.title')}
        </h2>
        {users && users.length > 0 ? (
          <p className="approvals__count">{t('accounts.approvals.count', { count: users.length })}</p>
        ) : null}
      </div>
      {forbidden ? (
        <div className="profile-unavailable" role="alert">
          <AccountIcon name="shield-lock" className="profile-unavailable__icon" />
          <p className="profile-unavailable__title">{t('accounts.approvals.principalOnly')}</p>
          <Link to={paths.dashboard} className="btn btn-primary rounded-pill px-4">
            {t('accounts.backToDashboard')}
          </Link>
        </div>
      ) : (
        <SectionState status={status} />
      )}
      {users && users.length === 0 ? (
        <p className="approvals__none">
          <AccountIcon name="person-check" /> {t('accounts.approvals.none')}
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
