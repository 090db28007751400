import { useId, useState } from 'react';
import { type FieldErrors, type Path, type UseFormReturn, useFieldArray, useForm } from 'react-hook-form';
import {
  APPLICATION_RULES,
  ApplicationSchema,
  type ApplicationView,
} from '../../../../shared/api/admission-application.js';
import { FAMILY_LIMITS, RELATIONSHIPS } from '../../../../shared/api/family-form-fields.js';
import { MessageText } from '../../../components/forms/FieldMessage.js';
import { FormAlert, SelectField, TextField } from '../../../components/forms/fields.js';
import { fieldErrorsOf, showFieldErrors } from '../../../lib/form-errors.js';
import { useI18n } from '../../../lib/i18n.js';
import { useSaveDraft, useSubmitApplication } from '../api/family-links.js';
import {
  type ApplicationValues,
  applicationOf,
  draftOf,
  EMPTY_CONTACT,
  EMPTY_GUARDIAN,
  valuesOf,
} from './application-values.js';
import { DocumentsSection } from './DocumentsSection.js';

type Form = UseFormReturn<ApplicationValues>;

/** The first error of a list row's field, for TextField. */
const at = (errors: FieldErrors<ApplicationValues>, path: string) => {
  let node: unknown = errors;
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return node as { message?: string } | undefined;
};

function ContactList({
  form,
  name,
  legend,
  itemLabel,
  addLabel,
  max,
  baseId,
}: {
  form: Form;
  name: 'care.emergencyContacts' | 'care.pickups';
  legend: string;
  itemLabel: (number: number) => string;
  addLabel: string;
  max: number;
  baseId: string;
}) {
  const { t } = useI18n();
  const list = useFieldArray({ control: form.control, name });
  const errors = form.formState.errors;
  return (
    <fieldset className="mb-3">
      <legend className="h6">{legend}</legend>
      {list.fields.map((field, index) => (
        <fieldset key={field.id} className="border rounded p-2 mb-2">
          <legend className="visually-hidden">{itemLabel(index + 1)}</legend>
          <div className="row g-2">
            <TextField
              id={`${baseId}-${index}-name`}
              className="col-12 col-sm-4"
              label={t('admissions.apply.care.contactName')}
              registration={form.register(`${name}.${index}.name`)}
              error={at(errors, `${name}.${index}.name`)}
              required
            />
            <TextField
              id={`${baseId}-${index}-relationship`}
              className="col-12 col-sm-4"
              label={t('admissions.apply.care.contactRelationship')}
              registration={form.register(`${name}.${index}.relationship`)}
              error={at(errors, `${name}.${index}.relationship`)}
              required
            />
            <TextField
              id={`${baseId}-${index}-phone`}
              className="col-12 col-sm-4"
              label={t('admissions.apply.care.contactPhone')}
              type="tel"
              inputMode="tel"
              registration={form.register(`${name}.${index}.phone`)}
              error={at(errors, `${name}.${index}.phone`)}
              required
            />
          </div>
          <button type="button" className="btn btn-link btn-sm px-0" onClick={() => list.remove(index)}>
            {t('admissions.apply.care.remove', { name: itemLabel(index + 1) })}
          </button>
        </fieldset>
      ))}
      {list.fields.length < max ? (
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm"
          onClick={() => list.append(EMPTY_CONTACT)}
        >
          {addLabel}
        </button>
      ) : null}
    </fieldset>
  );
}

/**
 * The application form (docs/decisions/0103-the-application-families-fill-in.md): sections for the
 * child, the guardians, care details, the class and start date, documents and the terms with a
 * typed signature. Save draft keeps whatever is typed; Send checks it all with the shared schema
 * first, then the server checks it again.
 */
