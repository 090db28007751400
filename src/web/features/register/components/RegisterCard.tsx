import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import type { RegisterRow } from '../../../../shared/api/family.js';
import { isApiError } from '../../../lib/api-client.js';
import { type Translator, useI18n } from '../../../lib/i18n.js';
import { uploadUrl } from '../../../lib/images.js';
import { formatTime } from '../../../lib/school-time.js';
import { notify } from '../../../lib/toast.js';
import { useRecordCheckin } from '../api/record-checkin.js';
import { CheckoutDialog } from './CheckoutDialog.js';

type RowState = 'absent' | 'in' | 'out';

const stateOf = (row: RegisterRow): RowState => {
  if (row.present) return 'in';
  return row.checkedOutAt ? 'out' : 'absent';
};

function statusText(t: Translator['t'], row: RegisterRow, timeZone: string | undefined): string {
  const state = stateOf(row);
  if (state === 'in' && row.checkedInAt) {
    return t('register.card.inSince', { time: formatTime(row.checkedInAt, timeZone) });
  }
  if (state === 'out' && row.checkedOutAt) {
    const time = formatTime(row.checkedOutAt, timeZone);
    return row.collectedBy
      ? t('register.card.collectedBy', { time, name: row.collectedBy })
      : t('register.card.leftAt', { time });
  }
  return t('register.card.notArrived');
}

/** The child's photo, or the first letter of the name on a coloured disc. */
function Avatar({ row }: { row: RegisterRow }) {
  if (row.image) return <img className="register-card__photo" src={uploadUrl(row.image)} alt="" />;
  return (
    <span className="register-card__photo register-card__photo--initial" aria-hidden="true">
      {row.studentName.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

const strong = (chunks: ReactNode[]) => <strong key="strong">{chunks}</strong>;

export interface RegisterCardProps {
  row: RegisterRow;
  timeZone: string | undefined;
  /** An earlier day: shown, not changed. */
  readOnly: boolean;
}

/**
 * One child of the day's register (docs/decisions/0021-families.md#staff-screens): who they are,
 * the allergy flag at a glance, today a mark when the child may not go on local outings, where
 * they are now, and the one button that moves them on.
 */
export function RegisterCard({ row, timeZone, readOnly }: RegisterCardProps) {
  const nameId = useId();
  const { t, parts } = useI18n();
  const checkin = useRecordCheckin();
  const [checkingOut, setCheckingOut] = useState(false);
  const state = stateOf(row);

  const checkIn = async (): Promise<void> => {
    try {
      await checkin.mutateAsync({ studentId: row.studentId, kind: 'in' });
    } catch (error) {
      notify.error(isApiError(error) ? error.message : t('register.card.failed'));
      return;
    }
    notify.success(t('register.card.checkedIn', { name: row.studentName }));
  };

  return (
    <li className={`register-card register-card--${state}`}>
      <article className="register-card__inner" aria-labelledby={nameId}>
        <Avatar row={row} />
        <div className="register-card__body">
          <h3 id={nameId} className="register-card__name">
            {row.studentName}
          </h3>
          {row.allergy ? (
            <p className="register-card__allergy">
              <span className="register-card__allergy-mark" aria-hidden="true">
                !
              </span>
              <span>
                {row.allergies.trim()
                  ? parts('register.card.allergy', { allergies: row.allergies.trim(), strong })
                  : parts('register.card.allergyUnknown', { strong })}
              </span>
            </p>
          ) : null}
          {readOnly || row.outings ? null : (
            // Who stays behind on a walk to the park (docs/decisions/0115-trips-in-the-consent-ledger.md):
            // the consent ledger's now; the link opens the child's consents on the care screen.
            <p className="register-card__outings">
              <Link to={`/care/${row.studentId}`} aria-describedby={nameId}>
                {t('register.card.noOutings')}
              </Link>
            </p>
          )}
          <p className="register-card__status">{statusText(t, row, timeZone)}</p>
          {row.reason ? (
            <p className="register-card__reason">{t('register.card.notOnList', { reason: row.reason })}</p>
          ) : null}
        </div>
        {readOnly ? null : (
          <div className="register-card__actions">
            {state === 'in' ? (
              <button
                type="button"
                className="btn btn-outline-primary rounded-pill register-card__button"
                onClick={() => setCheckingOut(true)}
                aria-describedby={nameId}
              >
                {t('register.card.checkOut')}
              </button>
            ) : (
              <button
                type="button"
                className={
                  state === 'out'
                    ? 'btn btn-outline-primary rounded-pill register-card__button register-card__button--again'
                    : 'btn btn-primary rounded-pill register-card__button'
                }
                onClick={() => void checkIn()}
                disabled={checkin.isPending}
                aria-describedby={nameId}
              >
                {checkin.isPending
                  ? t('register.card.saving')
                  : state === 'out'
                    ? // A collected child who comes back (from the doctor, say): a quieter button than the morning's.
                      t('register.card.checkInAgain')
                    : t('register.card.checkIn')}
              </button>
            )}
          </div>
        )}
      </article>
      {checkingOut ? <CheckoutDialog row={row} onClose={() => setCheckingOut(false)} /> : null}
    </li>
  );
}
