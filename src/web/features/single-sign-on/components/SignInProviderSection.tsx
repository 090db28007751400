import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import {
  type SignInProvider,
  type SignInProviderCheck,
  type SignInProviderInput,
  SignInProviderInputSchema,
  SSO_AUDIENCES,
  SSO_LIMITS,
} from '../../../../shared/api/single-sign-on.js';
import { ErrorLines } from '../../../components/school/ErrorLines.js';
import { FailureState, LoadingState } from '../../../components/school/QueryState.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { isApiError } from '../../../lib/api-client.js';
import { fieldErrorsOf, messageText, showFieldErrors, topLevelField } from '../../../lib/form-errors.js';
import { type MessageKey, useI18n } from '../../../lib/i18n.js';
import { useCheckSignInProvider, useSaveSignInProvider, useSignInProvider } from '../api/sign-in-provider.js';

const FIELDS = [
  'audience',
  'staffMust',
  'issuerUrl',
  'clientId',
  'clientSecret',
  'removeSecret',
  'name',
] as const satisfies readonly Path<SignInProviderInput>[];

/** The form's values for the settings as the server has them: the secret is never among them. */
const valuesOf = (settings: SignInProvider): SignInProviderInput => {
  const own = settings.connection.source === 'school';
  return {
    audience: settings.audience,
    staffMust: settings.staffMust,
    issuerUrl: own ? settings.connection.issuerUrl : '',
    clientId: own ? settings.connection.clientId : '',
    clientSecret: '',
    removeSecret: false,
    name: own ? settings.connection.name : '',
  };
};

/** A check's answer in the reader's words. */
function CheckResult({ result }: { result: SignInProviderCheck }) {
  const { t } = useI18n();
  if (result.ok) return <>{t('sign-in-provider.check.ok', { issuer: result.issuerUrl })}</>;
  return (
    <>
      {t(`sign-in-provider.check.${result.failure ?? 'unreachable'}` as MessageKey)}{' '}
      <span className="text-body-secondary small" dir="ltr">
        {t('sign-in-provider.check.detail', { detail: result.detail })}
      </span>
    </>
  );
}

/** The environment's connection: shown, not changed here, the secret never shown. */
function EnvironmentConnection({ settings }: { settings: SignInProvider }) {
  const { t } = useI18n();
  const { connection } = settings;
  return (
    <>
      <p>{t('sign-in-provider.connection.environment')}</p>
      <dl className="sign-in-provider__facts">
        <dt>{t('sign-in-provider.issuerUrl.label')}</dt>
        <dd dir="ltr">{connection.issuerUrl}</dd>
        <dt>{t('sign-in-provider.clientId.label')}</dt>
        <dd dir="ltr">{connection.clientId}</dd>
        <dt>{t('sign-in-provider.name.label')}</dt>
        <dd>{connection.name || new URL(connection.issuerUrl).hostname}</dd>
        <dt>{t('sign-in-provider.clientSecret.label')}</dt>
        <dd>{t(connection.secretSet ? 'sign-in-provider.secret.set' : 'sign-in-provider.secret.none')}</dd>
      </dl>
    </>
  );
}