export function ApplicationForm({ token, view }: { token: string; view: ApplicationView }) {
  const id = useId();
  const { t } = useI18n();
  const form = useForm<ApplicationValues>({ defaultValues: valuesOf(view) });
  const guardians = useFieldArray({ control: form.control, name: 'guardians' });
  const save = useSaveDraft(token);
  const submit = useSubmitApplication(token);
  const [failure, setFailure] = useState<string>();
  const [saved, setSaved] = useState(false);
  const errors = form.formState.errors;

  const onSave = async () => {
    setFailure(undefined);
    setSaved(false);
    try {
      await save.mutateAsync(draftOf(form.getValues()));
      setSaved(true);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : t('admissions.link.failed'));
    }
  };

  const onSend = async (values: ApplicationValues) => {
    setFailure(undefined);
    setSaved(false);
    form.clearErrors();
    const application = applicationOf(values);
    const checked = ApplicationSchema.safeParse(application);
    if (!checked.success) {
      checked.error.issues.forEach((issue, index) => {
        form.setError(
          issue.path.join('.') as Path<ApplicationValues>,
          { type: 'schema', message: issue.message },
          { shouldFocus: index === 0 },
        );
      });
      setFailure(t('admissions.apply.fix'));
      return;
    }
    try {
      await submit.mutateAsync(application);
    } catch (error) {
      const shown = showFieldErrors(
        fieldErrorsOf(error),
        form.setError,
        (field) => field.replace(/^application\./, '') as Path<ApplicationValues>,
      );
      setFailure(
        shown > 0
          ? t('admissions.apply.fix')
          : error instanceof Error
            ? error.message
            : t('admissions.link.failed'),
      );
    }
  };

  const photos = view.documents.filter((d) => d.kind === 'child-photo');
  const relationshipLabel = (option: string) => t(`admissions.apply.relationship.${option as 'Other'}`);

  return (
    <form noValidate onSubmit={form.handleSubmit(onSend)} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="h3">
        {t('admissions.apply.for', { child: view.childName || '…' })}
      </h2>
      {view.className ? (
        <p className="lead">
          {t('admissions.apply.forClass', { className: view.className, year: view.yearName ?? '' })}
        </p>
      ) : null}
      <p>{t('admissions.apply.intro')}</p>

      <fieldset className="mb-4">
        <legend className="h5">{t('admissions.apply.child')}</legend>
        <div className="row g-3">
          <TextField
            id={`${id}-child-name`}
            className="col-12 col-sm-6"
            label={t('admissions.apply.child.name')}
            registration={form.register('child.name')}
            error={errors.child?.name}
            required
            autoComplete="off"
          />
          <TextField
            id={`${id}-child-dob`}
            className="col-12 col-sm-6"
            label={t('admissions.apply.child.dob')}
            type="date"
            registration={form.register('child.dateOfBirth')}
            error={errors.child?.dateOfBirth}
            required
          />
          <SelectField
            id={`${id}-child-photo`}
            label={t('admissions.apply.child.photo')}
            registration={form.register('child.photoDocumentId')}
            error={errors.child?.photoDocumentId}
            options={photos.map((d) => String(d.id))}
            optionLabel={(value) => photos.find((d) => String(d.id) === value)?.name ?? value}
            placeholder={t('admissions.apply.child.noPhoto')}
          />
          <p className="form-text col-12 mt-1">{t('admissions.apply.child.photoHint')}</p>
        </div>
      </fieldset>

      <fieldset className="mb-4">
        <legend className="h5">{t('admissions.apply.guardians')}</legend>
        {guardians.fields.map((field, index) => (
          <fieldset key={field.id} className="border rounded p-2 mb-2">
            <legend className="h6">{t('admissions.apply.guardian', { number: index + 1 })}</legend>
            <div className="row g-2">
              <TextField
                id={`${id}-g${index}-name`}
                className="col-12 col-sm-6"
                label={t('admissions.apply.guardian.name')}
                registration={form.register(`guardians.${index}.name`)}
                error={errors.guardians?.[index]?.name}
                required
                autoComplete={index === 0 ? 'name' : 'off'}
              />
              <SelectField
                id={`${id}-g${index}-relationship`}
                className="col-12 col-sm-6"
                label={t('admissions.apply.guardian.relationship')}
                registration={form.register(`guardians.${index}.relationship`)}
                error={errors.guardians?.[index]?.relationship}
                options={RELATIONSHIPS}
                optionLabel={relationshipLabel}
                placeholder={t('admissions.apply.guardian.choose')}
                required
              />
              <TextField
                id={`${id}-g${index}-email`}
                className="col-12 col-sm-6"
                label={t('admissions.apply.guardian.email')}
                type="email"
                inputMode="email"
                registration={form.register(`guardians.${index}.email`)}
                error={errors.guardians?.[index]?.email}
                required
                autoComplete={index === 0 ? 'email' : 'off'}
              />
              <TextField
                id={`${id}-g${index}-phone`}
                className="col-12 col-sm-6"
                label={t('admissions.apply.guardian.phone')}
                type="tel"
                inputMode="tel"
                registration={form.register(`guardians.${index}.phone`)}
                error={errors.guardians?.[index]?.phone}
                required
                autoComplete={index === 0 ? 'tel' : 'off'}
              />
            </div>
            {guardians.fields.length > APPLICATION_RULES.guardiansMin ? (
              <button
                type="button"
                className="btn btn-link btn-sm px-0"
                onClick={() => guardians.remove(index)}
              >
                {t('admissions.apply.guardian.remove', { number: index + 1 })}
              </button>
            ) : null}
          </fieldset>
        ))}
        {errors.guardians?.root?.message || errors.guardians?.message ? (
          <FormAlert message={errors.guardians?.root?.message ?? errors.guardians?.message} />
        ) : null}
        {guardians.fields.length < APPLICATION_RULES.guardiansMax ? (
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            onClick={() => guardians.append(EMPTY_GUARDIAN)}
          >
            {t('admissions.apply.guardian.add')}
          </button>
        ) : null}
      </fieldset>

      <fieldset className="mb-4">
        <legend className="h5">{t('admissions.apply.care')}</legend>
        <ContactList
          form={form}
          name="care.emergencyContacts"
          baseId={`${id}-emergency`}
          legend={t('admissions.apply.care.emergency')}
          itemLabel={(number) => t('admissions.apply.care.emergencyNumber', { number })}
          addLabel={t('admissions.apply.care.addEmergency')}
          max={FAMILY_LIMITS.emergencyContacts}
        />
        <div className="row g-3 mb-3">
          <TextField
            id={`${id}-allergies`}
            className="col-12 col-sm-6"
            label={t('admissions.apply.care.allergies')}
            rows={2}
            registration={form.register('care.medical.allergies')}
            error={errors.care?.medical?.allergies}
          />
          <TextField
            id={`${id}-conditions`}
            className="col-12 col-sm-6"
            label={t('admissions.apply.care.conditions')}
            rows={2}
            registration={form.register('care.medical.conditions')}
            error={errors.care?.medical?.conditions}
          />
          <TextField
            id={`${id}-doctor`}
            className="col-12 col-sm-6"
            label={t('admissions.apply.care.doctorName')}
            registration={form.register('care.medical.doctorName')}
            error={errors.care?.medical?.doctorName}
          />
          <TextField
            id={`${id}-doctor-phone`}
            className="col-12 col-sm-6"
            label={t('admissions.apply.care.doctorPhone')}
            type="tel"
            inputMode="tel"
            registration={form.register('care.medical.doctorPhone')}
            error={errors.care?.medical?.doctorPhone}
          />
        </div>
        <ContactList
          form={form}
          name="care.pickups"
          baseId={`${id}-pickup`}
          legend={t('admissions.apply.care.pickups')}
          itemLabel={(number) => t('admissions.apply.care.pickupNumber', { number })}
          addLabel={t('admissions.apply.care.addPickup')}
          max={FAMILY_LIMITS.pickups}
        />
        <fieldset>
          <legend className="h6">{t('admissions.apply.care.consents')}</legend>
          {(['website', 'ownFamily', 'otherFamilies'] as const).map((consent) => (
            <div key={consent} className="form-check">
              <input
                id={`${id}-consent-${consent}`}
                type="checkbox"
                className="form-check-input"
                {...form.register(`care.photoConsent.${consent}`)}
              />
              <label htmlFor={`${id}-consent-${consent}`} className="form-check-label">
                {t(`admissions.apply.care.consent.${consent}`)}
              </label>
            </div>
          ))}
        </fieldset>
      </fieldset>

      <fieldset className="mb-4">
        <legend className="h5">{t('admissions.apply.wanted')}</legend>
        <div className="row g-3">
          <SelectField
            id={`${id}-class`}
            className="col-12 col-sm-6"
            label={t('admissions.apply.wanted.class')}
            registration={form.register('wanted.classId')}
            error={errors.wanted?.classId}
            options={view.classes.map((c) => String(c.id))}
            optionLabel={(value) => view.classes.find((c) => String(c.id) === value)?.name ?? value}
            placeholder={t('admissions.apply.wanted.choose')}
            required
          />
          <TextField
            id={`${id}-start`}
            className="col-12 col-sm-6"
            label={t('admissions.apply.wanted.start')}
            type="date"
            registration={form.register('wanted.startDate')}
            error={errors.wanted?.startDate}
            required
          />
        </div>
      </fieldset>

      <DocumentsSection id={`${id}-documents`} token={token} view={view} />

      <fieldset className="mb-4">
        <legend className="h5">{t('admissions.apply.terms')}</legend>
        <p className="border rounded p-3 bg-light">{view.terms}</p>
        <div className="form-check mb-3">
          <input
            id={`${id}-terms`}
            type="checkbox"
            className={`form-check-input${errors.termsAccepted ? ' is-invalid' : ''}`}
            aria-invalid={errors.termsAccepted ? true : undefined}
            aria-describedby={errors.termsAccepted ? `${id}-terms-error` : undefined}
            {...form.register('termsAccepted')}
          />
          <label htmlFor={`${id}-terms`} className="form-check-label">
            {t('admissions.apply.terms.accept')}
          </label>
          {errors.termsAccepted ? (
            <div id={`${id}-terms-error`} className="invalid-feedback d-block">
              <MessageText message={errors.termsAccepted.message} />
            </div>
          ) : null}
        </div>
        <div className="row g-3">
          <TextField
            id={`${id}-signature`}
            label={t('admissions.apply.signature')}
            hint={t('admissions.apply.signature.hint')}
            registration={form.register('signatureName')}
            error={errors.signatureName}
            required
            autoComplete="name"
          />
        </div>
      </fieldset>

      <div aria-live="polite">
        <FormAlert message={failure} />
        {saved ? (
          <div className="alert alert-success" role="status">
            {t('admissions.apply.saved')}
          </div>
        ) : null}
      </div>
      <div className="d-flex flex-column flex-sm-row gap-2 mb-4">
        <button
          type="button"
          className="btn btn-outline-primary btn-lg"
          disabled={save.isPending || submit.isPending}
          onClick={() => void onSave()}
        >
          {save.isPending ? t('admissions.apply.saving') : t('admissions.apply.save')}
        </button>
        <button
          type="submit"
          className="btn btn-primary btn-lg"
          disabled={save.isPending || submit.isPending}
        >
          {submit.isPending ? t('admissions.apply.sendingNow') : t('admissions.apply.send')}
        </button>
      </div>
    </form>
  );
}
