import { useId, useState } from 'react';
import type { StaffTwoFactor as StaffAccount } from '../../../../shared/api/two-factor.js';
import { FailureState, LoadingState } from '../../../components/school/QueryState.js';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.js';
import { isApiError } from '../../../lib/api-client.js';
import { type MessageKey, useI18n } from '../../../lib/i18n.js';
import { dayOfInstant, useSchoolTimeZone } from '../../../lib/school-time.js';
import { useResetStaffTwoFactor, useStaffTwoFactor } from '../api/staff-two-factor.js';

/** What the last reset said, where it was asked for: done, or why not. */
type Outcome = { kind: 'done' | 'failed'; text: string };

function StaffRow({
  account,
  onReset,
  busy,
}: {
  account: StaffAccount;
  onReset: (account: StaffAccount) => void;
  busy: boolean;
}) {
  const { t, locale } = useI18n();
  const timeZone = useSchoolTimeZone();
  const nameId = useId();
  return (
    <li className="list-group-item py-3">
      <div className="d-flex flex-wrap gap-2 align-items-center justify-content-between">
        <div>
          <bdi id={nameId} className="fw-bold d-block">
            {account.name}
          </bdi>
          <span className="text-body-secondary text-break">
            {t(`common.userType.${account.type}` as MessageKey)} · <bdi>{account.email}</bdi>
          </span>
          {account.lastReset ? (
            <span className="d-block small text-body-secondary">
              {t('two-factor.staff.lastReset', {
                name: account.lastReset.byName,
                date: dayOfInstant(account.lastReset.at, timeZone, { weekday: false, locale }),
              })}
            </span>
          ) : null}
        </div>
        <div className="d-flex flex-wrap gap-2 align-items-center">
          <span className={`badge ${account.enabled ? 'text-bg-success' : 'text-bg-secondary'}`}>
            {account.enabled ? t('two-factor.staff.on') : t('two-factor.staff.off')}
          </span>
          {account.enabled ? (
            <button
              type="button"
              className="btn btn-outline-danger rounded-pill px-3"
              aria-describedby={nameId}
              disabled={busy}
              onClick={() => onReset(account)}
            >
              {t('two-factor.staff.reset')}
            </button>
          ) : null}
        </div>
      </div>
    </li>
  );
}

/**
 * The principal's list of the staff's two-step sign-in (docs/decisions/0116-the-principal-resets-two-factor.md):
 * each active staff account with it on or off and its last reset, and "Reset two-step sign-in", after
 * a confirmation, for one who lost their phone and their recovery codes.
 */
export function StaffTwoFactor({ requiredForStaff }: { requiredForStaff: boolean }) {
  const { t } = useI18n();
  const id = useId();
  const staff = useStaffTwoFactor();
  const reset = useResetStaffTwoFactor();
  const [asking, setAsking] = useState<StaffAccount>();
  const [outcome, setOutcome] = useState<Outcome>();

  const confirm = (account: StaffAccount) => {
    setOutcome(undefined);
    reset.mutate(account.id, {
      onSuccess: () => setOutcome({ kind: 'done', text: t('two-factor.staff.done', { name: account.name }) }),
      onError: (error) =>
        setOutcome({
          kind: 'failed',
          text: t('two-factor.staff.failed', {
            name: account.name,
            reason: isApiError(error) ? error.message : t('two-factor.failed'),
          }),
        }),
      onSettled: () => setAsking(undefined),
    });
  };

  return (
    <section className="border-top pt-3 mt-4" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="h5">
        {t('two-factor.staff.title')}
      </h3>
      <p>{t('two-factor.staff.intro')}</p>
      {staff.isPending ? <LoadingState /> : null}
      {staff.isError ? <FailureState error={staff.error} retry={() => void staff.refetch()} /> : null}
      {staff.data && staff.data.length === 0 ? <p>{t('two-factor.staff.none')}</p> : null}
      {staff.data && staff.data.length > 0 ? (
        <ul className="list-group">
          {staff.data.map((account) => (
            <StaffRow key={account.id} account={account} onReset={setAsking} busy={reset.isPending} />
          ))}
        </ul>
      ) : null}
      {/* There before it speaks, so that screen readers read what the reset did. */}
      <p role="status" className="mt-3 mb-0">
        {outcome?.kind === 'done' ? outcome.text : ''}
      </p>
      {outcome?.kind === 'failed' ? (
        <p role="alert" className="text-danger mb-0">
          {outcome.text}
        </p>
      ) : null}
      <ConfirmDialog
        open={asking !== undefined}
        title={t('two-factor.staff.confirmTitle', { name: asking?.name ?? '' })}
        confirmLabel={t('two-factor.staff.confirm')}
        busy={reset.isPending}
        onConfirm={() => {
          if (asking) confirm(asking);
        }}
        onCancel={() => setAsking(undefined)}
      >
        <p>{t('two-factor.staff.confirmBody', { name: asking?.name ?? '' })}</p>
        <p className="mb-0">
          {requiredForStaff ? t('two-factor.staff.confirmRequired') : t('two-factor.staff.confirmOptional')}
        </p>
      </ConfirmDialog>
    </section>
  );
}
