import { type FormEvent, useId, useState } from 'react';
import { PUPIL_IMPORT_COLUMNS } from '../../../../shared/api/school-admin.js';
import { ErrorLines } from '../../../components/school/ErrorLines.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { SchoolTable } from '../../../components/school/SchoolTable.js';
import { saveErrorLines } from '../../../lib/school/save-errors.js';
import { type PupilImport, useImportPupils } from '../api/import-pupils.js';

/** /import-pupils: the principal previews a CSV of pupils, then commits it and sees the passwords once. */
export function ImportPupilsScreen() {
  const id = useId();
  const upload = useImportPupils();
  const [file, setFile] = useState<File | undefined>();
  const [result, setResult] = useState<PupilImport | undefined>();
  const [errors, setErrors] = useState<string[]>([]);

  const run = (commit: boolean) => {
    if (!file) {
      setErrors(['Choose a CSV file']);
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
      title="Import pupils"
      lead={`A CSV with a header row: ${PUPIL_IMPORT_COLUMNS.join(', ')}. Preview first; then all rows are saved or none.`}
    >
      <form className="d-flex flex-wrap gap-2 align-items-end mb-3" onSubmit={onPreview} noValidate>
        <div className="school-field import-pupils__file">
          <label className="school-field__label" htmlFor={`${id}-file`}>
            CSV file
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
          Preview
        </button>
        {canCommit ? (
          <button
            type="button"
            className="btn btn-primary rounded-pill"
            disabled={upload.isPending}
            onClick={() => run(true)}
          >
            Commit
          </button>
        ) : null}
      </form>
      <ErrorLines lines={errors} />
      {result ? <ImportResult result={result} /> : null}
    </SchoolPanel>
  );
}

function ImportResult({ result }: { result: PupilImport }) {
  return (
    <>
      <p role="status">
        {result.committed
          ? `Created ${result.total} ${result.total === 1 ? 'account' : 'accounts'}. Note the initial passwords now: they are shown only once.`
          : `${result.total} ${result.total === 1 ? 'row' : 'rows'}, ${result.invalid} with problems.`}
      </p>
      <SchoolTable
        label="Pupils of the file"
        rows={result.rows}
        rowKey={(row) => row.line}
        columns={[
          { header: 'Line', cell: (row) => row.line },
          { header: 'Name', cell: (row) => row.name },
          { header: 'Email', cell: (row) => row.email },
          { header: 'Class', cell: (row) => row.className },
          {
            header: result.committed ? 'Initial password' : 'Problems',
            cell: (row) =>
              result.committed ? (
                <code>{row.password}</code>
              ) : row.errors.length === 0 ? (
                'OK'
              ) : (
                row.errors.map((error) => `${error.field}: ${error.message}`).join('; ')
              ),
          },
        ]}
      />
    </>
  );
}
