import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useId, useRef, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import {
  type SchoolSettings,
  type SchoolSettingsChanges,
  type SchoolSettingsInput,
  SchoolSettingsSchema,
  SETTINGS_LIMITS,
  SOCIAL_NETWORK_LABELS,
  SOCIAL_NETWORKS,
} from '../../../../shared/api/settings.js';
import { LOCALES } from '../../../../shared/i18n/locales.js';
import { SchoolLogo } from '../../../components/layout/SchoolBrand.js';
import { fieldErrorsOf, showFieldErrors } from '../../../lib/form-errors.js';
import { useI18n } from '../../../lib/i18n.js';
import { useSettings } from '../../../lib/settings.js';
import { notify } from '../../../lib/toast.js';
import { useUpdateSettings } from '../api/update-settings.js';
import { languageNameKey } from '../lib/labels.js';
import { type PendingUpload, UPLOAD_BEFORE_SAVE_FAILED, useReportUnsavedWork } from '../lib/unsaved-work.js';
import { LibraryPicker } from './ImagesEditor.js';
import { type PictureSource, PictureSourceButton } from './PictureSourceButton.js';
import { SAVED_MESSAGE, saveErrorText } from './RecordForm.js';
import { UploadPicture } from './UploadPicture.js';

type Values = SchoolSettingsInput;

/** The names the runtime knows, for the inputs' suggestions; empty where it cannot list them. */
function supported(key: 'currency' | 'timeZone'): string[] {
  const list = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  if (!list) return [];
  const values = list(key);
  return key === 'timeZone' && !values.includes('UTC') ? ['UTC', ...values] : values;
}

const FIELD_PATHS = new Set<string>([
  'name',
  'logo',
  'description',
  'address',
  'phone',
  'email',
  'openingHours',
  'footerText',
  'currency',
  'timeZone',
  'language',
  'languages',
  ...SOCIAL_NETWORKS.map((network) => `socialLinks.${network}`),
]);

/**
 * School (docs/decisions/0014-school-settings.md): the principal edits the school's own facts, which the
 * header, footer, contact panel and page titles show. Checked with the server's schema; a failed save keeps
 * what was typed and shows the server's reasons at the fields.
 */
export function SchoolSettingsPanel() {
  const { t } = useI18n();
  const settings = useSettings();
  if (settings.isPending) return <p>{t('settings.loading')}</p>;
  if (settings.isError)
    return (
      <div role="alert">
        <p>{t('settings.loadFailed')}</p>
        <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => settings.refetch()}>
          {t('settings.retry')}
        </button>
      </div>
    );
  return <SchoolSettingsForm settings={settings.data} />;
}

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: (describedBy: string | undefined) => ReactNode;
}

function Field({ id, label, error, hint, children }: FieldProps) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {children(describedBy || undefined)}
      {hint ? (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      ) : null}
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
    </div>
  );
}

