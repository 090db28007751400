import { useRef, useState } from 'react';
import {
  type ApplicationView,
  DOCUMENT_KINDS,
  DOCUMENT_TYPES,
  type DocumentKind,
} from '../../../../shared/api/admission-application.js';
import { MessageText } from '../../../components/forms/FieldMessage.js';
import { useI18n } from '../../../lib/i18n.js';
import { useRemoveDocument, useUploadDocument } from '../api/family-links.js';

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * The application's documents: the list, each with a button to remove it, and one file at a time to
 * add (the server checks its bytes and size; its refusal shows here).
 */
export function DocumentsSection({ id, token, view }: { id: string; token: string; view: ApplicationView }) {
  const { t } = useI18n();
  const upload = useUploadDocument(token);
  const remove = useRemoveDocument(token);
  const fileInput = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<DocumentKind>('birth-certificate');
  const [problem, setProblem] = useState<string>();
  const [done, setDone] = useState<string>();

  const onUpload = async () => {
    setProblem(undefined);
    setDone(undefined);
    const file = fileInput.current?.files?.[0];
    if (!file) {
      setProblem(t('admissions.apply.documents.chooseFile'));
      return;
    }
    try {
      const document = await upload.mutateAsync({ kind, file });
      setDone(t('admissions.apply.documents.uploaded', { name: document.name }));
      if (fileInput.current) fileInput.current.value = '';
    } catch (error) {
      setProblem(error instanceof Error ? error.message : t('admissions.link.failed'));
    }
  };

  return (
    <fieldset className="mb-4" aria-describedby={`${id}-hint`}>
      <legend className="h5">{t('admissions.apply.documents')}</legend>
      <p id={`${id}-hint`} className="form-text mt-0">
        {t('admissions.apply.documents.hint')}
      </p>
      {view.documents.length === 0 ? (
        <p>{t('admissions.apply.documents.none')}</p>
      ) : (
        <ul className="list-group mb-3">
          {view.documents.map((document) => (
            <li
              key={document.id}
              className="list-group-item d-flex flex-wrap align-items-center justify-content-between gap-2"
            >
              <span className="text-break">
                <strong>{t(`admissions.apply.kind.${document.kind}`)}</strong>: <bdi>{document.name}</bdi> (
                {sizeText(document.size)})
              </span>
              <button
                type="button"
                className="btn btn-outline-danger btn-sm"
                disabled={remove.isPending}
                onClick={() => remove.mutate(document.id)}
              >
                {t('admissions.apply.documents.remove', { name: document.name })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="row g-2 align-items-end">
        <div className="col-12 col-sm-4">
          <label htmlFor={`${id}-kind`} className="form-label">
            {t('admissions.apply.documents.kind')}
          </label>
          <select
            id={`${id}-kind`}
            className="form-select"
            value={kind}
            onChange={(event) => setKind(event.target.value as DocumentKind)}
          >
            {DOCUMENT_KINDS.map((option) => (
              <option key={option} value={option}>
                {t(`admissions.apply.kind.${option}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-12 col-sm-5">
          <label htmlFor={`${id}-file`} className="form-label">
            {t('admissions.apply.documents.file')}
          </label>
          <input
            id={`${id}-file`}
            ref={fileInput}
            type="file"
            className="form-control"
            accept={DOCUMENT_TYPES.join(',')}
          />
        </div>
        <div className="col-12 col-sm-3">
          <button
            type="button"
            className="btn btn-outline-primary w-100"
            disabled={upload.isPending}
            onClick={() => void onUpload()}
          >
            {upload.isPending
              ? t('admissions.apply.documents.uploading')
              : t('admissions.apply.documents.upload')}
          </button>
        </div>
      </div>
      <div aria-live="polite">
        {problem ? (
          <div className="alert alert-danger mt-2 mb-0" role="alert">
            <MessageText message={problem} />
          </div>
        ) : null}
        {done ? <p className="text-success mt-2 mb-0">{done}</p> : null}
        {remove.isError ? (
          <div className="alert alert-danger mt-2 mb-0" role="alert">
            <MessageText message={remove.error.message} />
          </div>
        ) : null}
      </div>
    </fieldset>
  );
}
