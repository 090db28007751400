import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { AUTH_ERROR_CODES, TWO_FACTOR_ERROR_CODES } from '../../../../shared/api/error-codes.js';
import type { SecondFactorChallenge } from '../../../../shared/api/two-factor.js';
import type { LoginInput } from '../../../../shared/api/users.js';
import { isSsoRefusal, type SsoAudience } from '../../../../shared/rules/single-sign-on.js';
import { FormAlert, TextField } from '../../../components/forms/fields.js';
import { paths } from '../../../config/paths.js';
import { isApiError } from '../../../lib/api-client.js';
import { AppLink, useAppNavigate } from '../../../lib/app-navigation.js';
import { showFieldErrors } from '../../../lib/form-errors.js';
import { useI18n } from '../../../lib/i18n.js';
import { lazyResolver } from '../../../lib/lazy-resolver.js';
import { notify } from '../../../lib/toast.js';
import { keepPageLanguage, logIn, startSession } from '../api/login.js';
import { SSO_START_URL } from '../api/sso-options.js';
import { loginFailureReason, ssoRefusalReason } from '../lib/login-errors.js';
import { accountFieldErrorsOf } from '../lib/server-errors.js';
import { AccountFormIcon } from './AccountFormIcon.js';

/**
 * The second step, and its checks, load only after a right password of an account with two-factor:
 * most log-ins never need them, and /login carries the password form alone (its JavaScript budget).
 */
const SecondFactorStep = lazy(() =>
  import('./SecondFactorStep.js').then((module) => ({ default: module.SecondFactorStep })),
);

const FIELDS: readonly Path<LoginInput>[] = ['email', 'password'];

/** The checks of `POST login`, loaded when the form is first used. */
const loginResolver = lazyResolver(() =>
  import('../lib/form-resolvers.js').then((module) => module.loginResolver),
);

/**
 * Login (docs/contract/product.md#public-pages, docs/contract/product.md#states;
 * docs/contract/fixes-and-gaps.md#fix-6): on success the token goes into the kids_pre_token cookie for 7 days
 * and the browser moves to /dashboard. Any refusal or network failure shows the toast 'Something Went Wrong!'
 * and the form says why. "Forgot password?" leads to asking for a reset link by mail
 * (docs/decisions/0023-password-reset.md).
 *
 * An island of /login (islands/registry.ts): no router and no query client, so it calls `POST
 * users/login` itself, and the move to /dashboard loads the school area's page (in the app, the router
 * moves).
 */
