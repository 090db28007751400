import { useId, useState } from 'react';
import type { RegisterRow } from '../../../../shared/api/family.js';
import { isApiError } from '../../../lib/api-client.js';
import { uploadUrl } from '../../../lib/images.js';
import { formatTime } from '../../../lib/school-time.js';
import { notify } from '../../../lib/toast.js';
import { useRecordCheckin } from '../api/record-checkin.js';
import { CheckoutDialog } from './CheckoutDialog.js';

export const REGISTER_TEXTS = {
  notArrived: 'Not arrived',
  inSince: (time: string) => `In since ${time}`,
  collected: (time: string, by: string | null) => (by ? `Collected ${time} by ${by}` : `Left at ${time}`),
  notOnList: 'Not on the list. Reason:',
  allergy: 'Allergy',
  checkIn: 'Check in',
  checkOut: 'Check out',
  /** A collected child who comes back (from the doctor, say): a quieter button than the morning's. */
  checkInAgain: 'Check in again',
  checkedIn: (name: string) => `${name} is checked in.`,
  failed: 'That did not work.',
} as const;

type RowState = 'absent' | 'in' | 'out';

const stateOf = (row: RegisterRow): RowState => {
  if (row.present) return 'in';
  return row.checkedOutAt ? 'out' : 'absent';
};

function statusText(row: RegisterRow, timeZone: string | undefined): string {
  const state = stateOf(row);
  if (state === 'in' && row.checkedInAt) return REGISTER_TEXTS.inSince(formatTime(row.checkedInAt, timeZone));
  if (state === 'out' && row.checkedOutAt) {
    return REGISTER_TEXTS.collected(formatTime(row.checkedOutAt, timeZone), row.collectedBy);
  }
  return REGISTER_TEXTS.notArrived;
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

export interface RegisterCardProps {
  row: RegisterRow;
  timeZone: string | undefined;
  /** An earlier day: shown, not changed. */
  readOnly: boolean;
}

/**
 * One child of the day's register (docs/decisions/0021-families.md#staff-screens): who they are,
 * the allergy flag at a glance, where they are now, and the one button that moves them on.
 */
export function RegisterCard({ row, timeZone, readOnly }: RegisterCardProps) {
  const nameId = useId();
  const checkin = useRecordCheckin();
  const [checkingOut, setCheckingOut] = useState(false);
  const state = stateOf(row);

  const checkIn = async (): Promise<void> => {
    try {
      await checkin.mutateAsync({ studentId: row.studentId, kind: 'in' });
    } catch (error) {
      notify.error(isApiError(error) ? error.message : REGISTER_TEXTS.failed);
      return;
    }
    notify.success(REGISTER_TEXTS.checkedIn(row.studentName));
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
                <strong>{REGISTER_TEXTS.allergy}:</strong> {row.allergies.trim() || 'see the care details'}
              </span>
            </p>
          ) : null}
          <p className="register-card__status">{statusText(row, timeZone)}</p>
          {row.reason ? (
            <p className="register-card__reason">
              {REGISTER_TEXTS.notOnList} {row.reason}
            </p>
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
                {REGISTER_TEXTS.checkOut}
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
                  ? 'Saving…'
                  : state === 'out'
                    ? REGISTER_TEXTS.checkInAgain
                    : REGISTER_TEXTS.checkIn}
              </button>
            )}
          </div>
        )}
      </article>
      {checkingOut ? <CheckoutDialog row={row} onClose={() => setCheckingOut(false)} /> : null}
    </li>
  );
}
