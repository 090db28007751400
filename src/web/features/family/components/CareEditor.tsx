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
  RELATIONSHIPS,
} from '../../../../shared/api/family.js';
import { ErrorLines } from '../../../components/school/ErrorLines.js';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.js';
import { isApiError } from '../../../lib/api-client.js';
import { fieldErrorsOf, showFieldErrors } from '../../../lib/form-errors.js';
import { notify } from '../../../lib/toast.js';
import { useLeaveGuard } from '../../../lib/use-leave-guard.js';
import { useSaveCare } from '../api/save-care.js';
import { useUploadPickupPhoto } from '../api/upload-pickup-photo.js';
import { PickupPhotoImage } from './PickupPhotoImage.js';

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
      {photo ? (
        <PickupPhotoImage studentId={studentId} photo={photo} className="care-photo__preview" alt={who} />
      ) : null}
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

/** The controls of one person in those lists (the relationship's also offers the usual ones). */
const PERSON_FIELDS = [
  { part: 'name', label: 'Name', autoComplete: 'off' },
  { part: 'relationship', label: 'Relationship' },
  { part: 'phone', label: 'Phone', type: 'tel' },
] as const;

/** What differs between the form's two lists of people. */
const PEOPLE_LISTS: Record<
  ListName,
  { legend: string; hint: string; noun: string; addLabel: string; empty: CareDetailsInput[ListName][number] }
> = {
  emergencyContacts: {
    legend: 'Emergency contacts',
    hint: 'In the order the school should call them.',
    noun: 'contact',
    addLabel: CARE_EDITOR_TEXTS.addContact,
    empty: { name: '', relationship: '', phone: '' },
  },
  pickups: {
    legend: 'Who may collect the child',
    hint: 'Besides the child’s guardians. The teacher checks each name when the child goes home.',
    noun: 'person',
    addLabel: CARE_EDITOR_TEXTS.addPickup,
    empty: { name: '', relationship: '', phone: '', photo: null },
  },
};

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
  const { legend, hint, noun, addLabel, empty } = PEOPLE_LISTS[name];
  const { register, control, formState } = form;
  const list = useFieldArray({ control, name });
  const rows: readonly { name?: string }[] = useWatch({ control, name }) ?? [];
  const errors = formState.errors[name];
  const listError = errors?.message ?? errors?.root?.message;
  return (
    <fieldset className="care-section">
      <legend className="care-section__title">{legend}</legend>
      <p className="form-text mt-0">{hint}</p>
      {listError ? <p className="invalid-feedback d-block">{listError}</p> : null}
      <ol className="care-rows">
        {list.fields.map((field, index) => {
          const personName = rows[index]?.name ?? '';
          const rowErrors = errors?.[index];
          const fieldId = `${idPrefix}-${field.id}`;
          return (
            <li key={field.id} className="care-row">
              <div className="row g-2">
                {PERSON_FIELDS.map(({ part, label, ...input }) => (
                  <TextInput
                    key={part}
                    id={`${fieldId}-${part}`}
                    label={`${label} (${noun} ${index + 1})`}
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
                what={personName.trim() || `${noun} ${index + 1}`}
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
        {addLabel}
      </button>
    </fieldset>
  );
}

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

  const blocker = useLeaveGuard(isDirty, isSubmitting);

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

  return (
    <form className="care-form" noValidate onSubmit={form.handleSubmit(onSubmit)} aria-label="Care details">
      <datalist id={relationshipsId}>
        {RELATIONSHIPS.map((relationship) => (
          <option key={relationship} value={relationship} />
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
