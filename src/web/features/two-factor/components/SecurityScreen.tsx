import { type FormEvent, useId, useState } from 'react';
import { AUTH_ERROR_CODES, TWO_FACTOR_ERROR_CODES } from '../../../../shared/api/error-codes.js';
import type { Enrolment, TwoFactorStatus } from '../../../../shared/api/two-factor.js';
import { USER_TYPE } from '../../../../shared/constants.js';
import { FailureState, LoadingState } from '../../../components/school/QueryState.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { EnrolmentKey } from '../../../components/two-factor/EnrolmentKey.js';
import { RecoveryCodesList } from '../../../components/two-factor/RecoveryCodesList.js';
import { isApiError } from '../../../lib/api-client.js';
import { useCurrentUser } from '../../../lib/current-user.js';
import { useI18n } from '../../../lib/i18n.js';
import {
  factorOf,
  useConfirmTwoFactor,
  useNewRecoveryCodes,
  useSetRequirement,
  useStartTwoFactor,
  useTurnOffTwoFactor,
  useTwoFactor,
} from '../api/two-factor.js';
import { StaffTwoFactor } from './StaffTwoFactor.js';

type Translate = ReturnType<typeof useI18n>['t'];

/** Why a change with a code did not work, in the reader's words. */
function failureOf(t: Translate, error: unknown): string {
  if (isApiError(error) && error.code === TWO_FACTOR_ERROR_CODES.codeInvalid)
    return t('two-factor.wrongCode');
  if (isApiError(error) && error.code === AUTH_ERROR_CODES.tooManyAttempts) return t('two-factor.tooMany');
  if (isApiError(error) && error.code === TWO_FACTOR_ERROR_CODES.requiredBySchool) return error.message;
  return t('two-factor.failed');
}

