import { type Control, type FieldErrors, type UseFormRegister, useFieldArray } from 'react-hook-form';
import { FAMILY_LIMITS } from '../../../../shared/api/family-form-fields.js';
import { todayInZone } from '../../../../shared/school-time.js';
import { TextField } from '../../../components/forms/fields.js';
import { useI18n } from '../../../lib/i18n.js';
import type { RegistrationFormInput } from '../api/register.js';

/** The latest date of birth the form offers: UTC's today, as the shared rule (dobProblem) counts it. */
const latestBirthday = (): string => todayInZone('UTC');

const EMPTY_CHILD = { name: '', dob: '' };

/**
 * A registering Parent's children (docs/decisions/0021-families.md): name and date of birth, sent
 * as the `children` field of `POST users`; shown only when the chosen type is Parent.
 */
export function ChildrenFields({
  id,
  control,
  register,
  errors,
}: {
  id: string;
  control: Control<RegistrationFormInput, unknown, unknown>;
  register: UseFormRegister<RegistrationFormInput>;
  errors: FieldErrors<RegistrationFormInput>;
}) {
  const { t } = useI18n();
  const children = useFieldArray({ control, name: 'children' });
  const listError = errors.children?.message ?? errors.children?.root?.message;
  const full = children.fields.length >= FAMILY_LIMITS.children;
  return (
    <fieldset className="col-12 account-form__children" aria-describedby={`${id}-children-intro`}>
      <legend className="form-label account-form__legend">{t('accounts.children.legend')}</legend>
      <p id={`${id}-children-intro`} className="form-text mt-0">
        {t('accounts.children.intro')}
      </p>
      {listError ? (
        <div className="invalid-feedback d-block" role="alert">
          {listError}
        </div>
      ) : null}
      <ol className="account-form__child-list list-unstyled">
        {children.fields.map((field, index) => (
          <li key={field.id} className="row g-2 align-items-end account-form__child">
            <TextField
              id={`${id}-child-${field.id}-name`}
              label={t('accounts.children.name', { number: index + 1 })}
              registration={register(`children.${index}.name`)}
              error={errors.children?.[index]?.name}
              autoComplete="off"
              className="col-12 col-md-6"
            />
            <TextField
              id={`${id}-child-${field.id}-dob`}
              label={t('accounts.children.dob', { number: index + 1 })}
              type="date"
              max={latestBirthday()}
              registration={register(`children.${index}.dob`)}
              error={errors.children?.[index]?.dob}
              className="col-8 col-md-4"
            />
            <div className="col-4 col-md-2">
              <button
                type="button"
                className="btn btn-outline-danger rounded-pill w-100 account-form__child-remove"
                onClick={() => children.remove(index)}
                aria-label={t('accounts.children.removeLabel', { number: index + 1 })}
              >
                {t('accounts.children.remove')}
              </button>
            </div>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="btn btn-outline-primary rounded-pill"
        disabled={full}
        onClick={() => children.append(EMPTY_CHILD)}
      >
        {t('accounts.children.add')}
      </button>
      {full ? (
        <p className="form-text">{t('accounts.children.full', { count: FAMILY_LIMITS.children })}</p>
      ) : null}
    </fieldset>
  );
}
