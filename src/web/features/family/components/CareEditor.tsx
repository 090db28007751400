import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useId, useState } from 'react';
import {
  type Control,
  type FieldError,
  type Path,
  type UseFormRegisterReturn,
  type UseFormReturn,
  type UseFormSetValue,
  useFieldArray,
  useForm,
  useWatch,
} from 'react-hook-form';
import {
  type CareDetails,
  type CareDetailsInput,
  CareDetailsSchema,
  FAMILY_LIMITS,
  MAX_MEDICATIONS,
  RELATIONSHIPS,
} from '../../../../shared/api/family.js';
import { ErrorLines } from '../../../components/school/ErrorLines.js';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.js';
import { isApiError } from '../../../lib/api-client.js';
import { fieldErrorsOf, showFieldErrors } from '../../../lib/form-errors.js';
import { type MessageKey, useI18n } from '../../../lib/i18n.js';
import { notify } from '../../../lib/toast.js';
import { useLeaveGuard } from '../../../lib/use-leave-guard.js';
import { useSaveCare } from '../api/save-care.js';
import { useUploadPickupPhoto } from '../api/upload-pickup-photo.js';
import { RELATIONSHIP_KEY } from '../lib/relationships.js';
import { PickupPhotoImage } from './PickupPhotoImage.js';

type ListName = 'emergencyContacts' | 'pickups';

/**
 * A server detail's field (`pickups.0.phone`, perhaps under `details.`) as a path of this form, if
 * it is one; anything else is said above the form.
 */
const FORM_PATH =
  /^(?:(?:emergencyContacts|pickups)(?:\.\d+\.(?:name|relationship|phone|photo))?|medical\.(?:allergies|conditions|doctorName|doctorPhone|medications(?:\.\d+\.(?:name|dose))?))$/;
export function carePathOf(field: string): Path<CareDetailsInput> | undefined {
  const path = field.replace(/^(?:details|body)\./, '');
  return FORM_PATH.test(path) ? (path as Path<CareDetailsInput>) : undefined;
}

/** A labelled control with its message tied to it. */
function CareField({
  id,
  label,
  error,
  className = 'col-12 col-md-4',
  required,
  children,
}: {
  id: string;
  label: string;
  error: FieldError | undefined;
  className?: string;
  required?: boolean;
  children: (aria: {
    id: string;
    className: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
    'aria-required': true | undefined;
  }) => ReactNode;
}) {
  return (
    <div className={className}>
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        className: error ? 'is-invalid' : '',
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? `${id}-error` : undefined,
        'aria-required': required ? true : undefined,
      })}
      {error?.message ? (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error.message}
        </div>
      ) : null}
    </div>
  );
}

function TextInput({
  id,
  label,
  registration,
  error,
  type = 'text',
  list,
  autoComplete,
  required,
}: {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
  type?: 'text' | 'tel';
  list?: string;
  autoComplete?: string;
  required?: boolean;
}) {
  return (
    <CareField id={id} label={label} error={error} required={required}>
      {({ className, ...aria }) => (
        <input
          type={type}
          className={`form-control ${className}`}
          list={list}
          autoComplete={autoComplete}
          inputMode={type === 'tel' ? 'tel' : undefined}
          {...aria}
          {...registration}
        />
      )}
    </CareField>
  );
}

