import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ContentCollection } from '../../../../shared/api/content.js';
import { PREVIEW_PAGES } from '../../../../shared/api/content-preview.js';
import { shownOnPage } from '../../../../shared/content-positions.js';
import { isApiError } from '../../../lib/api-client.js';
import { fieldErrorsOf, showFieldErrors } from '../../../lib/form-errors.js';
import { type Translator, useI18n } from '../../../lib/i18n.js';
import { notify } from '../../../lib/toast.js';
import { type EditorRecord, useSaveRecord } from '../api/content-admin.js';
import { usePreviewRecord } from '../api/content-preview.js';
import {
  type EditorValues,
  editableFieldsOf,
  editorResolver,
  formPathOf,
  SCHOOL_FACT_FIELDS,
  toBody,
  toFormValues,
} from '../lib/form-values.js';
import { collectionTitleKey, fieldLabelKey } from '../lib/labels.js';
import { type PendingUpload, UPLOAD_BEFORE_SAVE_FAILED, useReportUnsavedWork } from '../lib/unsaved-work.js';
import { ContentField } from './ContentField.js';
import { EditorActions } from './EditorActions.js';
import { ImagesEditor } from './ImagesEditor.js';
import { RecordPreview } from './RecordPreview.js';

export const SAVED_MESSAGE = 'cms.record.saved';
/** What the editor's forms say when a save failed: not the principal, the server's message, or try again. */
export function saveErrorText(t: Translator['t'], error: unknown): string {
  if (isApiError(error) && error.status === 403) return t('cms.record.notAllowed');
  return isApiError(error) ? error.message : t('cms.record.saveFailed');
}

/** What the form says when a preview failed: not the principal, the server's message, or try again. */
export function previewErrorText(t: Translator['t'], error: unknown): string {
  if (isApiError(error) && error.status === 403) return t('cms.record.notAllowed');
  return isApiError(error) ? error.message : t('cms.record.previewFailed');
}

export const SCHOOL_FACTS_NOTE = 'cms.record.schoolFactsNote';

export interface RecordFormProps {
  collection: ContentCollection;
  /** Undefined for a new record. */
  record?: EditorRecord;
  /** Where the record is (or a new one goes) in the collection: what the page shows of it there. */
  position: number;
  onDone: () => void;
}

/**
 * A record's form, generated from CONTENT_COLLECTIONS: a line is an input, a text a textarea, an
 * icon a picker, a check-list a list of items. Checked with the server's schema; a failed save
 * keeps everything typed and shows the server's reasons at the fields.
 */
export function RecordForm({ collection, record, position, onDone }: RecordFormProps) {
  const { t } = useI18n();
  const id = useId();
  const save = useSaveRecord(collection);
  const [formError, setFormError] = useState<string | undefined>();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<EditorValues>({
    resolver: editorResolver(collection),
    defaultValues: toFormValues(collection, record),
  });
  // A picture chosen in "Upload a picture" but not yet uploaded is work too: Save uploads it first.
  const pendingUpload = useRef<PendingUpload | undefined>(undefined);
  const [pictureChosen, setPictureChosen] = useState(false);
  const [saved, setSaved] = useState(false);
  useReportUnsavedWork((isDirty || pictureChosen) && !saved);

  const preview = usePreviewRecord(collection);
  const [previewHtml, setPreviewHtml] = useState<string | undefined>();
  // The draft as it stands, checked like a save; a picture chosen but not yet added is not in it.
  const onPreview = async (values: EditorValues) => {
    setFormError(undefined);
    try {
      setPreviewHtml(await preview.mutateAsync({ id: record?.id, body: toBody(collection, values) }));
    } catch (error) {
      showFieldErrors(
        fieldErrorsOf(error),
        setError,
        (field) => formPathOf(collection, field.split('.')) as `fields.${string}` | undefined,
      );
      setFormError(previewErrorText(t, error));
    }
  };

  const onSubmit = async (submitted: EditorValues) => {
    setFormError(undefined);
    let values = submitted;
    const upload = pendingUpload.current;
    if (upload) {
      try {
        const picture = await upload();
        const added = collection === 'gallery' ? { ...picture, category: '' } : picture;
        values = { ...submitted, images: [...submitted.images, added] };
      } catch (failure) {
        setFormError(t(UPLOAD_BEFORE_SAVE_FAILED, { reason: (failure as Error).message }));
        return;
      }
    }
    try {
      await save.mutateAsync({ id: record?.id, body: toBody(collection, values) });
    } catch (error) {
      showFieldErrors(
        fieldErrorsOf(error),
        setError,
        (field) => formPathOf(collection, field.split('.')) as `fields.${string}` | undefined,
      );
      setFormError(saveErrorText(t, error));
      return;
    }
    setSaved(true);
    notify.success(t(SAVED_MESSAGE));
    onDone();
  };

  const title = t(collectionTitleKey(collection));
  const { pictures } = shownOnPage(collection, position);
  return (
    <form
      className="cms-form"
      noValidate
      aria-label={record ? t('cms.record.editForm', { title }) : t('cms.record.newForm', { title })}
      onSubmit={handleSubmit(onSubmit)}
    >
      {SCHOOL_FACT_FIELDS[collection] ? <p className="form-text">{t(SCHOOL_FACTS_NOTE)}</p> : null}
      {editableFieldsOf(collection, position).map((field) => (
        <ContentField
          key={field.wire}
          id={`${id}-${field.wire}`}
          field={field}
          label={t(fieldLabelKey(collection, field.wire))}
          error={errors.fields?.[field.wire]?.message}
          control={control}
          register={register}
        />
      ))}
      {pictures > 0 ? (
        <ImagesEditor
          collection={collection}
          control={control}
          register={register}
          errors={errors}
          shown={pictures}
          pendingUpload={pendingUpload}
          onChosenChange={setPictureChosen}
        />
      ) : null}
      {formError ? (
        <p className="alert alert-danger" role="alert">
          {formError}
        </p>
      ) : null}
      <EditorActions
        saving={isSubmitting}
        previewing={preview.isPending}
        onPreview={handleSubmit(onPreview)}
        onCancel={onDone}
      />
      {previewHtml !== undefined ? (
        <RecordPreview
          html={previewHtml}
          page={PREVIEW_PAGES[collection]}
          onClose={() => setPreviewHtml(undefined)}
        />
      ) : null}
    </form>
  );
}
