import { useEffect, useId, useRef, useState } from 'react';
import { Controller, type Path, useForm, useWatch } from 'react-hook-form';
import { USER_LIMITS } from '../../../../shared/api/user-form-fields.js';
import { REGISTRATION_MESSAGE_MS, USER_TYPE, USER_TYPES } from '../../../../shared/constants.js';
import { FormAlert, SelectField, TextField } from '../../../components/forms/fields.js';
import { paths } from '../../../config/paths.js';
import { AppLink } from '../../../lib/app-navigation.js';
import { useI18n } from '../../../lib/i18n.js';
import { lazyResolver } from '../../../lib/lazy-resolver.js';
import { notify } from '../../../lib/toast.js';
import { type RegistrationFormInput, type RegistrationFormValues, registerUser } from '../api/register.js';
import { userTypeLabel } from '../lib/labels.js';
import { applyServerErrors } from '../lib/server-errors.js';
import { ChildrenFields } from './ChildrenFields.js';
import { PersonalDetailsFields } from './PersonalDetailsFields.js';
import { PhotoPicker } from './PhotoPicker.js';

/** Type and gender start unchosen: the select shows its prompt, no radio is checked. */
const EMPTY_FORM: Partial<RegistrationFormInput> = {
  name: '',
  designation: '',
  description: '',
  dob: '',
  address: '',
  contact: '',
  email: '',
  password: '',
  socialLink: '',
  images: [],
  children: [],
};

const FIELDS: readonly Path<RegistrationFormInput>[] = [
  'name',
  'designation',
  'description',
  'type',
  'gender',
  'dob',
  'address',
  'contact',
  'email',
  'password',
  'socialLink',
  'images',
  'children',
];

/** The checks of `POST users` as the form holds them, loaded when the form is first used. */
const registrationResolver = lazyResolver(() =>
  import('../lib/form-resolvers.js').then((module) => module.registrationResolver),
);

/**
 * Registration (docs/contract/product.md#public-pages, docs/contract/product.md#records,
 * docs/contract/product.md#states, docs/contract/product.md#validation;
 * docs/contract/fixes-and-gaps.md#fix-9): every field of the payload, checked with the schema `POST users`
 * uses. Success: a toast and the green 'Registered Successfully!' for 10 s, an empty form, and word that the
 * principal approves the account. Failure: the 'Registered Failed!' toast, the error logged, and the server's
 * reasons at their fields. Cancel empties everything.
 *
 * An island of /registation (islands/registry.ts): no router and no query client, so it calls
 * `POST users` itself; its links are plain links there (router links in the app).
 */
