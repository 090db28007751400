import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { SETUP_ERROR_CODES, type SetupFormInput, SetupFormSchema } from '../../../../shared/api/setup.js';
import { USER_LIMITS } from '../../../../shared/api/users.js';
import { FormAlert, TextField } from '../../../components/forms/fields.js';
import { paths } from '../../../config/paths.js';
import { isApiError } from '../../../lib/api-client.js';
import { fieldErrorsOf, showFieldErrors } from '../../../lib/form-errors.js';
import { useI18n } from '../../../lib/i18n.js';
import { settingsQueryKey } from '../../../lib/settings.js';
import { useCompleteSetup } from '../api/setup.js';

type Stage = 'form' | 'done' | 'invalid';

/** A failure no field can explain: the server's sentence, or a plain one for a lost connection. */
const failureText = (error: unknown, somethingWentWrong: string): string =>
  isApiError(error) && error.code !== `HTTP_${error.status}` && error.code !== 'INVALID_RESPONSE'
    ? error.message
    : somethingWentWrong;

const FIELDS = ['schoolName', 'name', 'email', 'password'] as const;
type Field = (typeof FIELDS)[number];
/** The form field a server's detail names (`token` is none: the link itself is then refused). */
const fieldOf = (field: string): Field | undefined =>
  (FIELDS as readonly string[]).includes(field) ? (field as Field) : undefined;

/**
 * The set-up page of a real school's first start (docs/decisions/0041-first-start-of-a-real-school.md),
 * opened from the one-time link the server printed: the school's name and the principal's account,
 * then a way to log in. Until it is used the server offers no other page.
 */
export function SetupForm() {
  const id = useId();
  const { t, parts } = useI18n();
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';
  const complete = useCompleteSetup();
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>('form');
  const [failure, setFailure] = useState<string>();
  const form = useForm<SetupFormInput>({
    resolver: zodResolver(SetupFormSchema),
    defaultValues: { schoolName: '', name: '', email: '', password: '', repeat: '' },
  });
  const {
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = async ({ repeat: _repeat, ...fields }: SetupFormInput): Promise<void> => {
    setFailure(undefined);
    try {
      await complete.mutateAsync({ ...fields, token });
    } catch (error) {
      if (isApiError(error) && error.code === SETUP_ERROR_CODES.linkInvalid) {
        setStage('invalid');
        return;
      }
      const shown = showFieldErrors(fieldErrorsOf(error), form.setError, fieldOf);
      if (shown === 0) setFailure(failureText(error, t('setup.somethingWentWrong')));
      return;
    }
    // The page's header and footer show the school's new name.
    await queryClient.invalidateQueries({ queryKey: settingsQueryKey });
    setStage('done');
  };

  const showForm = stage === 'form' && token !== '';

  return (
    <form
      className="account-form"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={form.handleSubmit(onSubmit)}
    >
      <div className="account-form__head">
        <h2 id={`${id}-title`} className="account-form__title">
          {t('setup.title')}
        </h2>
        {showForm ? <p className="account-form__intro">{t('setup.intro')}</p> : null}
      </div>
      {stage === 'done' ? (
        <div className="alert alert-success account-form__success" role="status">
          <strong>{t('setup.done')}</strong>
          <span>
            <Link to={paths.login}>{t('setup.logIn')}</Link>
          </span>
        </div>
      ) : null}
      {stage === 'invalid' ? <FormAlert message={t('setup.linkInvalid')} /> : null}
      {stage === 'form' && token === '' ? (
        <>
          <FormAlert message={t('setup.noLink')} />
          <p className="account-form__switch">
            {parts('setup.setUpAlready', {
              link: (chunks) => (
                <Link key="link" to={paths.login}>
                  {chunks}
                </Link>
              ),
            })}
          </p>
        </>
      ) : null}
      {showForm ? (
        <>
          <FormAlert message={failure} />
          <div className="row g-3">
            <TextField
              id={`${id}-school`}
              label={t('setup.schoolName')}
              registration={form.register('schoolName')}
              error={errors.schoolName}
              required
              autoComplete="organization"
            />
            <TextField
              id={`${id}-name`}
              label={t('setup.name')}
              registration={form.register('name')}
              error={errors.name}
              required
              autoComplete="name"
            />
            <TextField
              id={`${id}-email`}
              label={t('setup.email')}
              type="email"
              registration={form.register('email')}
              error={errors.email}
              hint={t('setup.emailHint')}
              required
              autoComplete="email"
            />
            <TextField
              id={`${id}-password`}
              label={t('setup.password')}
              type="password"
              registration={form.register('password')}
              error={errors.password}
              hint={t('setup.passwordHint', { count: USER_LIMITS.passwordMin })}
              required
              autoComplete="new-password"
            />
            <TextField
              id={`${id}-repeat`}
              label={t('setup.repeat')}
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
              {isSubmitting ? t('setup.submitting') : t('setup.submit')}
            </button>
          </div>
        </>
      ) : null}
    </form>
  );
}
