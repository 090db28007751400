import { type FormEvent, useEffect, useId, useState } from 'react';
import { AUTH_ERROR_CODES, TWO_FACTOR_ERROR_CODES } from '../../../../shared/api/error-codes.js';
import type { Enrolment, SecondFactorChallenge } from '../../../../shared/api/two-factor.js';
import { EnrolmentKey } from '../../../components/two-factor/EnrolmentKey.js';
import { RecoveryCodesList } from '../../../components/two-factor/RecoveryCodesList.js';
import { isApiError } from '../../../lib/api-client.js';
import { useI18n } from '../../../lib/i18n.js';
import { logInSecondFactor, startLoginEnrolment } from '../api/second-factor.js';
import { AccountFormIcon } from './AccountFormIcon.js';

/**
 * The log-in's second step (docs/decisions/0108-two-factor-for-staff.md): the code from the app (or
 * a recovery code) and "remember this device"; or, when the school requires two-factor of an account
 * that has none, its setting up, then the recovery codes, before the session starts.
 */
export function SecondFactorStep({
  challenge,
  onSignedIn,
  onBack,
}: {
  challenge: SecondFactorChallenge;
  onSignedIn: (token: string) => void;
  onBack: () => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [remember, setRemember] = useState(false);
  const [problem, setProblem] = useState('');
  const [expired, setExpired] = useState(false);
  const [busy, setBusy] = useState(false);
  const [enrolment, setEnrolment] = useState<Enrolment>();
  const [done, setDone] = useState<{ token: string; codes: string[] }>();

  useEffect(() => {
    if (!challenge.enrol) return;
    let live = true;
    startLoginEnrolment(challenge.challenge)
      .then((answer) => {
        if (live) setEnrolment(answer);
      })
      .catch(() => {
        if (live) setExpired(true);
      });
    return () => {
      live = false;
    };
  }, [challenge]);

  if (done) {
    return (
      <div className="account-form account-form--narrow">
        <RecoveryCodesList codes={done.codes} onDone={() => onSignedIn(done.token)} />
      </div>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem('');
    const typed = value.trim();
    if (typed === '') {
      setProblem(t(recovery ? 'two-factor.factor.missing' : 'two-factor.code.label'));
      return;
    }
    setBusy(true);
    try {
      const answer = await logInSecondFactor({
        challenge: challenge.challenge,
        ...(recovery ? { recoveryCode: typed } : { code: typed }),
        rememberDevice: remember,
      });
      if (answer.recoveryCodes) setDone({ token: answer.token, codes: answer.recoveryCodes });
      else onSignedIn(answer.token);
    } catch (error) {
      setValue('');
      if (isApiError(error) && error.code === TWO_FACTOR_ERROR_CODES.challengeInvalid) setExpired(true);
      else if (isApiError(error) && error.code === AUTH_ERROR_CODES.tooManyAttempts)
        setProblem(t('two-factor.tooMany'));
      else if (isApiError(error) && error.code === TWO_FACTOR_ERROR_CODES.codeInvalid)
        setProblem(t('two-factor.wrongCode'));
      else setProblem(t('two-factor.failed'));
    } finally {
      setBusy(false);
    }
  };

  const fieldId = `${id}-factor`;
  return (
    <form
      className="account-form account-form--narrow"
      method="post"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void onSubmit(event)}
    >
      <div className="account-form__head">
        <span className="account-form__badge" aria-hidden="true">
          <AccountFormIcon name="shield-lock" />
        </span>
        <h2 id={`${id}-title`} className="account-form__title">
          {t(challenge.enrol ? 'two-factor.enrol.title' : 'two-factor.step.title')}
        </h2>
        <p className="account-form__intro">
          {challenge.enrol
            ? t('two-factor.enrol.required')
            : t(recovery ? 'two-factor.step.recoveryIntro' : 'two-factor.step.intro')}
        </p>
      </div>
      {expired ? (
        <div className="alert alert-warning" role="alert">
          {t('two-factor.step.expired')}
        </div>
      ) : null}
      {challenge.enrol && !expired ? (
        enrolment ? (
          <>
            <p>{t('two-factor.enrol.intro')}</p>
            <EnrolmentKey enrolment={enrolment} />
          </>
        ) : (
          <p role="status">{t('two-factor.enrol.loading')}</p>
        )
      ) : null}
      {expired ? null : (
        <>
          <div className="mb-3">
            <label htmlFor={fieldId} className="form-label">
              {t(recovery ? 'two-factor.step.recoveryCode' : 'two-factor.code.label')}
            </label>
            <input
              id={fieldId}
              key={recovery ? 'recovery' : 'code'}
              className={`form-control form-control-lg ${problem ? 'is-invalid' : ''}`}
              inputMode={recovery ? 'text' : 'numeric'}
              autoComplete="one-time-code"
              maxLength={recovery ? 40 : 6}
              dir="ltr"
              value={value}
              onChange={(event) => setValue(event.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${fieldId}-problem` : undefined}
              required
            />
            {problem ? (
              <div id={`${fieldId}-problem`} className="invalid-feedback d-block" role="alert">
                {problem}
              </div>
            ) : null}
          </div>
          <div className="form-check mb-3">
            <input
              id={`${id}-remember`}
              type="checkbox"
              className="form-check-input"
              checked={remember}
              onChange={(event) => setRemember(event.target.checked)}
            />
            <label htmlFor={`${id}-remember`} className="form-check-label">
              {t('two-factor.step.remember')}
            </label>
          </div>
          <div className="account-form__actions">
            <button type="submit" className="btn btn-primary btn-lg rounded-pill px-5 w-100" disabled={busy}>
              {busy ? t('two-factor.step.submitting') : t('two-factor.step.submit')}
            </button>
          </div>
          {challenge.enrol ? null : (
            <p className="text-center mt-3 mb-0">
              <button
                type="button"
                className="btn btn-link"
                onClick={() => {
                  setRecovery((old) => !old);
                  setValue('');
                  setProblem('');
                }}
              >
                {t(recovery ? 'two-factor.step.useCode' : 'two-factor.step.useRecovery')}
              </button>
            </p>
          )}
        </>
      )}
      <p className="text-center mt-2 mb-0">
        <button type="button" className="btn btn-link" onClick={onBack}>
          {t('two-factor.step.back')}
        </button>
      </p>
    </form>
  );
}
