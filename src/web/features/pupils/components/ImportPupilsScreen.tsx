import { type FormEvent, useId, useState } from 'react';
import { PUPIL_IMPORT_COLUMNS } from '../../../../shared/api/school-admin.js';
import { ErrorLines } from '../../../components/school/ErrorLines.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { SchoolTable } from '../../../components/school/SchoolTable.js';
import { type MessageKey, type Translator, useI18n } from '../../../lib/i18n.js';
import { saveErrorLines } from '../../../lib/school/save-errors.js';
import { type PupilImport, useImportPupils } from '../api/import-pupils.js';

/** /import-pupils: the principal previews a CSV of pupils, then commits it and sees the passwords once. */
export function ImportPupilsScreen() {
  const { t } = useI18n();
  const id = useId();
  const upload = useImportPupils();
  const [file, setFile] = useState<File | undefined>();
  const [result, setResult] = useState<PupilImport | undefined>();
  const [errors, setErrors] = useState<string[]>([]);

  const run = (commit: boolean) => {
    if (!file) {
      setErrors([t('pupils.import.chooseFile')]);
      return;
    }
    setErrors([]);
    upload.mutate(
      { file, commit },
      { onSuccess: setResult, onError: (error) => setErrors(saveErrorLines(error)) },
    );
  };

  const onPreview = (event: FormEvent) => {
    event.preventDefault();
    run(false);
  };

  const canCommit = result !== undefined && !result.committed && result.invalid === 0 && result.total > 0;

  return (
    <SchoolPanel
      title={t('pupils.import.title')}
      lead={t('pupils.import.lead', { columns: PUPIL_IMPORT_COLUMNS.join(', ') })}
    >
      <form className="d-flex flex-wrap gap-2 align-items-end mb-3" onSubmit={onPreview} noValidate>
        <div className="school-field import-pupils__file">
          <label className="school-field__label" htmlFor={`${id}-file`}>
            {t('pupils.import.file')}
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            className="form-control"
            onChange={(event) => {
              setFile(event.target.files?.[0]);
              setResult(undefined);
            }}
          />
        </div>
        <button type="submit" className="btn btn-outline-primary rounded-pill" disabled={upload.isPending}>
          {t('pupils.import.preview')}
        </button>
        {canCommit ? (
          <button
            type="button"
            className="btn btn-primary rounded-pill"
            disabled={upload.isPending}
            onClick={() => run(true)}
          >
            {t('pupils.import.commit')}
          </button>
        ) : null}
      </form>
      <ErrorLines lines={errors} />
      {result ? <ImportResult result={result} /> : null}
    </SchoolPanel>
  );
}

/** A row's problem: the column (by its name in the reader's language) and what is wrong with it. */
function problemText({ t, has }: Translator, { field, message }: { field: string; message: string }): string {
  const column = `pupils.column.${field}`;
  return `${has(column) ? t(column as MessageKey) : field}: ${message}`;
}

function ImportResult({ result }: { result: PupilImport }) {
  const translator = useI18n();
  const { t } = translator;
  return (
    <>
      <p role="status">
        {result.committed
          ? t('pupils.import.created', { total: result.total })
          : t('pupils.import.checked', { total: result.total, invalid: result.invalid })}
      </p>
      <SchoolTable
        label={t('pupils.import.label')}
        rows={result.rows}
        rowKey={(row) => row.line}
        columns={[
          { header: t('pupils.import.line'), cell: (row) => row.line },
          { header: t('pupils.import.name'), cell: (row) => row.name },
          { header: t('pupils.import.email'), cell: (row) => row.email },
          { header: t('pupils.import.class'), cell: (row) => row.className },
          {
            header: result.committed ? t('pupils.import.password') : t('pupils.import.problems'),
            cell: (row) =>
              result.committed ? (
                <code>{row.password}</code>
              ) : row.errors.length === 0 ? (
                t('pupils.import.ok')
              ) : (
                row.errors.map((error) => problemText(translator, error)).join('; ')
              ),
          },
        ]}
      />
    </>
  );
}
