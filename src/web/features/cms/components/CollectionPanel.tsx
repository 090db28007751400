import { useId, useState } from 'react';
import type { ContentCollection } from '../../../../shared/api/content.js';
import { isShownOnPage } from '../../../../shared/content-positions.js';
import type { Locale } from '../../../../shared/i18n/locales.js';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.js';
import { isApiError } from '../../../lib/api-client.js';
import { type Translator, useI18n } from '../../../lib/i18n.js';
import { useSettings } from '../../../lib/settings.js';
import { notify } from '../../../lib/toast.js';
import {
  type EditorRecord,
  useDeleteRecord,
  useEditorRecords,
  useReorderRecords,
} from '../api/content-admin.js';
import { editableFieldsOf, fieldsOf } from '../lib/form-values.js';
import { collectionTitleKey, languageNameKey } from '../lib/labels.js';
import { GalleryChildren } from './GalleryChildren.js';
import { RecordForm } from './RecordForm.js';
import { TranslationForm } from './TranslationForm.js';

/** A record's one-line summary: its first non-empty text field (shown as text), else its number. */
export function summaryOf(
  t: Translator['t'],
  collection: ContentCollection,
  record: EditorRecord,
  index: number,
): string {
  // What the page shows of the record comes first (the About check-list, not its empty title).
  const shown = isShownOnPage(collection, index) ? editableFieldsOf(collection, index) : [];
  for (const field of [...shown, ...fieldsOf(collection)]) {
    if (field.kind === 'icon' || field.kind === 'class') continue;
    const value = record[field.wire];
    if (typeof value === 'string' && value.trim() !== '') {
      const text = value.trim().replaceAll('#', ', ');
      return text.length > 80 ? `${text.slice(0, 79)}…` : text;
    }
  }
  return t('cms.collection.recordNumber', { number: index + 1 });
}

/** What the list says of a record the page does not show (its position shows nothing). */
export const NOT_SHOWN_RECORD = 'cms.collection.notShown';
/** Why a collection offers no "Add a record": a record added at the end would not show. */
export const NO_MORE_RECORDS = 'cms.collection.noMore';

export interface CollectionPanelProps {
  collection: ContentCollection;
  /**
   * The language the principal writes in (docs/decisions/0064-content-in-the-schools-languages.md),
   * kept by the editor across sections; undefined: the school's default. Without `onLanguageChange`
   * the panel keeps its own.
   */
  language?: Locale | undefined;
  onLanguageChange?: (language: Locale) => void;
}

/**
 * One collection: its records in order, with edit, delete, move up/down and add; when the school
 * offers several languages, a picker of the language to write the records' text in.
 */
