import { useId, useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import {
  CONTENT_COLLECTIONS,
  type ContentCollection,
  translatableFieldEntries,
} from '../../../../shared/api/content.js';
import { PREVIEW_PAGES } from '../../../../shared/api/content-preview.js';
import {
  type ContentTranslation,
  contentTranslationBodySchema,
} from '../../../../shared/api/content-translations.js';
import { type Locale, textDirection } from '../../../../shared/i18n/locales.js';
import { publicPageHref } from '../../../../shared/page-rendering.js';
import { fieldErrorsOf, showFieldErrors } from '../../../lib/form-errors.js';
import { useI18n } from '../../../lib/i18n.js';
import { notify } from '../../../lib/toast.js';
import type { EditorRecord } from '../api/content-admin.js';
import { usePreviewTranslation } from '../api/content-preview.js';
import { useSaveTranslation, useTranslation } from '../api/content-translation.js';
import { editableFieldsOf } from '../lib/form-values.js';
import { collectionTitleKey, fieldLabelKey, languageNameKey } from '../lib/labels.js';
import { useReportUnsavedWork } from '../lib/unsaved-work.js';
import { ContentField } from './ContentField.js';
import { EditorActions } from './EditorActions.js';
import { previewErrorText, saveErrorText } from './RecordForm.js';
import { RecordPreview } from './RecordPreview.js';

export interface TranslationFormProps {
  collection: ContentCollection;
  record: EditorRecord;
  /** Where the record is in its collection: the form shows the fields the page shows there. */
  position: number;
  language: Locale;
  defaultLanguage: Locale;
  onDone: () => void;
}

interface TranslationValues {
  fields: Record<string, string>;
}

/** How much of the default language's text a "not translated" mark quotes. */
const QUOTED_LENGTH = 80;
const quoted = (text: string) =>
  text.length > QUOTED_LENGTH ? `${text.slice(0, QUOTED_LENGTH - 1)}…` : text;

/**
 * A record's text in one of the school's other languages
 * (docs/decisions/0064-content-in-the-schools-languages.md): its text fields only, each showing the
 * default language's text as its placeholder and, while empty, marked "not translated" with the
 * text the page shows instead. The icon, pictures and order are the record's, edited in the default
 * language.
 */
export function TranslationForm(props: TranslationFormProps) {
  const { t } = useI18n();
  const { collection, record, language } = props;
  const translation = useTranslation(collection, record.id, language);
  const languageName = t(languageNameKey(language));
  if (translation.isPending) return <p>{t('cms.translation.loading', { language: languageName })}</p>;
  if (translation.isError)
    return (
      <div role="alert">
        <p>{t('cms.translation.loadFailed', { language: languageName })}</p>
        <button
          type="button"
          className="btn btn-outline-primary btn-sm"
          onClick={() => translation.refetch()}
        >
          {t('cms.collection.retry')}
        </button>
      </div>
    );
  return <TranslationFields {...props} translation={translation.data} />;
}

/** Checks the form with the server's own body schema, each message at its field. */
function translationResolver(collection: ContentCollection): Resolver<TranslationValues> {
  const schema = contentTranslationBodySchema(collection);
  return async (values) => {
    const parsed = schema.safeParse(values.fields);
    if (parsed.success) return { values, errors: {} };
    const fields: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const wire = String(issue.path[0] ?? '');
      fields[wire] ??= { type: 'validation', message: issue.message };
    }
    return { values: {}, errors: { fields } as FieldErrors<TranslationValues> };
  };
}

function TranslationFields({
  collection,
  record,
  position,
  language,
  defaultLanguage,
  onDone,
  translation,
}: TranslationFormProps & { translation: ContentTranslation }) {
  const { t } = useI18n();
  const id = useId();
  const save = useSaveTranslation(collection, record.id, language);
  const [formError, setFormError] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<TranslationValues>({
    resolver: translationResolver(collection),
    defaultValues: { fields: translation.fields },
  });
  useReportUnsavedWork(isDirty && !saved);

  const languageName = t(languageNameKey(language));
  const defaultName = t(languageNameKey(defaultLanguage));
  const translatable = new Set(translatableFieldEntries(collection).map(([, field]) => field.wire));
  const fields = editableFieldsOf(collection, position).filter((field) => translatable.has(field.wire));
  const hasShared = Object.values(CONTENT_COLLECTIONS[collection].fields).some(
    (f) => f.kind === 'icon' || f.kind === 'class',
  );
  const title = t(collectionTitleKey(collection));
  const values = watch('fields');

  const showErrors = (error: unknown) =>
    showFieldErrors(fieldErrorsOf(error), setError, (field) =>
      translatable.has(field) ? (`fields.${field}` as const) : undefined,
    );

  const preview = usePreviewTranslation(collection, record.id, language);
  const [previewHtml, setPreviewHtml] = useState<string | undefined>();
  // The page in this language with the text as it stands, checked like a save.
  const onPreview = async (submitted: TranslationValues) => {
    setFormError(undefined);
    try {
      setPreviewHtml(await preview.mutateAsync(submitted.fields));
    } catch (error) {
      showErrors(error);
      setFormError(previewErrorText(t, error));
    }
  };

  const onSubmit = async (submitted: TranslationValues) => {
    setFormError(undefined);
    try {
      await save.mutateAsync(submitted.fields);
    } catch (error) {
      showErrors(error);
      setFormError(saveErrorText(t, error));
      return;
    }
    setSaved(true);
    notify.success(t('cms.translation.saved', { language: languageName }));
    onDone();
  };

  return (
    <form
      className="cms-form"
      noValidate
      aria-label={t('cms.translation.form', { title, language: languageName })}
      onSubmit={handleSubmit(onSubmit)}
    >
      <p className="form-text">
        {t('cms.translation.intro', { language: languageName, defaultLanguage: defaultName })}
      </p>
      {fields.map((field) => {
        const fieldId = `${id}-${field.wire}`;
        const original = typeof record[field.wire] === 'string' ? (record[field.wire] as string) : '';
        // Empty here: the page shows the default language's text, which the mark quotes.
        const missing = (values?.[field.wire] ?? '').trim() === '' && original.trim() !== '';
        const markId = `${fieldId}-fallback`;
        return (
          <ContentField
            key={field.wire}
            id={fieldId}
            field={field}
            label={t(fieldLabelKey(collection, field.wire))}
            error={errors.fields?.[field.wire]?.message}
            control={control}
            register={register}
            // What is typed is in the translation's language, whatever the editor's own.
            input={{
              lang: language,
              dir: textDirection(language),
              placeholder: original,
              maxLength: field.max,
            }}
            note={
              missing
                ? {
                    id: markId,
                    content: (
                      <div id={markId} className="form-text cms-translation__missing" lang={defaultLanguage}>
                        {t('cms.translation.notTranslated', { text: quoted(original.replaceAll('#', ', ')) })}
                      </div>
                    ),
                  }
                : undefined
            }
          />
        );
      })}
      {hasShared || record.images.length > 0 ? (
        <p className="form-text">{t('cms.translation.sharedNote', { defaultLanguage: defaultName })}</p>
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
          page={publicPageHref(PREVIEW_PAGES[collection], language, defaultLanguage)}
          onClose={() => setPreviewHtml(undefined)}
        />
      ) : null}
    </form>
  );
}