function ProviderForm({ settings }: { settings: SignInProvider }) {
  const id = useId();
  const translator = useI18n();
  const { t } = translator;
  const save = useSaveSignInProvider();
  const check = useCheckSignInProvider();
  const [said, setSaid] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [checked, setChecked] = useState<SignInProviderCheck>();
  const [checkProblem, setCheckProblem] = useState('');
  const fromEnvironment = settings.connection.source === 'environment';
  const {
    register,
    handleSubmit,
    setError,
    reset,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<SignInProviderInput>({
    resolver: zodResolver(SignInProviderInputSchema),
    defaultValues: valuesOf(settings),
  });
  const secretSet = settings.connection.source === 'school' && settings.connection.secretSet;
  const removing = watch('removeSecret');
  const staffMust = watch('staffMust');

  const submit = async (values: SignInProviderInput): Promise<void> => {
    setSaid('');
    setProblems([]);
    try {
      const saved = await save.mutateAsync(values);
      reset(valuesOf(saved));
      setSaid(t('sign-in-provider.saved'));
    } catch (error) {
      const shown = showFieldErrors(
        fieldErrorsOf(error),
        setError,
        topLevelField<SignInProviderInput>(FIELDS),
      );
      if (shown === 0) setProblems([isApiError(error) ? error.message : t('sign-in-provider.failed')]);
    }
  };

  const runCheck = () => {
    setChecked(undefined);
    setCheckProblem('');
    check.mutate(
      // The address as typed (saved or not); '' checks the one in use.
      { issuerUrl: fromEnvironment ? '' : getValues('issuerUrl').trim() },
      {
        onSuccess: setChecked,
        onError: (error) => {
          const [detail] = fieldErrorsOf(error);
          setCheckProblem(
            detail
              ? messageText(translator, detail.message)
              : isApiError(error)
                ? error.message
                : t('sign-in-provider.check.failed'),
          );
        },
      },
    );
  };

  const field = (
    name: 'issuerUrl' | 'clientId' | 'clientSecret' | 'name',
    options: { type?: 'url' | 'password' | 'text'; hint?: string; maxLength: number; ltr?: boolean },
  ) => {
    const error = errors[name];
    const described = [options.hint ? `${id}-${name}-hint` : '', error ? `${id}-${name}-error` : '']
      .filter(Boolean)
      .join(' ');
    return (
      <div className="school-field">
        <label className="school-field__label" htmlFor={`${id}-${name}`}>
          {t(`sign-in-provider.${name}.label`)}
        </label>
        <input
          id={`${id}-${name}`}
          type={options.type ?? 'text'}
          className={`form-control${error ? ' is-invalid' : ''}`}
          maxLength={options.maxLength}
          dir={options.ltr ? 'ltr' : undefined}
          autoComplete={options.type === 'password' ? 'new-password' : 'off'}
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          {...register(name)}
        />
        {options.hint ? (
          <div id={`${id}-${name}-hint`} className="form-text">
            {options.hint}
          </div>
        ) : null}
        {error?.message ? (
          <div id={`${id}-${name}-error`} className="invalid-feedback d-block">
            {messageText(translator, error.message)}
          </div>
        ) : null}
      </div>
    );
  };

  const connectionError = (problem: string | undefined) =>
    problem ? <div className="invalid-feedback d-block">{messageText(translator, problem)}</div> : null;

  return (
    <form className="sign-in-provider d-grid gap-4" noValidate onSubmit={handleSubmit(submit)}>
      <section aria-labelledby={`${id}-connection`}>
        <h3 id={`${id}-connection`} className="h5">
          {t('sign-in-provider.connection.heading')}
        </h3>
        {fromEnvironment ? (
          <EnvironmentConnection settings={settings} />
        ) : (
          <div className="d-grid gap-3">
            {settings.connection.source === 'none' ? (
              <p className="mb-0">{t('sign-in-provider.connection.none')}</p>
            ) : null}
            {field('issuerUrl', {
              type: 'url',
              hint: t('sign-in-provider.issuerUrl.hint'),
              maxLength: SSO_LIMITS.issuerUrl,
              ltr: true,
            })}
            {field('clientId', { maxLength: SSO_LIMITS.clientId, ltr: true })}
            {field('clientSecret', {
              type: 'password',
              hint: secretSet
                ? t('sign-in-provider.clientSecret.hintSet')
                : t('sign-in-provider.clientSecret.hintNone'),
              maxLength: SSO_LIMITS.clientSecret,
              ltr: true,
            })}
            {settings.connection.source === 'school' && !settings.connection.secretReadable ? (
              <p className="alert alert-warning mb-0" role="alert">
                {t('sign-in-provider.clientSecret.unreadable')}
              </p>
            ) : null}
            {secretSet ? (
              <div className="form-check">
                <input
                  id={`${id}-removeSecret`}
                  type="checkbox"
                  className="form-check-input"
                  {...register('removeSecret')}
                />
                <label htmlFor={`${id}-removeSecret`} className="form-check-label">
                  {t('sign-in-provider.removeSecret.label')}
                </label>
                {removing ? <div className="form-text">{t('sign-in-provider.removeSecret.hint')}</div> : null}
              </div>
            ) : null}
            {field('name', { hint: t('sign-in-provider.name.hint'), maxLength: SSO_LIMITS.name })}
          </div>
        )}
        <p className="mt-3 mb-2">
          {t('sign-in-provider.redirect.label')}{' '}
          <code dir="ltr" className="text-break">
            {settings.redirectUri}
          </code>
        </p>
        <div className="d-flex flex-wrap gap-2 align-items-center">
          <button
            type="button"
            className="btn btn-outline-primary rounded-pill px-4"
            disabled={check.isPending}
            onClick={runCheck}
          >
            {check.isPending ? t('sign-in-provider.check.running') : t('sign-in-provider.check.run')}
          </button>
        </div>
        <p role="status" className="mt-2 mb-0">
          {checked ? <CheckResult result={checked} /> : checkProblem}
        </p>
      </section>

      <fieldset aria-describedby={`${id}-students`}>
        <legend id={`${id}-who`} className="h5">
          {t('sign-in-provider.who.legend')}
        </legend>
        {SSO_AUDIENCES.map((audience) => (
          <div key={audience} className="form-check">
            <input
              id={`${id}-audience-${audience}`}
              type="radio"
              value={audience}
              className="form-check-input"
              {...register('audience')}
            />
            <label htmlFor={`${id}-audience-${audience}`} className="form-check-label">
              {t(`sign-in-provider.who.${audience}`)}
            </label>
          </div>
        ))}
        {connectionError(errors.audience?.message)}
        <p id={`${id}-students`} className="form-text mb-3">
          {t('sign-in-provider.who.students')}
        </p>
        <div className="form-check form-switch">
          <input
            id={`${id}-staffMust`}
            type="checkbox"
            role="switch"
            aria-checked={staffMust}
            className="form-check-input"
            aria-describedby={`${id}-staffMust-hint`}
            {...register('staffMust')}
          />
          <label htmlFor={`${id}-staffMust`} className="form-check-label">
            {t('sign-in-provider.staffMust.label')}
          </label>
        </div>
        <div id={`${id}-staffMust-hint`} className="form-text">
          {t('sign-in-provider.staffMust.hint')}
        </div>
        {settings.chosen ? null : <p className="mt-3 mb-0">{t('sign-in-provider.defaults')}</p>}
      </fieldset>

      <ErrorLines lines={problems} />
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <button type="submit" className="btn btn-primary rounded-pill px-4" disabled={isSubmitting}>
          {isSubmitting ? t('sign-in-provider.saving') : t('sign-in-provider.save')}
        </button>
        <p role="status" className="mb-0">
          {said}
        </p>
      </div>
    </form>
  );
}

/**
 * Signing in with the school's provider, the principal's section of the sign-in security screen
 * (docs/decisions/0114-the-principal-sets-the-sign-in-provider.md): the provider's connection
 * (read-only when the server's environment sets it; the client secret write-only), a check of it,
 * who may use it and whether staff must.
 */
export function SignInProviderSection() {
  const { t } = useI18n();
  const settings = useSignInProvider();
  return (
    <SchoolPanel title={t('sign-in-provider.title')} lead={t('sign-in-provider.lead')}>
      {settings.isPending ? <LoadingState /> : null}
      {settings.isError ? (
        <FailureState error={settings.error} retry={() => void settings.refetch()} />
      ) : null}
      {settings.data ? <ProviderForm settings={settings.data} /> : null}
    </SchoolPanel>
  );
}
