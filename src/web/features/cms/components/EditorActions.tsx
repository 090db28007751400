import { useI18n } from '../../../lib/i18n.js';

/**
 * The website editor's Save, Preview and Cancel, under a record's form and under its text in
 * another language alike. Save submits the form; Preview renders its unsaved values.
 */
export function EditorActions({
  saving,
  previewing,
  onPreview,
  onCancel,
}: {
  /** The form is submitting: being saved, or checked for a preview (then `previewing` too). */
  saving: boolean;
  previewing: boolean;
  onPreview: () => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  return (
    <div className="d-flex gap-2">
      <button type="submit" className="btn btn-primary" disabled={saving}>
        {saving && !previewing ? t('cms.record.saving') : t('cms.record.save')}
      </button>
      <button type="button" className="btn btn-outline-primary" disabled={previewing} onClick={onPreview}>
        {previewing ? t('cms.record.rendering') : t('cms.record.preview')}
      </button>
      <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
        {t('cms.record.cancel')}
      </button>
    </div>
  );
}
