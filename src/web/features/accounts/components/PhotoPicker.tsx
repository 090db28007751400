import { type ChangeEvent, type Ref, useEffect, useState } from 'react';
import { displayName, IMAGE_RULES } from '../../../../shared/api/user-form-fields.js';
import { intlLocale } from '../../../../shared/i18n/locales.js';
import type { FieldProblem } from '../../../components/forms/fields.js';
import { type Translator, useI18n } from '../../../lib/i18n.js';
import { AccountFormIcon } from './AccountFormIcon.js';

const sameFile = (a: File, b: File): boolean =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/** `files` plus those of `picked` not chosen already (choosing twice adds, never duplicates). */
export function addFiles(files: readonly File[], picked: readonly File[]): File[] {
  const added = picked.filter((file) => !files.some((chosen) => sameFile(chosen, file)));
  return [...files, ...added];
}

/** A file's size, one decimal of megabytes or whole kilobytes, with the page's digits and units. */
function sizeLabel({ t, locale }: Translator, bytes: number): string {
  if (bytes >= 1024 * 1024) {
    const size = new Intl.NumberFormat(intlLocale(locale), {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    }).format(bytes / 1024 / 1024);
    return t('accounts.photos.megabytes', { size });
  }
  return t('accounts.photos.kilobytes', { size: Math.max(1, Math.round(bytes / 1024)) });
}

/** A small preview of a chosen file; the object URL lives as long as the preview. */
function FilePreview({ file }: { file: File }) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    // jsdom (tests) has no object URLs; the preview then shows an icon.
    if (typeof URL.createObjectURL !== 'function') return;
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url ? (
    <img src={url} alt="" className="photo-picker__thumb" />
  ) : (
    <span className="photo-picker__thumb photo-picker__thumb--empty">
      <AccountFormIcon name="camera" />
    </span>
  );
}

export interface PhotoPickerProps {
  id: string;
  label: string;
  files: readonly File[];
  onChange: (files: File[]) => void;
  onBlur?: () => void;
  error: FieldProblem | undefined;
  required?: boolean;
  /** What choosing does, under the drop area. */
  hint?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A file input for photos (`image/*`, several at once) with a preview of each chosen photo and a
 * button to take one out again. The native input covers the drop area, so clicking, the keyboard
 * and dropping files all work as usual.
 */
export function PhotoPicker({
  id,
  label,
  files,
  onChange,
  onBlur,
  error,
  required,
  hint,
  inputRef,
}: PhotoPickerProps) {
  const translator = useI18n();
  const { t, parts } = translator;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const onPick = (event: ChangeEvent<HTMLInputElement>): void => {
    const picked = Array.from(event.target.files ?? []);
    // Emptied, so that choosing the same photo again after removing it is a change too.
    event.target.value = '';
    if (picked.length > 0) onChange(addFiles(files, picked));
  };

  return (
    <div className="col-12 photo-picker">
      <label htmlFor={id} className="form-label">
        {label}
        {required ? (
          <span className="account-form__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      <div className={`photo-picker__drop${error ? ' is-invalid' : ''}`}>
        <input
          ref={inputRef}
          id={id}
          name={IMAGE_RULES.field}
          type="file"
          accept={IMAGE_RULES.accept}
          multiple
          className="photo-picker__input"
          aria-invalid={error ? true : undefined}
          required={required}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          onChange={onPick}
          onBlur={onBlur}
        />
        <span className="photo-picker__icon" aria-hidden="true">
          <AccountFormIcon name="camera" />
        </span>
        <span className="photo-picker__prompt" aria-hidden="true">
          {parts('accounts.photos.prompt', { strong: (chunks) => <strong key="strong">{chunks}</strong> })}
        </span>
        <span id={hintId} className="photo-picker__hint">
          {hint ??
            t('accounts.photos.hint', {
              maxFiles: IMAGE_RULES.maxFiles,
              maxMegabytes: IMAGE_RULES.maxBytes / 1024 / 1024,
            })}
        </span>
      </div>
      {error ? (
        <div id={errorId} className="invalid-feedback d-block">
          {error.message}
        </div>
      ) : null}
      {files.length > 0 ? (
        <ul className="photo-picker__list" aria-label={t('accounts.photos.chosen')}>
          {files.map((file, index) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}`} className="photo-picker__item">
              <FilePreview file={file} />
              <span className="photo-picker__name">
                {displayName(file.name)}
                <small>{sizeLabel(translator, file.size)}</small>
              </span>
              <button
                type="button"
                className="photo-picker__remove"
                aria-label={t('accounts.photos.remove', { name: displayName(file.name) })}
                onClick={() => onChange(files.filter((_, i) => i !== index))}
              >
                <AccountFormIcon name="x-lg" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