/** Turning it on: the key, then the first code; then the recovery codes. */
function TurnOn({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const { t } = useI18n();
  const id = useId();
  const start = useStartTwoFactor();
  const confirm = useConfirmTwoFactor();
  const [enrolment, setEnrolment] = useState<Enrolment>();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState('');

  if (!enrolment) {
    return (
      <button
        type="button"
        className="btn btn-primary rounded-pill px-4 py-2"
        disabled={start.isPending}
        onClick={() =>
          start.mutate(undefined, {
            onSuccess: setEnrolment,
            onError: (error) => setProblem(failureOf(t, error)),
          })
        }
      >
        {t('two-factor.turnOn')}
      </button>
    );
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setProblem('');
    confirm.mutate(
      { code: code.trim() },
      {
        onSuccess: (answer) => onCodes(answer.recoveryCodes),
        onError: (error) => setProblem(failureOf(t, error)),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="h5">
        {t('two-factor.enrol.title')}
      </h3>
      <p>{t('two-factor.enrol.intro')}</p>
      <EnrolmentKey enrolment={enrolment} />
      <CodeField id={`${id}-code`} value={code} onChange={setCode} problem={problem} />
      <div className="d-flex flex-wrap gap-2 mt-3">
        <button type="submit" className="btn btn-primary rounded-pill px-4" disabled={confirm.isPending}>
          {t('two-factor.confirm')}
        </button>
        <button
          type="button"
          className="btn btn-outline-secondary rounded-pill px-4"
          onClick={() => setEnrolment(undefined)}
        >
          {t('two-factor.cancel')}
        </button>
      </div>
    </form>
  );
}

/** The 6-digit code field: numeric keyboard, the browser's one-time-code autofill. */
function CodeField({
  id,
  value,
  onChange,
  problem,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  problem: string;
}) {
  const { t } = useI18n();
  return (
    <div>
      <label htmlFor={id} className="form-label">
        {t('two-factor.code.label')}
      </label>
      <input
        id={id}
        className={`form-control form-control-lg ${problem ? 'is-invalid' : ''}`}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        dir="ltr"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        required
      />
      {problem ? (
        <div id={`${id}-problem`} className="invalid-feedback d-block" role="alert">
          {problem}
        </div>
      ) : null}
    </div>
  );
}

/** With two-factor on: turn it off, or make new recovery codes, each with a current factor. */
function WhenOn({ status, onCodes }: { status: TwoFactorStatus; onCodes: (codes: string[]) => void }) {
  const { t } = useI18n();
  const id = useId();
  const off = useTurnOffTwoFactor();
  const renew = useNewRecoveryCodes();
  const [factor, setFactor] = useState('');
  const [said, setSaid] = useState('');
  const [problem, setProblem] = useState('');
  const busy = off.isPending || renew.isPending;

  const run = (action: 'off' | 'renew') => {
    setProblem('');
    setSaid('');
    if (factor.trim() === '') {
      setProblem(t('two-factor.factor.missing'));
      return;
    }
    const body = factorOf(factor);
    const onError = (error: unknown) => setProblem(failureOf(t, error));
    if (action === 'off') {
      off.mutate(body, { onSuccess: () => setSaid(t('two-factor.off.done')), onError });
    } else {
      renew.mutate(body, { onSuccess: (answer) => onCodes(answer.recoveryCodes), onError });
    }
    setFactor('');
  };

  return (
    <form onSubmit={(event) => event.preventDefault()} noValidate>
      <div className="mb-3">
        <label htmlFor={`${id}-factor`} className="form-label">
          {t('two-factor.factor.label')}
        </label>
        <input
          id={`${id}-factor`}
          className={`form-control ${problem ? 'is-invalid' : ''}`}
          autoComplete="one-time-code"
          dir="ltr"
          value={factor}
          onChange={(event) => setFactor(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
        />
        <div id={`${id}-hint`} className="form-text">
          {t('two-factor.factor.hint')}
        </div>
        {problem ? (
          <div id={`${id}-problem`} className="invalid-feedback d-block" role="alert">
            {problem}
          </div>
        ) : null}
      </div>
      <div className="d-flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-outline-primary rounded-pill px-4"
          disabled={busy}
          onClick={() => run('renew')}
        >
          {t('two-factor.newCodes')}
        </button>
        {status.requiredForStaff ? null : (
          <button
            type="button"
            className="btn btn-outline-danger rounded-pill px-4"
            disabled={busy}
            onClick={() => run('off')}
          >
            {t('two-factor.turnOff')}
          </button>
        )}
      </div>
      <p role="status" className="mt-3 mb-0">
        {said}
      </p>
    </form>
  );
}

/** The principal's switch: two-factor required of all staff. */
function Requirement({ required }: { required: boolean }) {
  const { t } = useI18n();
  const id = useId();
  const save = useSetRequirement();
  const [said, setSaid] = useState('');
  return (
    <div className="border-top pt-3 mt-4">
      <div className="form-check form-switch">
        <input
          id={id}
          type="checkbox"
          role="switch"
          aria-checked={required}
          className="form-check-input"
          checked={required}
          disabled={save.isPending}
          aria-describedby={`${id}-hint`}
          onChange={(event) =>
            save.mutate(
              { required: event.target.checked },
              {
                onSuccess: () => setSaid(t('two-factor.require.saved')),
                onError: () => setSaid(t('two-factor.failed')),
              },
            )
          }
        />
        <label htmlFor={id} className="form-check-label">
          {t('two-factor.require.label')}
        </label>
      </div>
      <div id={`${id}-hint`} className="form-text">
        {t('two-factor.require.hint')}
      </div>
      <p role="status" className="mt-2 mb-0">
        {said}
      </p>
    </div>
  );
}

/**
 * Sign-in security (docs/decisions/0108-two-factor-for-staff.md): a staff member turns two-step
 * sign-in on (QR code, the key as text, the first code, then the ten recovery codes shown once),
 * off, or makes new recovery codes; the principal also requires it of all staff, and resets a staff
 * member's who lost their phone and recovery codes (docs/decisions/0116-the-principal-resets-two-factor.md).
 */
export function SecurityScreen() {
  const { t } = useI18n();
  const status = useTwoFactor();
  const user = useCurrentUser();
  const [codes, setCodes] = useState<string[]>();
  const data = status.data;
  return (
    <SchoolPanel title={t('two-factor.title')} lead={t('two-factor.lead')}>
      {status.isPending ? <LoadingState /> : null}
      {status.isError ? <FailureState error={status.error} retry={() => void status.refetch()} /> : null}
      {data ? (
        <div className="two-factor-settings">
          {codes ? (
            <RecoveryCodesList codes={codes} onDone={() => setCodes(undefined)} />
          ) : (
            <>
              <p className="fw-semibold" role="status">
                {data.enabled
                  ? t('two-factor.status.on', { count: data.recoveryCodesLeft })
                  : t('two-factor.status.off')}
              </p>
              {data.requiredForStaff ? <p>{t('two-factor.status.required')}</p> : null}
              {data.enabled ? <WhenOn status={data} onCodes={setCodes} /> : <TurnOn onCodes={setCodes} />}
            </>
          )}
          {user.data?.type === USER_TYPE.principal ? (
            <>
              <Requirement required={data.requiredForStaff} />
              <StaffTwoFactor requiredForStaff={data.requiredForStaff} />
            </>
          ) : null}
        </div>
      ) : null}
    </SchoolPanel>
  );
}
