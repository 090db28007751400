import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { Controller, type Path, useForm } from 'react-hook-form';
import { USER_LIMITS } from '../../../../shared/api/user-form-fields.js';
import { credentialChangeProblem } from '../../../../shared/api/users.js';
import { GENDERS } from '../../../../shared/constants.js';
import { FormAlert, TextField } from '../../../components/forms/fields.js';
import { useI18n } from '../../../lib/i18n.js';
import { notify } from '../../../lib/toast.js';
import type { Account } from '../api/account-fields.js';
import {
  type ProfileFormInput,
  ProfileFormSchema,
  type ProfileFormValues,
  useUpdateProfile,
} from '../api/update-profile.js';
import { applyServerErrors } from '../lib/server-errors.js';
import { PersonalDetailsFields } from './PersonalDetailsFields.js';
import { PhotoPicker } from './PhotoPicker.js';

const FIELDS: readonly Path<ProfileFormInput>[] = [
  'name',
  'designation',
  'description',
  'gender',
  'dob',
  'address',
  'contact',
  'email',
  'socialLink',
  'images',
  'currentPassword',
  'newPassword',
];

const isGender = (value: string): value is (typeof GENDERS)[number] =>
  (GENDERS as readonly string[]).includes(value);

function valuesOf(user: Account): Partial<ProfileFormInput> {
  return {
    name: user.name,
    designation: user.designation,
    description: user.description,
    gender: isGender(user.gender) ? user.gender : undefined,
    dob: user.dob,
    address: user.address,
    contact: user.contact,
    email: user.email,
    socialLink: user.socialLink,
    currentPassword: '',
    newPassword: '',
  };
}

export interface ProfileEditFormProps {
  user: Account;
  onDone: () => void;
}

/**
 * Update of one's own profile (docs/contract/fixes-and-gaps.md#fix-15; docs/contract/api.md#put-users-profile
 * `PUT users/profile`): the registration fields but type and password, new photos that replace the old ones,
 * and a password change; a new password or email needs the current password. A refused save keeps what was
 * typed.
 */
export function ProfileEditForm({ user, onDone }: ProfileEditFormProps) {
  const id = useId();
  const { t } = useI18n();
  const update = useUpdateProfile();
  const [formMessage, setFormMessage] = useState<string>();
  const form = useForm<ProfileFormInput, unknown, ProfileFormValues>({
    resolver: zodResolver(ProfileFormSchema),
    defaultValues: valuesOf(user),
  });
  const {
    formState: { errors, isSubmitting },
    setFocus,
  } = form;

  // The form replaces the list: the keyboard starts at its first field.
  useEffect(() => setFocus('name'), [setFocus]);

  const onSubmit = async (values: ProfileFormValues): Promise<void> => {
    setFormMessage(undefined);
    const problem = credentialChangeProblem(values, user.email);
    if (problem) {
      form.setError(problem.field, { message: problem.message }, { shouldFocus: true });
      return;
    }
    try {
      await update.mutateAsync(values);
    } catch (error) {
      setFormMessage(applyServerErrors(error, form.setError, FIELDS, t('accounts.somethingWentWrong')));
      notify.error(t('accounts.edit.saveFailed'));
      return;
    }
    notify.success(values.newPassword ? t('accounts.edit.savedWithPassword') : t('accounts.edit.saved'));
    onDone();
  };

  return (
    <form
      className="account-form profile-edit"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={form.handleSubmit(onSubmit)}
    >
      <h3 id={`${id}-title`} className="account-form__title h3">
        {t('accounts.edit.title')}
      </h3>
      <FormAlert message={formMessage} />
      <div className="row g-3">
        <PersonalDetailsFields id={id} register={form.register} errors={errors} mode="edit" />
        <Controller
          control={form.control}
          name="images"
          render={({ field, fieldState }) => (
            <PhotoPicker
              id={`${id}-images`}
              label={t('accounts.edit.photos')}
              files={field.value ?? []}
              onChange={(files) => field.onChange(files.length > 0 ? files : undefined)}
              onBlur={field.onBlur}
              error={fieldState.error}
              hint={t('accounts.edit.photosHint')}
              inputRef={field.ref}
            />
          )}
        />
      </div>

      <fieldset className="profile-edit__password">
        <legend className="h5">{t('accounts.edit.password')}</legend>
        <p className="form-text mt-0">{t('accounts.edit.passwordIntro')}</p>
        <div className="row g-3">
          <TextField
            id={`${id}-current-password`}
            label={t('accounts.edit.currentPassword')}
            type="password"
            registration={form.register('currentPassword')}
            error={errors.currentPassword}
            autoComplete="current-password"
            className="col-md-6"
          />
          <TextField
            id={`${id}-new-password`}
            label={t('accounts.edit.newPassword')}
            type="password"
            registration={form.register('newPassword')}
            error={errors.newPassword}
            autoComplete="new-password"
            hint={t('accounts.passwordHint', { count: USER_LIMITS.passwordMin })}
            className="col-md-6"
          />
        </div>
      </fieldset>

      <div className="account-form__actions">
        <button type="submit" className="btn btn-primary rounded-pill px-5" disabled={isSubmitting}>
          {isSubmitting ? t('accounts.edit.submitting') : t('accounts.edit.submit')}
        </button>
        <button
          type="button"
          className="btn btn-outline-primary rounded-pill px-4"
          onClick={onDone}
          disabled={isSubmitting}
        >
          {t('accounts.cancel')}
        </button>
      </div>
    </form>
  );
}