export function RegistrationForm() {
  const id = useId();
  const { t, parts } = useI18n();
  const [registeredAt, setRegisteredAt] = useState<number>();
  const [formMessage, setFormMessage] = useState<string>();
  const photoInput = useRef<HTMLInputElement>(null);
  const form = useForm<RegistrationFormInput, unknown, RegistrationFormValues>({
    resolver: registrationResolver,
    defaultValues: EMPTY_FORM,
  });
  const {
    formState: { errors, isSubmitting },
  } = form;
  const parent = useWatch({ control: form.control, name: 'type' }) === USER_TYPE.parent;

  // docs/contract/product.md#states: the success message disappears after REGISTRATION_MESSAGE_MS.
  useEffect(() => {
    if (registeredAt === undefined) return;
    const timer = setTimeout(() => setRegisteredAt(undefined), REGISTRATION_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [registeredAt]);

  const empty = (): void => {
    // No values: react-hook-form also resets the <form>, so the select and radios start unchosen.
    form.reset();
    if (photoInput.current) photoInput.current.value = '';
    setFormMessage(undefined);
  };

  const onSubmit = async (values: RegistrationFormValues): Promise<void> => {
    setFormMessage(undefined);
    setRegisteredAt(undefined);
    try {
      await registerUser(values);
    } catch (error) {
      // docs/contract/product.md#messages: the failure is logged, and (docs/contract/fixes-and-gaps.md#fix-6,
      // docs/contract/fixes-and-gaps.md#fix-7) the visitor learns what to change.
      console.error('Registration failed:', error);
      notify.error(t('common.toast.registrationFailed'));
      setFormMessage(applyServerErrors(error, form.setError, FIELDS, t('accounts.somethingWentWrong')));
      return;
    }
    notify.success(t('common.toast.registered'));
    empty();
    setRegisteredAt(Date.now());
  };

  const onCancel = (): void => {
    empty();
    setRegisteredAt(undefined);
    notify.success(t('common.toast.dataCleared'));
  };

  return (
    // POST, never the browser's default GET: sent before its script has run, a password must not
    // land in the address bar, the history or a server's log.
    <form
      className="account-form"
      method="post"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={form.handleSubmit(onSubmit)}
      onFocus={registrationResolver.preload}
    >
      <div className="account-form__head">
        <h2 id={`${id}-title`} className="account-form__title">
          {t('accounts.registration.title')}
        </h2>
        <p className="account-form__intro">
          {parts('accounts.registration.intro', {
            star: (chunks) => (
              <span key="star" aria-hidden="true">
                {chunks}
              </span>
            ),
            hidden: (chunks) => (
              <span key="hidden" className="visually-hidden">
                {chunks}
              </span>
            ),
          })}
        </p>
      </div>

      {registeredAt !== undefined ? (
        <div className="alert alert-success account-form__success" role="status">
          <strong>{t('common.toast.registered')}</strong>
          <span>
            {parts('accounts.registration.pending', {
              link: (chunks) => (
                <AppLink key="link" href={paths.login}>
                  {chunks}
                </AppLink>
              ),
            })}
          </span>
        </div>
      ) : null}
      <FormAlert message={formMessage} />

      <div className="row g-3">
        <PersonalDetailsFields
          id={id}
          register={form.register}
          errors={errors}
          mode="register"
          typeField={() => (
            <SelectField
              id={`${id}-type`}
              label={t('accounts.registration.type')}
              registration={form.register('type', {
                // Children named for a Parent are not sent with, nor checked for, another type.
                onChange: (event: { target: { value: string } }) => {
                  if (event.target.value !== USER_TYPE.parent) form.setValue('children', []);
                },
              })}
              error={errors.type}
              options={USER_TYPES}
              optionLabel={(type) => userTypeLabel(t, type)}
              placeholder={t('accounts.registration.typePlaceholder')}
              required
              className="col-md-6"
            />
          )}
          passwordField={() => (
            <TextField
              id={`${id}-password`}
              label={t('accounts.registration.password')}
              type="password"
              registration={form.register('password')}
              error={errors.password}
              required
              autoComplete="new-password"
              hint={t('accounts.passwordHint', { count: USER_LIMITS.passwordMin })}
              className="col-md-6"
            />
          )}
        />
        {parent ? (
          <ChildrenFields id={id} control={form.control} register={form.register} errors={errors} />
        ) : null}
        <Controller
          control={form.control}
          name="images"
          render={({ field, fieldState }) => (
            <PhotoPicker
              id={`${id}-images`}
              label={t('accounts.registration.photos')}
              files={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error}
              required
              inputRef={(element) => {
                photoInput.current = element;
                field.ref(element);
              }}
            />
          )}
        />
      </div>

      <div className="account-form__actions">
        <button type="submit" className="btn btn-primary btn-lg rounded-pill px-5" disabled={isSubmitting}>
          {isSubmitting ? t('accounts.registration.submitting') : t('accounts.registration.submit')}
        </button>
        <button
          type="button"
          className="btn btn-outline-primary btn-lg rounded-pill px-4"
          onClick={onCancel}
          disabled={isSubmitting}
        >
          {t('accounts.cancel')}
        </button>
      </div>
      <p className="account-form__switch">
        {parts('accounts.registration.switch', {
          link: (chunks) => (
            <AppLink key="link" href={paths.login}>
              {chunks}
            </AppLink>
          ),
        })}
      </p>
    </form>
  );
}
