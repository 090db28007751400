import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { type PasswordResetRequest, PasswordResetRequestSchema } from '../../../../shared/api/mail.js';
import { FormAlert, TextField } from '../../../components/forms/fields.js';
import { paths } from '../../../config/paths.js';
import { fieldErrorsOf, showFieldErrors } from '../../../lib/form-errors.js';
import { useI18n } from '../../../lib/i18n.js';
import { useRequestPasswordReset } from '../api/password-reset.js';
import { failureText } from '../lib/failure-text.js';
import { ResetIcon } from './ResetIcon.js';

/**
 * "Forgot password?" (docs/decisions/0023-password-reset.md): the email, then the server's one
 * answer, which says a link is on its way if the email has an account, and nothing more. A 429
 * says how long to wait.
 */
export function ForgotPasswordForm() {
  const id = useId();
  const { t, parts } = useI18n();
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string>();
  const form = useForm<PasswordResetRequest>({
    resolver: zodResolver(PasswordResetRequestSchema),
    defaultValues: { email: '' },
  });
  const {
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = async (values: PasswordResetRequest): Promise<void> => {
    setFailure(undefined);
    try {
      await request.mutateAsync(values);
      // The answer's sentence is the contract's English; the page says it in its own language.
      setSent(true);
    } catch (error) {
      const shown = showFieldErrors(fieldErrorsOf(error), form.setError, (field) =>
        field === 'email' ? 'email' : undefined,
      );
      if (shown === 0) setFailure(failureText(error, t('password-reset.somethingWentWrong')));
    }
  };

  return (
    <form
      className="account-form account-form--narrow"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={form.handleSubmit(onSubmit)}
    >
      <div className="account-form__head">
        <span className="account-form__badge" aria-hidden="true">
          <ResetIcon name={sent ? 'envelope-check' : 'key'} />
        </span>
        <h2 id={`${id}-title`} className="account-form__title">
          {t('password-reset.forgot.title')}
        </h2>
        <p className="account-form__intro">{t('password-reset.forgot.intro')}</p>
      </div>
      {sent ? (
        <div className="alert alert-success account-form__success" role="status">
          <strong>{t('password-reset.forgot.sent')}</strong>
          <span>{t('password-reset.forgot.sentBody')}</span>
        </div>
      ) : null}
      <FormAlert message={failure} />
      {sent ? null : (
        <>
          <div className="row g-3">
            <TextField
              id={`${id}-email`}
              label={t('password-reset.forgot.email')}
              type="email"
              inputMode="email"
              registration={form.register('email')}
              error={errors.email}
              required
              autoComplete="username"
            />
          </div>
          <div className="account-form__actions">
            <button
              type="submit"
              className="btn btn-primary btn-lg rounded-pill px-5 w-100"
              disabled={isSubmitting}
            >
              {isSubmitting ? t('password-reset.forgot.submitting') : t('password-reset.forgot.submit')}
            </button>
          </div>
        </>
      )}
      <p className="account-form__switch">
        {parts('password-reset.forgot.switch', {
          link: (chunks) => (
            <Link key="link" to={paths.login}>
              {chunks}
            </Link>
          ),
        })}
      </p>
    </form>
  );
}
