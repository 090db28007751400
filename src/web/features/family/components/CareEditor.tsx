import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useId, useState } from 'react';
import {
  type Control,
  type FieldError,
  type Path,
  type UseFormRegisterReturn,
  type UseFormSetValue,
  useFieldArray,
  useForm,
  useWatch,
} from 'react-hook-form';
import { useBlocker } from 'react-router';
import {
  type CareDetails,
  type CareDetailsInput,
  CareDetailsSchema,
  FAMILY_LIMITS,
  RELATIONSHIPS,
} from '../../../../shared/api/family.js';
import { ErrorLines } from '../../../components/school/ErrorLines.js';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.js';
import { isApiError } from '../../../lib/api-client.js';
import { fieldErrorsOf, showFieldErrors } from '../../../lib/form-errors.js';
import { uploadUrl } from '../../../lib/images.js';
import { notify } from '../../../lib/toast.js';
import { useSaveCare } from '../api/save-care.js';
import { useUploadPickupPhoto } from '../api/upload-pickup-photo.js';

export const CARE_EDITOR_TEXTS = {
  saved: 'Care details saved.',
  saveFailed: 'The care details could not be saved. Please try again.',
  save: 'Save care details',
  saving: 'Saving…',
  undo: 'Undo changes',
  addContact: 'Add an emergency contact',
  addPickup: 'Add a person who may collect',
  leaveTitle: 'Leave without saving?',
  leaveText: 'The changes you made to the care details are not saved yet. If you leave now, they are lost.',
  uploadFailed: 'The photo could not be uploaded. Please try another picture.',
} as const;

type ListName = 'emergencyContacts' | 'pickups';

/**
 * A server detail's field (`pickups.0.phone`, perhaps under `details.`) as a path of this form, if
 * it is one; anything else is said above the form.
 */
