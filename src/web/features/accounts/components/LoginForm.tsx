import { useId, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { LoginInput } from '../../../../shared/api/users.js';
import { MESSAGES } from '../../../../shared/constants.js';
import { FormAlert, TextField } from '../../../components/forms/fields.js';
import { paths } from '../../../config/paths.js';
import { isApiError } from '../../../lib/api-client.js';
import { showFieldErrors } from '../../../lib/form-errors.js';
import { lazyResolver } from '../../../lib/lazy-resolver.js';
import { notify } from '../../../lib/toast.js';
import { useLogin } from '../api/login.js';
import { loginFailureReason } from '../lib/login-errors.js';
import { accountFieldErrorsOf } from '../lib/server-errors.js';
import { AccountIcon } from './AccountIcon.js';

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
 */
export function LoginForm() {
  const id = useId();
  const navigate = useNavigate();
  const login = useLogin();
  const [reason, setReason] = useState<{ text: string; pending: boolean }>();
  const form = useForm<LoginInput>({
    resolver: loginResolver,
    defaultValues: { email: '', password: '' },
  });
  const {
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = async (values: LoginInput): Promise<void> => {
    setReason(undefined);
    try {
      await login.mutateAsync(values);
    } catch (error) {
      notify.error(MESSAGES.loginFailed);
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
        text: loginFailureReason(error),
        pending: isApiError(error) && error.code === 'ACCOUNT_PENDING',
      });
      return;
    }
    await navigate(paths.dashboard);
  };

  return (
    <form
      className="account-form account-form--narrow"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={form.handleSubmit(onSubmit)}
      onFocus={loginResolver.preload}
    >
      <div className="account-form__head">
        <span className="account-form__badge" aria-hidden="true">
          <AccountIcon name="shield-lock" />
        </span>
        <h2 id={`${id}-title`} className="account-form__title">
          Welcome back!
        </h2>
        <p className="account-form__intro">Log in to reach your dashboard, classes and results.</p>
      </div>
      <FormAlert message={reason?.text} />
      {reason?.pending ? (
        <p className="account-form__note">
          <AccountIcon name="hourglass-split" /> New accounts can log in once the principal has approved them.
        </p>
      ) : null}
      <div className="row g-3">
        <TextField
          id={`${id}-email`}
          label="Email"
          type="email"
          inputMode="email"
          registration={form.register('email')}
          error={errors.email}
          required
          autoComplete="username"
        />
        <TextField
          id={`${id}-password`}
          label="Password"
          type="password"
          registration={form.register('password')}
          error={errors.password}
          required
          autoComplete="current-password"
        />
      </div>
      <p className="text-end mt-2 mb-0">
        <Link to={paths.forgotPassword}>Forgot password?</Link>
      </p>
      <div className="account-form__actions">
        <button
          type="submit"
          className="btn btn-primary btn-lg rounded-pill px-5 w-100"
          disabled={isSubmitting}
        >
          {isSubmitting ? 'Logging in…' : 'Login'}
        </button>
      </div>
      <p className="account-form__switch">
        New here? <Link to={paths.registration}>Register for an account</Link>.
      </p>
    </form>
  );
}
