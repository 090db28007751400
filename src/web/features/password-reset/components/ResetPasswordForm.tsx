import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { NewPasswordFormSchema } from '../../../../shared/api/mail.js';
import { USER_LIMITS } from '../../../../shared/api/users.js';
import { FormAlert, TextField } from '../../../components/forms/fields.js';
import { paths } from '../../../config/paths.js';
import { fieldErrorsOf, showFieldErrors } from '../../../lib/form-errors.js';
import { useI18n } from '../../../lib/i18n.js';
import { clearSessionToken, getSessionToken } from '../../../lib/session.js';
import { useConfirmPasswordReset } from '../api/password-reset.js';
import { failureText, isInvalidLink } from '../lib/failure-text.js';
import { ResetIcon } from './ResetIcon.js';

type NewPasswordInput = z.infer<typeof NewPasswordFormSchema>;

type Stage = 'form' | 'done' | 'invalid';

/**
 * The page of a reset mail's link (docs/decisions/0023-password-reset.md): the new password twice,
 * then a way to log in with it. A link that is used up, expired or cut short says so and offers to
 * ask again. Every session of the account ends with the reset, this browser's too, so its login
 * cookie goes as well.
 */
export function ResetPasswordForm() {
  const id = useId();
  const { t, parts } = useI18n();
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';
  const confirm = useConfirmPasswordReset();
  const [stage, setStage] = useState<Stage>(token === '' ? 'invalid' : 'form');
  const [failure, setFailure] = useState<string>();
  const form = useForm<NewPasswordInput>({
    resolver: zodResolver(NewPasswordFormSchema),
    defaultValues: { password: '', repeat: '' },
  });
  const {
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = async ({ password }: NewPasswordInput): Promise<void> => {
    setFailure(undefined);
    try {
      await confirm.mutateAsync({ token, password });
    } catch (error) {
      const details = fieldErrorsOf(error);
      if (isInvalidLink(error) || details.some((detail) => detail.field === 'token')) {
        setStage('invalid');
        return;
      }
      const shown = showFieldErrors(details, form.setError, (field) =>
        field === 'password' ? 'password' : undefined,
      );
      if (shown === 0) setFailure(failureText(error, t('password-reset.somethingWentWrong')));
      return;
    }
    if (getSessionToken() !== undefined) clearSessionToken();
    setStage('done');
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
          <ResetIcon name="key" />
        </span>
        <h2 id={`${id}-title`} className="account-form__title">
          {t('password-reset.reset.title')}
        </h2>
        {stage === 'form' ? <p className="account-form__intro">{t('password-reset.reset.intro')}</p> : null}
      </div>
      {stage === 'done' ? (
        <div className="alert alert-success account-form__success" role="status">
          <strong>{t('password-reset.reset.done')}</strong>
          <span>
            {parts('password-reset.reset.doneBody', {
              link: (chunks) => (
                <Link key="link" to={paths.login}>
                  {chunks}
                </Link>
              ),
            })}
          </span>
        </div>
      ) : null}
      {stage === 'invalid' ? (
        <>
          <FormAlert message={t('password-reset.reset.invalid')} />
          <p className="account-form__switch">
            {parts('password-reset.reset.askAgain', {
              link: (chunks) => (
                <Link key="link" to={paths.forgotPassword}>
                  {chunks}
                </Link>
              ),
            })}
          </p>
        </>
      ) : null}
      {stage === 'form' ? (
        <>
          <FormAlert message={failure} />
          <div className="row g-3">
            <TextField
              id={`${id}-password`}
              label={t('password-reset.reset.password')}
              type="password"
              registration={form.register('password')}
              error={errors.password}
              hint={t('password-reset.reset.passwordHint', { count: USER_LIMITS.passwordMin })}
              required
              autoComplete="new-password"
            />
            <TextField
              id={`${id}-repeat`}
              label={t('password-reset.reset.repeat')}
              type="password"
              registration={form.register('repeat')}
              error={errors.repeat}
              required
              autoComplete="new-password"
            />
          </div>
          <div className="account-form__actions">
            <button
              type="submit"
              className="btn btn-primary btn-lg rounded-pill px-5 w-100"
              disabled={isSubmitting}
            >
              {isSubmitting ? t('password-reset.reset.submitting') : t('password-reset.reset.submit')}
            </button>
          </div>
        </>
      ) : null}
    </form>
  );
}