const FORM_PATH =
  /^(?:(?:emergencyContacts|pickups)(?:\.\d+\.(?:name|relationship|phone|photo))?|medical\.(?:allergies|conditions|medication|doctorName|doctorPhone)|photoConsent)$/;
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
  const upload = useUploadPickupPhoto(studentId);
  const photo = useWatch({ control, name: `pickups.${index}.photo` });
  const who = personName.trim() || `person ${index + 1}`;
  const errorId = `${id}-error`;
  return (
    <div className="col-12 care-photo">
      {photo ? <img className="care-photo__preview" src={uploadUrl(photo)} alt={who} /> : null}
      <div className="care-photo__controls">
        <label className="form-label" htmlFor={id}>
          Photo (optional)
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
            Uploading…
          </p>
        ) : null}
        {upload.isError ? (
          <div id={errorId} className="invalid-feedback d-block" role="alert">
            {isApiError(upload.error) ? upload.error.message : CARE_EDITOR_TEXTS.uploadFailed}
          </div>
        ) : null}
        {photo ? (
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary rounded-pill mt-2"
            onClick={() => setValue(`pickups.${index}.photo`, null, { shouldDirty: true })}
          >
            Remove the photo of {who}
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
  return (
    <div className="care-row__actions">
      <button
        type="button"
        className="btn btn-outline-secondary care-row__button"
        disabled={index === 0}
        onClick={() => onMove(index, index - 1)}
        aria-label={`Move ${what} up`}
      >
        <span aria-hidden="true">↑</span>
      </button>
      <button
        type="button"
        className="btn btn-outline-secondary care-row__button"
        disabled={index === count - 1}
        onClick={() => onMove(index, index + 1)}
        aria-label={`Move ${what} down`}
      >
        <span aria-hidden="true">↓</span>
      </button>
      <button
        type="button"
        className="btn btn-outline-danger care-row__button"
        onClick={() => onRemove(index)}
        aria-label={`Remove ${what}`}
      >
        <span aria-hidden="true">✕</span>
      </button>
    </div>
  );
}

const EMPTY_CONTACT = { name: '', relationship: '', phone: '' };
const EMPTY_PICKUP = { name: '', relationship: '', phone: '', photo: null };

/**
 * The guardians' and the principal's form of a child's care details (docs/decisions/0021-families.md):
 * checked with the schema the server uses, saved whole (`PUT pupils/{id}/care`). Leaving with unsaved
 * changes asks first.
 */
export function CareEditor({ studentId, saved }: { studentId: number; saved: CareDetails }) {
  const id = useId();
  const relationshipsId = `${id}-relationships`;
  const save = useSaveCare(studentId);
  const [problems, setProblems] = useState<string[]>([]);
  const form = useForm<CareDetailsInput, unknown, CareDetails>({
    resolver: zodResolver(CareDetailsSchema),
    defaultValues: saved,
  });
  const { register, control, setValue, formState } = form;
  const { errors, isDirty, isSubmitting } = formState;
  const contacts = useFieldArray({ control, name: 'emergencyContacts' });
  const pickups = useFieldArray({ control, name: 'pickups' });
  const contactNames = useWatch({ control, name: 'emergencyContacts' }) ?? [];
  const pickupNames = useWatch({ control, name: 'pickups' }) ?? [];

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty && !isSubmitting && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!isDirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  const onSubmit = async (values: CareDetails): Promise<void> => {
    setProblems([]);
    try {
      const answer = await save.mutateAsync(values);
      form.reset(answer.details);
      notify.success(CARE_EDITOR_TEXTS.saved);
    } catch (error) {
      const details = fieldErrorsOf(error);
      showFieldErrors(details, form.setError, carePathOf);
      const elsewhere = details.filter((detail) => carePathOf(detail.field) === undefined);
      setProblems([
        isApiError(error) ? error.message : CARE_EDITOR_TEXTS.saveFailed,
        ...elsewhere.map((detail) => detail.message),
      ]);
    }
  };

  const listError = (name: ListName): string | undefined =>
    errors[name]?.message ?? errors[name]?.root?.message;
  const rowName = (rows: readonly { name?: string }[], index: number, fallback: string) =>
    rows[index]?.name?.trim() || `${fallback} ${index + 1}`;

  return (
    <form className="care-form" noValidate onSubmit={form.handleSubmit(onSubmit)} aria-label="Care details">
      <datalist id={relationshipsId}>
        {RELATIONSHIPS.map((relationship) => (
          <option key={relationship} value={relationship} />
        ))}
      </datalist>
      <ErrorLines lines={problems} />

      <fieldset className="care-section">
        <legend className="care-section__title">Emergency contacts</legend>
        <p className="form-text mt-0">In the order the school should call them.</p>
        {listError('emergencyContacts') ? (
          <p className="invalid-feedback d-block">{listError('emergencyContacts')}</p>
        ) : null}
        <ol className="care-rows">
          {contacts.fields.map((field, index) => {
            const what = rowName(contactNames, index, 'contact');
            const rowErrors = errors.emergencyContacts?.[index];
            return (
              <li key={field.id} className="care-row">
                <div className="row g-2">
                  <TextInput
                    id={`${id}-contact-${field.id}-name`}
                    label={`Name (contact ${index + 1})`}
                    registration={register(`emergencyContacts.${index}.name`)}
                    error={rowErrors?.name}
                    autoComplete="off"
                    required
                  />
                  <TextInput
                    id={`${id}-contact-${field.id}-relationship`}
                    label={`Relationship (contact ${index + 1})`}
                    registration={register(`emergencyContacts.${index}.relationship`)}
                    error={rowErrors?.relationship}
                    list={relationshipsId}
                    required
                  />
                  <TextInput
                    id={`${id}-contact-${field.id}-phone`}
                    label={`Phone (contact ${index + 1})`}
                    registration={register(`emergencyContacts.${index}.phone`)}
                    error={rowErrors?.phone}
                    type="tel"
                    required
                  />
                </div>
                <RowActions
                  index={index}
                  count={contacts.fields.length}
                  what={what}
                  onMove={contacts.move}
                  onRemove={contacts.remove}
                />
              </li>
            );
          })}
        </ol>
        <button
          type="button"
          className="btn btn-outline-primary rounded-pill care-add"
          disabled={contacts.fields.length >= FAMILY_LIMITS.emergencyContacts}
          onClick={() => contacts.append(EMPTY_CONTACT)}
        >
          {CARE_EDITOR_TEXTS.addContact}
        </button>
      </fieldset>

      <fieldset className="care-section">
        <legend className="care-section__title">Medical notes</legend>
        <div className="row g-2">
          {(
            [
              ['allergies', 'Allergies'],
              ['conditions', 'Conditions'],
              ['medication', 'Medication'],
            ] as const
          ).map(([name, label]) => (
            <CareField key={name} id={`${id}-${name}`} label={label} error={errors.medical?.[name]}>
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
          <TextInput
            id={`${id}-doctor-name`}
            label="Doctor’s name"
            registration={register('medical.doctorName')}
            error={errors.medical?.doctorName}
          />
          <TextInput
            id={`${id}-doctor-phone`}
            label="Doctor’s phone"
            registration={register('medical.doctorPhone')}
            error={errors.medical?.doctorPhone}
            type="tel"
          />
        </div>
      </fieldset>

      <fieldset className="care-section">
        <legend className="care-section__title">Who may collect the child</legend>
        <p className="form-text mt-0">
          Besides the child’s guardians. The teacher checks each name when the child goes home.
        </p>
        {listError('pickups') ? <p className="invalid-feedback d-block">{listError('pickups')}</p> : null}
        <ol className="care-rows">
          {pickups.fields.map((field, index) => {
            const what = rowName(pickupNames, index, 'person');
            const rowErrors = errors.pickups?.[index];
            return (
              <li key={field.id} className="care-row">
                <div className="row g-2">
                  <TextInput
                    id={`${id}-pickup-${field.id}-name`}
                    label={`Name (person ${index + 1})`}
                    registration={register(`pickups.${index}.name`)}
                    error={rowErrors?.name}
                    autoComplete="off"
                    required
                  />
                  <TextInput
                    id={`${id}-pickup-${field.id}-relationship`}
                    label={`Relationship (person ${index + 1})`}
                    registration={register(`pickups.${index}.relationship`)}
                    error={rowErrors?.relationship}
                    list={relationshipsId}
                    required
                  />
                  <TextInput
                    id={`${id}-pickup-${field.id}-phone`}
                    label={`Phone (person ${index + 1})`}
                    registration={register(`pickups.${index}.phone`)}
                    error={rowErrors?.phone}
                    type="tel"
                    required
                  />
                  <PickupPhoto
                    id={`${id}-pickup-${field.id}-photo`}
                    studentId={studentId}
                    index={index}
                    control={control}
                    setValue={setValue}
                    personName={pickupNames[index]?.name ?? ''}
                  />
                </div>
                <RowActions
                  index={index}
                  count={pickups.fields.length}
                  what={what}
                  onMove={pickups.move}
                  onRemove={pickups.remove}
                />
              </li>
            );
          })}
        </ol>
        <button
          type="button"
          className="btn btn-outline-primary rounded-pill care-add"
          disabled={pickups.fields.length >= FAMILY_LIMITS.pickups}
          onClick={() => pickups.append(EMPTY_PICKUP)}
        >
          {CARE_EDITOR_TEXTS.addPickup}
        </button>
      </fieldset>

      <fieldset className="care-section">
        <legend className="care-section__title">Photos</legend>
        <div className="form-check form-switch care-consent">
          <input
            id={`${id}-consent`}
            type="checkbox"
            className="form-check-input"
            {...register('photoConsent')}
          />
          <label className="form-check-label" htmlFor={`${id}-consent`}>
            The child may appear in photos on the school’s website
          </label>
        </div>
      </fieldset>

      <div className="care-form__actions">
        <button type="submit" className="btn btn-primary btn-lg rounded-pill px-5" disabled={isSubmitting}>
          {isSubmitting ? CARE_EDITOR_TEXTS.saving : CARE_EDITOR_TEXTS.save}
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
          {CARE_EDITOR_TEXTS.undo}
        </button>
      </div>

      {blocker.state === 'blocked' ? (
        <ConfirmDialog
          title={CARE_EDITOR_TEXTS.leaveTitle}
          confirmLabel="Leave without saving"
          onConfirm={() => blocker.proceed?.()}
          onCancel={() => blocker.reset?.()}
        >
          <p>{CARE_EDITOR_TEXTS.leaveText}</p>
        </ConfirmDialog>
      ) : null}
    </form>
  );
}