function SchoolSettingsForm({ settings }: { settings: SchoolSettings }) {
  const { t } = useI18n();
  const id = useId();
  const save = useUpdateSettings();
  const [formError, setFormError] = useState<string | undefined>();
  const [choosing, setChoosing] = useState<PictureSource | undefined>();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<Values, unknown, SchoolSettingsChanges>({
    resolver: zodResolver(SchoolSettingsSchema),
    defaultValues: settings,
  });
  // A logo chosen in "Upload a picture" but not yet uploaded: Save uploads it first.
  const pendingUpload = useRef<PendingUpload | undefined>(undefined);
  const [pictureChosen, setPictureChosen] = useState(false);
  useReportUnsavedWork(isDirty || pictureChosen);

  const logo = watch('logo');
  /** Opens the upload or the library (or neither); a file chosen in a closed upload is dropped. */
  const choose = (next: PictureSource | undefined) => {
    setChoosing(next);
    if (next !== 'upload') setPictureChosen(false);
  };
  const pickLogo = (image: string) => {
    setValue('logo', image, { shouldDirty: true, shouldValidate: true });
    choose(undefined);
  };

  const onSubmit = async (submitted: SchoolSettingsChanges) => {
    setFormError(undefined);
    let values = submitted;
    const upload = pendingUpload.current;
    if (upload) {
      try {
        values = { ...submitted, logo: (await upload()).image };
      } catch (failure) {
        setFormError(t(UPLOAD_BEFORE_SAVE_FAILED, { reason: (failure as Error).message }));
        return;
      }
    }
    try {
      const saved = await save.mutateAsync(values);
      reset(saved);
      choose(undefined);
    } catch (error) {
      showFieldErrors(fieldErrorsOf(error), setError, (field) =>
        FIELD_PATHS.has(field) ? (field as FieldPath<Values>) : undefined,
      );
      setFormError(saveErrorText(t, error));
      return;
    }
    notify.success(t(SAVED_MESSAGE));
  };

  const input = (name: FieldPath<Values>, error: string | undefined, describedBy: string | undefined) => ({
    id: `${id}-${name}`,
    className: `form-control${error ? ' is-invalid' : ''}`,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    ...register(name),
  });

  const text = (
    name: FieldPath<Values>,
    label: string,
    options: {
      hint?: string;
      type?: string;
      max?: number;
      autoCapitalize?: string;
      /** Values the input suggests (a datalist of this id). */
      suggestions?: { listId: string; values: string[] };
    } = {},
  ) => {
    const error = (
      name.startsWith('socialLinks.')
        ? errors.socialLinks?.[name.slice('socialLinks.'.length) as keyof typeof errors.socialLinks]
        : errors[name as keyof typeof errors]
    ) as { message?: string } | undefined;
    const { suggestions } = options;
    return (
      <>
        <Field id={`${id}-${name}`} label={label} error={error?.message} hint={options.hint}>
          {(describedBy) => (
            <input
              type={options.type ?? 'text'}
              list={suggestions?.listId}
              maxLength={options.max}
              autoCapitalize={options.autoCapitalize}
              {...input(name, error?.message, describedBy)}
            />
          )}
        </Field>
        {suggestions ? (
          <datalist id={suggestions.listId}>
            {suggestions.values.map((value) => (
              <option key={value} value={value} />
            ))}
          </datalist>
        ) : null}
      </>
    );
  };

  return (
    <section aria-label={t('settings.title')}>
      <h2 className="h4">{t('settings.title')}</h2>
      <p>{t('settings.lead')}</p>
      <form className="cms-form" noValidate aria-label={t('settings.form')} onSubmit={handleSubmit(onSubmit)}>
        <fieldset className="mb-3">
          <legend className="fs-5">{t('settings.nameAndLogo')}</legend>
          {text('name', t('settings.name'), {
            hint: t('settings.nameHint'),
            max: SETTINGS_LIMITS.name,
          })}
          <div className="mb-3">
            <span className="form-label d-block">{t('settings.logo')}</span>
            <div className="cms-logo">
              <span className="cms-logo__preview site-brand">
                <SchoolLogo logo={logo} />
              </span>
              <span className="small">{logo ? t('settings.logoUploaded') : t('settings.logoDefault')}</span>
            </div>
            {errors.logo?.message ? (
              <div className="invalid-feedback d-block" role="alert">
                {errors.logo.message}
              </div>
            ) : null}
            <div className="d-flex gap-2 flex-wrap mt-2">
              <PictureSourceButton source="upload" open={choosing} onToggle={choose}>
                {t('settings.uploadLogo')}
              </PictureSourceButton>
              <PictureSourceButton source="library" open={choosing} onToggle={choose}>
                {t('settings.logoFromLibrary')}
              </PictureSourceButton>
              {logo ? (
                <button
                  type="button"
                  className="btn btn-outline-secondary btn-sm"
                  onClick={() => pickLogo('')}
                >
                  {t('settings.useDefaultLogo')}
                </button>
              ) : null}
            </div>
            {choosing === 'upload' ? (
              <UploadPicture
                onUploaded={(media) => pickLogo(media.image)}
                pendingUpload={pendingUpload}
                onChosenChange={setPictureChosen}
              />
            ) : null}
            {choosing === 'library' ? <LibraryPicker onPick={(image) => pickLogo(image)} /> : null}
          </div>
          <Field
            id={`${id}-description`}
            label={t('settings.description')}
            error={errors.description?.message}
            hint={t('settings.descriptionHint')}
          >
            {(describedBy) => (
              <textarea
                rows={3}
                maxLength={SETTINGS_LIMITS.description}
                {...input('description', errors.description?.message, describedBy)}
              />
            )}
          </Field>
        </fieldset>

        <fieldset className="mb-3">
          <legend className="fs-5">{t('settings.reach')}</legend>
          <p className="form-text mt-0">{t('settings.reachHint')}</p>
          {text('address', t('settings.address'), { max: SETTINGS_LIMITS.address })}
          {text('phone', t('settings.phone'), { type: 'tel', max: SETTINGS_LIMITS.phone })}
          {text('email', t('settings.email'), { type: 'email', max: SETTINGS_LIMITS.email })}
          {text('openingHours', t('settings.openingHours'), { max: SETTINGS_LIMITS.openingHours })}
        </fieldset>

        <fieldset className="mb-3">
          <legend className="fs-5">{t('settings.social')}</legend>
          <p className="form-text mt-0">{t('settings.socialHint')}</p>
          {SOCIAL_NETWORKS.map((network) => (
            <div key={network}>
              {text(`socialLinks.${network}`, SOCIAL_NETWORK_LABELS[network], {
                type: 'url',
                max: SETTINGS_LIMITS.link,
              })}
            </div>
          ))}
        </fieldset>

        <fieldset className="mb-3">
          <legend className="fs-5">{t('settings.footerGroup')}</legend>
          {text('footerText', t('settings.footerText'), {
            hint: t('settings.footerTextHint'),
            max: SETTINGS_LIMITS.footerText,
          })}
          {text('currency', t('settings.currency'), {
            hint: t('settings.currencyHint'),
            max: 3,
            autoCapitalize: 'characters',
            suggestions: { listId: `${id}-currencies`, values: supported('currency') },
          })}
          {text('timeZone', t('settings.timeZone'), {
            hint: t('settings.timeZoneHint'),
            suggestions: { listId: `${id}-time-zones`, values: supported('timeZone') },
          })}
        </fieldset>

        <fieldset className="mb-3">
          <legend className="fs-5">{t('cms.languages.group')}</legend>
          <Field
            id={`${id}-language`}
            label={t('cms.languages.default')}
            error={errors.language?.message}
            hint={t('cms.languages.defaultHint')}
          >
            {(describedBy) => (
              <select
                {...input('language', errors.language?.message, describedBy)}
                className={`form-select${errors.language?.message ? ' is-invalid' : ''}`}
              >
                {LOCALES.map((locale) => (
                  <option key={locale} value={locale}>
                    {t(languageNameKey(locale))}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {/* The offered languages: the default among them, which the schema checks before sending. */}
          <fieldset
            className="mb-3"
            aria-describedby={[
              `${id}-languages-hint`,
              errors.languages?.message ? `${id}-languages-error` : '',
            ]
              .filter(Boolean)
              .join(' ')}
          >
            <legend className="form-label fs-6">{t('cms.languages.offered')}</legend>
            {LOCALES.map((locale) => (
              <div key={locale} className="form-check">
                <input
                  id={`${id}-languages-${locale}`}
                  type="checkbox"
                  className="form-check-input"
                  value={locale}
                  {...register('languages')}
                />
                <label htmlFor={`${id}-languages-${locale}`} className="form-check-label">
                  {t(languageNameKey(locale))}
                </label>
              </div>
            ))}
            <div id={`${id}-languages-hint`} className="form-text">
              {t('cms.languages.offeredHint')}
            </div>
            {errors.languages?.message ? (
              <div id={`${id}-languages-error`} className="invalid-feedback d-block">
                {errors.languages.message}
              </div>
            ) : null}
          </fieldset>
        </fieldset>

        {formError ? (
          <p className="alert alert-danger" role="alert">
            {formError}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? t('settings.saving') : t('settings.save')}
        </button>
      </form>
    </section>
  );
}