/** A pick-up person's optional photo: uploaded at once, kept in the form until the save. */
function PickupPhoto({
  id,
  studentId,
  index,
  control,
  setValue,
  personName,
}: {
  id: string;
  studentId: number;
  index: number;
  control: Control<CareDetailsInput, unknown, CareDetails>;
  setValue: UseFormSetValue<CareDetailsInput>;
  personName: string;
}) {
  const { t } = useI18n();
  const upload = useUploadPickupPhoto(studentId);
  const photo = useWatch({ control, name: `pickups.${index}.photo` });
  const who = personName.trim() || t('family.editor.pickupNumber', { number: index + 1 });
  const errorId = `${id}-error`;
  return (
    <div className="col-12 care-photo">
      {photo ? (
        <PickupPhotoImage studentId={studentId} photo={photo} className="care-photo__preview" alt={who} />
      ) : null}
      <div className="care-photo__controls">
        <label className="form-label" htmlFor={id}>
          {t('family.editor.photo')}
        </label>
        <input
          id={id}
          type="file"
          accept="image/*"
          className="form-control"
          disabled={upload.isPending}
          aria-describedby={upload.isError ? errorId : undefined}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (!file) return;
            upload.mutate(file, {
              onSuccess: (image) =>
                setValue(`pickups.${index}.photo`, image, { shouldDirty: true, shouldValidate: true }),
            });
          }}
        />
        {upload.isPending ? (
          <p className="form-text" role="status">
            {t('family.editor.uploading')}
          </p>
        ) : null}
        {upload.isError ? (
          <div id={errorId} className="invalid-feedback d-block" role="alert">
            {isApiError(upload.error) ? upload.error.message : t('family.editor.uploadFailed')}
          </div>
        ) : null}
        {photo ? (
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary rounded-pill mt-2"
            onClick={() => setValue(`pickups.${index}.photo`, null, { shouldDirty: true })}
          >
            {t('family.editor.removePhoto', { name: who })}
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** Up, down and remove for one row of a list; each button says which row it moves. */
function RowActions({
  index,
  count,
  what,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  what: string;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}) {
  const { t } = useI18n();
  return (
    <div className="care-row__actions">
      <button
        type="button"
        className="btn btn-outline-secondary care-row__button"
        disabled={index === 0}
        onClick={() => onMove(index, index - 1)}
        aria-label={t('family.editor.moveUp', { what })}
      >
        <span aria-hidden="true">↑</span>
      </button>
      <button
        type="button"
        className="btn btn-outline-secondary care-row__button"
        disabled={index === count - 1}
        onClick={() => onMove(index, index + 1)}
        aria-label={t('family.editor.moveDown', { what })}
      >
        <span aria-hidden="true">↓</span>
      </button>
      <button
        type="button"
        className="btn btn-outline-danger care-row__button"
        onClick={() => onRemove(index)}
        aria-label={t('family.editor.remove', { what })}
      >
        <span aria-hidden="true">✕</span>
      </button>
    </div>
  );
}

/** The controls of one person in those lists (the relationship's also offers the usual ones). */
const PERSON_FIELDS = [
  { part: 'name', autoComplete: 'off' },
  { part: 'relationship' },
  { part: 'phone', type: 'tel' },
] as const;
type PersonPart = (typeof PERSON_FIELDS)[number]['part'];

/** What differs between the form's two lists of people: their words and an empty row. */
const PEOPLE_LISTS: Record<
  ListName,
  {
    legend: MessageKey;
    hint: MessageKey;
    /** A row without a name yet, "contact 2". */
    numbered: MessageKey;
    labels: Record<PersonPart, MessageKey>;
    addLabel: MessageKey;
    empty: CareDetailsInput[ListName][number];
  }
> = {
  emergencyContacts: {
    legend: 'family.editor.contacts',
    hint: 'family.editor.contactsHint',
    numbered: 'family.editor.contactNumber',
    labels: {
      name: 'family.editor.contact.name',
      relationship: 'family.editor.contact.relationship',
      phone: 'family.editor.contact.phone',
    },
    addLabel: 'family.editor.addContact',
    empty: { name: '', relationship: '', phone: '' },
  },
  pickups: {
    legend: 'family.editor.pickups',
    hint: 'family.editor.pickupsHint',
    numbered: 'family.editor.pickupNumber',
    labels: {
      name: 'family.editor.pickup.name',
      relationship: 'family.editor.pickup.relationship',
      phone: 'family.editor.pickup.phone',
    },
    addLabel: 'family.editor.addPickup',
    empty: { name: '', relationship: '', phone: '', photo: null },
  },
};

/**
 * The medications the child may be given at school, one row each (name and dose or instructions):
 * the daily log records medication given against these names (docs/decisions/0078-the-daily-log.md).
 */
function MedicationList({
  form,
  idPrefix,
}: {
  form: UseFormReturn<CareDetailsInput, unknown, CareDetails>;
  idPrefix: string;
}) {
  const { t } = useI18n();
  const { register, control, formState } = form;
  const list = useFieldArray({ control, name: 'medical.medications' });
  const rows: readonly { name?: string }[] = useWatch({ control, name: 'medical.medications' }) ?? [];
  const errors = formState.errors.medical?.medications;
  return (
    <div className="col-12">
      <p className="form-label mb-1">{t('family.editor.medication')}</p>
      <p className="form-text mt-0">{t('family.editor.medicationHint')}</p>
      <ol className="care-rows">
        {list.fields.map((field, index) => {
          const fieldId = `${idPrefix}-${field.id}`;
          return (
            <li key={field.id} className="care-row">
              <div className="row g-2">
                <TextInput
                  id={`${fieldId}-name`}
                  label={t('family.editor.medicationName', { number: index + 1 })}
                  registration={register(`medical.medications.${index}.name`)}
                  error={errors?.[index]?.name}
                  required
                />
                <TextInput
                  id={`${fieldId}-dose`}
                  label={t('family.editor.medicationDose', { number: index + 1 })}
                  registration={register(`medical.medications.${index}.dose`)}
                  error={errors?.[index]?.dose}
                />
              </div>
              <RowActions
                index={index}
                count={list.fields.length}
                what={rows[index]?.name?.trim() || t('family.editor.medicationNumber', { number: index + 1 })}
                onMove={list.move}
                onRemove={list.remove}
              />
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="btn btn-outline-primary rounded-pill care-add"
        disabled={list.fields.length >= MAX_MEDICATIONS}
        onClick={() => list.append({ name: '', dose: '' })}
      >
        {t('family.editor.addMedication')}
      </button>
    </div>
  );
}

/**
 * One of the form's lists of people (emergency contacts, pick-ups): a row each with name,
 * relationship and phone (and what `extra` adds), moved and removed row by row, added up to the
 * limit in `FAMILY_LIMITS`.
 */
function PeopleList({
  name,
  form,
  idPrefix,
  relationshipsId,
  extra,
}: {
  name: ListName;
  form: UseFormReturn<CareDetailsInput, unknown, CareDetails>;
  /** Starts each control's id. */
  idPrefix: string;
  relationshipsId: string;
  extra?: (fieldId: string, index: number, personName: string) => ReactNode;
}) {
  const { t } = useI18n();
  const { legend, hint, numbered, labels, addLabel, empty } = PEOPLE_LISTS[name];
  const { register, control, formState } = form;
  const list = useFieldArray({ control, name });
  const rows: readonly { name?: string }[] = useWatch({ control, name }) ?? [];
  const errors = formState.errors[name];
  const listError = errors?.message ?? errors?.root?.message;
  return (
    <fieldset className="care-section">
      <legend className="care-section__title">{t(legend)}</legend>
      <p className="form-text mt-0">{t(hint)}</p>
      {listError ? <p className="invalid-feedback d-block">{listError}</p> : null}
      <ol className="care-rows">
        {list.fields.map((field, index) => {
          const personName = rows[index]?.name ?? '';
          const rowErrors = errors?.[index];
          const fieldId = `${idPrefix}-${field.id}`;
          return (
            <li key={field.id} className="care-row">
              <div className="row g-2">
                {PERSON_FIELDS.map(({ part, ...input }) => (
                  <TextInput
                    key={part}
                    id={`${fieldId}-${part}`}
                    label={t(labels[part], { number: index + 1 })}
                    registration={register(`${name}.${index}.${part}`)}
                    error={rowErrors?.[part]}
                    list={part === 'relationship' ? relationshipsId : undefined}
                    required
                    {...input}
                  />
                ))}
                {extra?.(field.id, index, personName)}
              </div>
              <RowActions
                index={index}
                count={list.fields.length}
                what={personName.trim() || t(numbered, { number: index + 1 })}
                onMove={list.move}
                onRemove={list.remove}
              />
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="btn btn-outline-primary rounded-pill care-add"
        disabled={list.fields.length >= FAMILY_LIMITS[name]}
        onClick={() => list.append(empty)}
      >
        {t(addLabel)}
      </button>
    </fieldset>
  );
}

/**
 * The guardians' and the principal's form of a child's care details (docs/decisions/0021-families.md):
 * checked with the schema the server uses, saved whole but for the consents (`PUT pupils/{id}/care`,
 * `photoConsent` left out; ConsentsPanel changes them). Leaving with unsaved
 * changes asks first.
 */
export function CareEditor({ studentId, saved }: { studentId: number; saved: CareDetails }) {
  const id = useId();
  const { t } = useI18n();
  const relationshipsId = `${id}-relationships`;
  const save = useSaveCare(studentId);
  const [problems, setProblems] = useState<string[]>([]);
  const form = useForm<CareDetailsInput, unknown, CareDetails>({
    resolver: zodResolver(CareDetailsSchema),
    defaultValues: saved,
  });
  const { register, control, setValue, formState } = form;
  const { errors, isDirty, isSubmitting } = formState;

  const blocker = useLeaveGuard(isDirty, isSubmitting);

  const onSubmit = async (values: CareDetails): Promise<void> => {
    setProblems([]);
    try {
      // The consents are left out: they are given and withdrawn one by one on the consents panel, so a
      // form opened before a withdrawal cannot give it back (docs/decisions/0111-consent-as-a-ledger.md).
      const { photoConsent: _kept, ...withoutConsents } = values;
      const answer = await save.mutateAsync(withoutConsents);
      form.reset(answer.details);
      notify.success(t('family.editor.saved'));
    } catch (error) {
      const details = fieldErrorsOf(error);
      showFieldErrors(details, form.setError, carePathOf);
      const elsewhere = details.filter((detail) => carePathOf(detail.field) === undefined);
      setProblems([
        isApiError(error) ? error.message : t('family.editor.saveFailed'),
        ...elsewhere.map((detail) => detail.message),
      ]);
    }
  };

  return (
    <form
      className="care-form"
      noValidate
      onSubmit={form.handleSubmit(onSubmit)}
      aria-label={t('family.editor.label')}
    >
      <datalist id={relationshipsId}>
        {/* Suggestions for a free text, so in the reader's words. */}
        {RELATIONSHIPS.map((relationship) => (
          <option key={relationship} value={t(RELATIONSHIP_KEY[relationship])} />
        ))}
      </datalist>
      <ErrorLines lines={problems} />

      <PeopleList
        name="emergencyContacts"
        form={form}
        idPrefix={`${id}-contact`}
        relationshipsId={relationshipsId}
      />

      <fieldset className="care-section">
        <legend className="care-section__title">{t('family.editor.medicalNotes')}</legend>
        <div className="row g-2">
          {(
            [
              ['allergies', 'family.editor.allergies'],
              ['conditions', 'family.editor.conditions'],
            ] as const
          ).map(([name, label]) => (
            <CareField key={name} id={`${id}-${name}`} label={t(label)} error={errors.medical?.[name]}>
              {({ className, ...aria }) => (
                <textarea
                  rows={3}
                  className={`form-control ${className}`}
                  {...aria}
                  {...register(`medical.${name}`)}
                />
              )}
            </CareField>
          ))}
          <MedicationList form={form} idPrefix={`${id}-medication`} />
          <TextInput
            id={`${id}-doctor-name`}
            label={t('family.editor.doctorName')}
            registration={register('medical.doctorName')}
            error={errors.medical?.doctorName}
          />
          <TextInput
            id={`${id}-doctor-phone`}
            label={t('family.editor.doctorPhone')}
            registration={register('medical.doctorPhone')}
            error={errors.medical?.doctorPhone}
            type="tel"
          />
        </div>
      </fieldset>

      <PeopleList
        name="pickups"
        form={form}
        idPrefix={`${id}-pickup`}
        relationshipsId={relationshipsId}
        extra={(fieldId, index, personName) => (
          <PickupPhoto
            id={`${id}-pickup-${fieldId}-photo`}
            studentId={studentId}
            index={index}
            control={control}
            setValue={setValue}
            personName={personName}
          />
        )}
      />

      <div className="care-form__actions">
        <button type="submit" className="btn btn-primary btn-lg rounded-pill px-5" disabled={isSubmitting}>
          {isSubmitting ? t('family.editor.saving') : t('family.editor.save')}
        </button>
        <button
          type="button"
          className="btn btn-outline-primary btn-lg rounded-pill px-4"
          disabled={!isDirty || isSubmitting}
          onClick={() => {
            form.reset();
            setProblems([]);
          }}
        >
          {t('family.editor.undo')}
        </button>
      </div>

      {blocker.state === 'blocked' ? (
        <ConfirmDialog
          title={t('family.editor.leaveTitle')}
          confirmLabel={t('family.editor.leave')}
          cancelLabel={t('family.editor.stay')}
          onConfirm={() => blocker.proceed?.()}
          onCancel={() => blocker.reset?.()}
        >
          <p>{t('family.editor.leaveText')}</p>
        </ConfirmDialog>
      ) : null}
    </form>
  );
}
