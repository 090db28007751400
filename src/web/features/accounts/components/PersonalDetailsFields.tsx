import type { ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { GENDERS } from '../../../../shared/constants.js';
import { todayInZone } from '../../../../shared/school-time.js';
import { RadioGroup, TextField } from '../../../components/forms/fields.js';
import { useI18n } from '../../../lib/i18n.js';
import { genderLabel } from '../lib/labels.js';

/** The latest date of birth the form offers: UTC's today, as the shared rule (dobProblem) counts it. */
const latestBirthday = (): string => todayInZone('UTC');

/** The fields a person fills in about themselves, in registration and in the profile alike. */
export type PersonalField =
  | 'name'
  | 'designation'
  | 'description'
  | 'gender'
  | 'dob'
  | 'address'
  | 'contact'
  | 'email'
  | 'socialLink';

export interface PersonalDetailsFieldsProps {
  /** The form's id prefix: each control is `${id}-<field>`. */
  id: string;
  register: (name: PersonalField) => UseFormRegisterReturn;
  errors: Partial<Record<PersonalField, FieldError>>;
  /**
   * `register` (a newcomer, with hints) or `edit` (one's own profile). The two screens have always
   * laid the fields out a little differently; both layouts stay as they are.
   */
  mode: 'register' | 'edit';
  /**
   * The user type select of registration, after Description. A function, like `passwordField`, so
   * that the form registers its fields in the order they are shown: a failed check focuses the first.
   */
  typeField?: () => ReactNode;
  /** The password of registration, after Email. */
  passwordField?: () => ReactNode;
}

/** Name to social link, with the same labels, checks and messages in registration and profile editing. */
export function PersonalDetailsFields({
  id,
  register,
  errors,
  mode,
  typeField,
  passwordField,
}: PersonalDetailsFieldsProps) {
  const { t } = useI18n();
  const registering = mode === 'register';
  const address = () => (
    <TextField
      id={`${id}-address`}
      label={t('accounts.fields.address')}
      registration={register('address')}
      error={errors.address}
      required
      // A whole postal address, on several lines as addresses are written: `street-address` names it,
      // and belongs on a multi-line field (the HTML standard allows it on no single-line input).
      rows={2}
      autoComplete="street-address"
      className={registering ? undefined : 'col-md-6'}
    />
  );
  const contact = () => (
    <TextField
      id={`${id}-contact`}
      label={t('accounts.fields.contact')}
      type="tel"
      inputMode="tel"
      registration={register('contact')}
      error={errors.contact}
      required
      autoComplete="tel"
      hint={registering ? t('accounts.fields.contactHint') : undefined}
      className="col-md-6"
    />
  );
  return (
    <>
      <TextField
        id={`${id}-name`}
        label={t('accounts.fields.name')}
        registration={register('name')}
        error={errors.name}
        required
        autoComplete="name"
        className="col-md-6"
      />
      <TextField
        id={`${id}-designation`}
        label={t('accounts.fields.designation')}
        registration={register('designation')}
        error={errors.designation}
        required
        hint={registering ? t('accounts.fields.designationHint') : undefined}
        className="col-md-6"
      />
      <TextField
        id={`${id}-description`}
        label={t('accounts.fields.description')}
        rows={3}
        registration={register('description')}
        error={errors.description}
        required
        hint={registering ? t('accounts.fields.descriptionHint') : undefined}
      />
      {typeField?.()}
      <RadioGroup
        id={`${id}-gender`}
        legend={t('accounts.fields.gender')}
        registration={register('gender')}
        error={errors.gender}
        options={GENDERS}
        optionLabel={(gender) => genderLabel(t, gender)}
        required
        className="col-md-6"
      />
      <TextField
        id={`${id}-dob`}
        label={t('accounts.fields.dob')}
        type="date"
        max={latestBirthday()}
        registration={register('dob')}
        error={errors.dob}
        required
        autoComplete="bday"
        className="col-md-6"
      />
      {registering ? contact() : address()}
      {registering ? address() : contact()}
      <TextField
        id={`${id}-email`}
        label={t('accounts.fields.email')}
        type="email"
        inputMode="email"
        registration={register('email')}
        error={errors.email}
        required
        autoComplete="email"
        className="col-md-6"
      />
      {passwordField?.()}
      <TextField
        id={`${id}-social`}
        label={t('accounts.fields.socialLinkOptional')}
        type="url"
        inputMode="url"
        registration={register('socialLink')}
        error={errors.socialLink}
        autoComplete="url"
        hint={registering ? t('accounts.fields.socialLinkHint') : undefined}
        className={registering ? undefined : 'col-md-6'}
      />
    </>
  );
}