export function LoginForm({
  ssoName,
  ssoFor = 'both',
}: {
  ssoName?: string;
  /** Who may use the provider (docs/decisions/0114-the-principal-sets-the-sign-in-provider.md). */
  ssoFor?: SsoAudience;
} = {}) {
  const id = useId();
  const { t, parts, locale } = useI18n();
  const navigate = useAppNavigate();
  const [reason, setReason] = useState<{ text: string; pending: boolean }>();
  // Logged in and on the way to the dashboard: as an island that is a page load, which takes a moment.
  const [leaving, setLeaving] = useState(false);
  // A right password of an account with two-factor: its second step (docs/decisions/0108-two-factor-for-staff.md).
  const [challenge, setChallenge] = useState<SecondFactorChallenge>();
  useEffect(() => {
    // Back to this page from the dashboard's (the browser's page cache keeps it as it was left).
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);
  useEffect(() => {
    // Back from the school's provider with a refusal (docs/decisions/0107-sign-in-with-the-schools-provider.md).
    const refusal = new URLSearchParams(window.location.search).get('sso');
    if (isSsoRefusal(refusal))
      setReason({ text: ssoRefusalReason(t, refusal), pending: refusal === 'pending' });
  }, [t]);
  const form = useForm<LoginInput>({
    resolver: loginResolver,
    defaultValues: { email: '', password: '' },
  });
  const {
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = async (values: LoginInput): Promise<void> => {
    setReason(undefined);
    let token: string;
    try {
      token = await logIn(values);
    } catch (error) {
      if (isApiError(error) && error.code === TWO_FACTOR_ERROR_CODES.secondFactorRequired) {
        const { challengeOf } = await import('../api/second-factor.js');
        const secondFactor = challengeOf(error);
        if (secondFactor) {
          setChallenge(secondFactor);
          return;
        }
      }
      notify.error(t('common.toast.loginFailed'));
      // Focus stays put: the reason under the form is read first.
      showFieldErrors(
        accountFieldErrorsOf(error),
        form.setError,
        (field) => FIELDS.find((name) => name === field),
        {
          focus: false,
        },
      );
      setReason({
        text: loginFailureReason(t, error),
        pending: isApiError(error) && error.code === AUTH_ERROR_CODES.accountPending,
      });
      return;
    }
    await enter(token);
  };
  const enter = async (token: string): Promise<void> => {
    startSession(token);
    setLeaving(true);
    await keepPageLanguage(locale);
    navigate(paths.dashboard);
  };
  const busy = isSubmitting || leaving;

  if (challenge) {
    return (
      <Suspense
        fallback={
          <p className="account-form account-form--narrow" role="status">
            {t('accounts.login.submitting')}
          </p>
        }
      >
        <SecondFactorStep
          challenge={challenge}
          onSignedIn={(token) => void enter(token)}
          onBack={() => setChallenge(undefined)}
        />
      </Suspense>
    );
  }

  return (
    // POST, never the browser's default GET: sent before its script has run, a password must not
    // land in the address bar, the history or a server's log.
    <form
      className="account-form account-form--narrow"
      method="post"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={form.handleSubmit(onSubmit)}
      onFocus={loginResolver.preload}
    >
      <div className="account-form__head">
        <span className="account-form__badge" aria-hidden="true">
          <AccountFormIcon name="shield-lock" />
        </span>
        <h2 id={`${id}-title`} className="account-form__title">
          {t('accounts.login.title')}
        </h2>
        <p className="account-form__intro">{t('accounts.login.intro')}</p>
      </div>
      <FormAlert message={reason?.text} />
      {ssoName ? (
        <div className="account-form__actions mt-0 mb-3">
          <a className="btn btn-outline-primary btn-lg rounded-pill px-5 w-100" href={SSO_START_URL}>
            {t('accounts.login.sso.button', { name: ssoName })}
          </a>
          {ssoFor === 'both' ? null : (
            <p className="account-form__intro small mt-2 mb-0">
              {t(ssoFor === 'staff' ? 'accounts.login.sso.forStaff' : 'accounts.login.sso.forParents')}
            </p>
          )}
          <p className="account-form__intro mt-3 mb-0">{t('accounts.login.sso.or')}</p>
        </div>
      ) : null}
      {reason?.pending ? (
        <p className="account-form__note">
          <AccountFormIcon name="hourglass-split" /> {t('accounts.login.pendingNote')}
        </p>
      ) : null}
      <div className="row g-3">
        <TextField
          id={`${id}-email`}
          label={t('accounts.login.email')}
          type="email"
          inputMode="email"
          registration={form.register('email')}
          error={errors.email}
          required
          autoComplete="username"
        />
        <TextField
          id={`${id}-password`}
          label={t('accounts.login.password')}
          type="password"
          registration={form.register('password')}
          error={errors.password}
          required
          autoComplete="current-password"
        />
      </div>
      <p className="text-end mt-2 mb-0">
        <AppLink href={paths.forgotPassword}>{t('accounts.login.forgotPassword')}</AppLink>
      </p>
      <div className="account-form__actions">
        <button type="submit" className="btn btn-primary btn-lg rounded-pill px-5 w-100" disabled={busy}>
          {busy ? t('accounts.login.submitting') : t('accounts.login.submit')}
        </button>
      </div>
      <p className="account-form__switch">
        {parts('accounts.login.switch', {
          link: (chunks) => (
            <AppLink key="link" href={paths.registration}>
              {chunks}
            </AppLink>
          ),
        })}
      </p>
    </form>
  );
}