export function CollectionPanel({ collection, language, onLanguageChange }: CollectionPanelProps) {
  const { t } = useI18n();
  const pickerId = useId();
  const settings = useSettings();
  const [ownLanguage, setOwnLanguage] = useState<Locale | undefined>();
  const defaultLanguage = settings.data?.language;
  const offered = settings.data?.languages ?? [];
  const asked = onLanguageChange ? language : ownLanguage;
  // A language the school no longer offers falls back to its default.
  const writing = asked && offered.includes(asked) ? asked : defaultLanguage;
  const translating = writing !== undefined && defaultLanguage !== undefined && writing !== defaultLanguage;
  const records = useEditorRecords(collection);
  const remove = useDeleteRecord(collection);
  const reorder = useReorderRecords(collection);
  const [editing, setEditing] = useState<number | 'new' | undefined>();
  const [deleting, setDeleting] = useState<EditorRecord | undefined>();
  const title = t(collectionTitleKey(collection));

  if (records.isPending) return <p>{t('cms.collection.loading', { title })}</p>;
  if (records.isError)
    return (
      <div role="alert">
        <p>{t('cms.collection.loadFailed', { title })}</p>
        <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => records.refetch()}>
          {t('cms.collection.retry')}
        </button>
      </div>
    );

  const list = records.data;
  const failed = (error: unknown) =>
    notify.error(isApiError(error) ? error.message : t('cms.collection.failed'));
  const move = (index: number, by: number) => {
    const ids = list.map((record) => record.id);
    const [id] = ids.splice(index, 1);
    if (id === undefined) return;
    ids.splice(index + by, 0, id);
    reorder.mutate(ids, { onError: failed });
  };

  if (editing !== undefined) {
    const record = editing === 'new' ? undefined : list.find((r) => r.id === editing);
    const position = record ? list.indexOf(record) : list.length;
    if (record && translating) {
      const languageName = t(languageNameKey(writing));
      return (
        <section aria-label={title}>
          <h2 className="h4">{t('cms.translation.editHeading', { title, language: languageName })}</h2>
          <TranslationForm
            key={`${editing}-${writing}`}
            collection={collection}
            record={record}
            position={position}
            language={writing}
            defaultLanguage={defaultLanguage}
            onDone={() => setEditing(undefined)}
          />
        </section>
      );
    }
    return (
      <section aria-label={title}>
        <h2 className="h4">
          {record ? t('cms.collection.editHeading', { title }) : t('cms.collection.newHeading', { title })}
        </h2>
        <RecordForm
          key={editing}
          collection={collection}
          record={record}
          position={position}
          onDone={() => setEditing(undefined)}
        />
        {collection === 'gallery' && record ? <GalleryChildren recordId={record.id} /> : null}
      </section>
    );
  }

  // A record added at the end must show on the page, else it is work for nothing.
  const addable = isShownOnPage(collection, list.length);

  return (
    <section aria-label={title}>
      <div className="d-flex align-items-center justify-content-between mb-3">
        <h2 className="h4 mb-0">{title}</h2>
        {addable && !translating ? (
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing('new')}>
            {t('cms.collection.add')}
          </button>
        ) : null}
      </div>
      {offered.length > 1 && writing ? (
        <div className="mb-3 cms-language">
          <label htmlFor={pickerId} className="form-label">
            {t('cms.translation.picker')}
          </label>
          <select
            id={pickerId}
            className="form-select"
            value={writing}
            onChange={(event) => {
              const next = event.target.value as Locale;
              if (onLanguageChange) onLanguageChange(next);
              else setOwnLanguage(next);
            }}
          >
            {offered.map((locale) => (
              <option key={locale} value={locale}>
                {locale === defaultLanguage
                  ? t('cms.translation.defaultOption', { language: t(languageNameKey(locale)) })
                  : t(languageNameKey(locale))}
              </option>
            ))}
          </select>
          {translating ? (
            <p className="form-text">
              {t('cms.translation.addInDefault', { language: t(languageNameKey(defaultLanguage)) })}
            </p>
          ) : null}
        </div>
      ) : null}
      {addable ? null : <p className="form-text">{t(NO_MORE_RECORDS)}</p>}
      {list.length === 0 ? <p>{t('cms.collection.empty')}</p> : null}
      <ol className="cms-records list-unstyled">
        {list.map((record, index) => {
          const summary = summaryOf(t, collection, record, index);
          const shown = isShownOnPage(collection, index);
          return (
            <li key={record.id} className="cms-records__item">
              <span className="cms-records__summary">
                {summary}
                {shown ? null : (
                  <span className="d-block small text-body-secondary">{t(NOT_SHOWN_RECORD)}</span>
                )}
              </span>
              <span className="cms-records__actions">
                <button
                  type="button"
                  className="btn btn-outline-secondary btn-sm"
                  aria-label={t('cms.collection.moveUp', { summary })}
                  disabled={index === 0 || reorder.isPending}
                  onClick={() => move(index, -1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="btn btn-outline-secondary btn-sm"
                  aria-label={t('cms.collection.moveDown', { summary })}
                  disabled={index === list.length - 1 || reorder.isPending}
                  onClick={() => move(index, 1)}
                >
                  ↓
                </button>
                {shown ? (
                  <button
                    type="button"
                    className="btn btn-outline-primary btn-sm"
                    aria-label={t('cms.collection.editLabel', { summary })}
                    onClick={() => setEditing(record.id)}
                  >
                    {t('cms.collection.edit')}
                  </button>
                ) : null}
                <button
                  type="button"
                  className="btn btn-outline-danger btn-sm"
                  aria-label={t('cms.collection.deleteLabel', { summary })}
                  onClick={() => setDeleting(record)}
                >
                  {t('cms.collection.delete')}
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      {deleting ? (
        <ConfirmDialog
          title={t('cms.collection.deleteTitle')}
          confirmLabel={t('cms.collection.delete')}
          busy={remove.isPending}
          onCancel={() => setDeleting(undefined)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => notify.success(t('cms.collection.deleted')),
              onError: failed,
              onSettled: () => setDeleting(undefined),
            })
          }
        >
          <p>
            {t('cms.collection.deleteText', {
              summary: summaryOf(t, collection, deleting, list.indexOf(deleting)),
            })}
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
