import { type FormEvent, useId, useState } from 'react';
import { MarksSchema, type SaveMarksBody } from '../../../../shared/api/school-admin.js';
import { FieldMessage } from '../../../components/forms/FieldMessage.js';
import { AssignedClassSelect } from '../../../components/school/AssignedClassSelect.js';
import { ErrorLines } from '../../../components/school/ErrorLines.js';
import { QueryState } from '../../../components/school/QueryState.js';
import { SchoolSelect } from '../../../components/school/SchoolField.js';
import { SchoolPanel, TableWrap } from '../../../components/school/SchoolPanel.js';
import { useI18n } from '../../../lib/i18n.js';
import { saveErrorLines } from '../../../lib/school/save-errors.js';
import { notify } from '../../../lib/toast.js';
import { type MarkEntry, useMarkEntries } from '../api/get-mark-entries.js';
import { useMarkSubjects } from '../api/get-mark-subjects.js';
import { useSaveMarks } from '../api/save-marks.js';

export const NO_MARKS_TEXT = 'marks.entry.noMarks';

const toId = (value: string): number | undefined => (value === '' ? undefined : Number(value));

export const NO_SUBJECTS_TEXT = 'marks.entry.noSubjects';

/** /marks: a teacher (or the principal) enters marks 0-100 for a class's pupils in one subject. */
export function MarksEntryScreen() {
  const { t } = useI18n();
  const id = useId();
  const [classId, setClassId] = useState<number | undefined>();
  // Only what the caller may mark in the chosen class: a teacher's own subjects there.
  const subjects = useMarkSubjects(classId);
  const [subjectId, setSubjectId] = useState<number | undefined>();
  const entries = useMarkEntries(classId, subjectId);

  return (
    <SchoolPanel title={t('marks.entry.title')} lead={t('marks.entry.lead')}>
      <div className="attendance-toolbar">
        <AssignedClassSelect
          id={`${id}-class`}
          value={classId}
          onChange={(chosen) => {
            setClassId(chosen);
            setSubjectId(undefined);
          }}
        />
        <SchoolSelect
          id={`${id}-subject`}
          label={t('marks.entry.subject')}
          placeholder={t('marks.entry.chooseSubject')}
          value={subjectId}
          disabled={classId === undefined}
          onChange={(value) => setSubjectId(toId(value))}
          options={subjects.data?.map((row) => ({ id: row.id, label: row.name }))}
        />
      </div>
      {classId !== undefined && subjects.data?.length === 0 ? (
        <p className="school-state school-state--empty">{t(NO_SUBJECTS_TEXT)}</p>
      ) : classId !== undefined && subjectId !== undefined ? (
        <QueryState query={entries} empty={t('marks.entry.noPupils')}>
          {(rows) => <MarksGrid key={`${classId}-${subjectId}`} rows={rows} subjectId={subjectId} />}
        </QueryState>
      ) : (
        <p className="school-state school-state--empty">{t('marks.entry.chooseFirst')}</p>
      )}
    </SchoolPanel>
  );
}

interface MarksGridProps {
  rows: MarkEntry[];
  subjectId: number;
}

function MarksGrid({ rows, subjectId }: MarksGridProps) {
  const { t } = useI18n();
  const id = useId();
  const save = useSaveMarks();
  const [values, setValues] = useState<Record<number, string>>(() =>
    Object.fromEntries(rows.map((row) => [row.studentId, row.marks === null ? '' : String(row.marks)])),
  );
  const [rowErrors, setRowErrors] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState<string[]>([]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body: SaveMarksBody = [];
    const errors: Record<number, string> = {};
    for (const row of rows) {
      const raw = (values[row.studentId] ?? '').trim();
      if (raw === '') continue;
      const parsed = MarksSchema.safeParse(Number(raw));
      if (parsed.success) body.push({ studentId: row.studentId, subjectId, marks: parsed.data });
      // MarksSchema asks for one thing, a whole number from 0 to 100: its catalog key says it in the
      // page's language (FieldMessage shows a key translated).
      else errors[row.studentId] = 'validation.school.marksRange';
    }
    setRowErrors(errors);
    if (Object.keys(errors).length > 0) {
      setFormError([]);
      return;
    }
    if (body.length === 0) {
      setFormError([t(NO_MARKS_TEXT)]);
      return;
    }
    setFormError([]);
    save.mutate(body, {
      // The marks that changed, not the rows that were sent again unchanged.
      onSuccess: ({ changed }) => notify.success(t('marks.entry.saved', { changed })),
      onError: (error) => setFormError(saveErrorLines(error)),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <ErrorLines lines={formError} />
      <TableWrap label={t('marks.entry.label')}>
        <table className="table school-table">
          <thead>
            <tr>
              <th scope="col">{t('marks.entry.studentName')}</th>
              <th scope="col">{t('marks.entry.marks')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const inputId = `${id}-${row.studentId}`;
              const error = rowErrors[row.studentId];
              return (
                <tr key={row.studentId}>
                  <td>
                    <label htmlFor={inputId}>{row.studentName}</label>
                  </td>
                  <td>
                    <input
                      id={inputId}
                      type="number"
                      min={0}
                      max={100}
                      step={1}
                      inputMode="numeric"
                      className={error ? 'form-control is-invalid' : 'form-control'}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${inputId}-error` : undefined}
                      value={values[row.studentId] ?? ''}
                      onChange={(event) =>
                        setValues((old) => ({ ...old, [row.studentId]: event.target.value }))
                      }
                    />
                    <FieldMessage id={`${inputId}-error`} message={error} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableWrap>
      <button type="submit" className="btn btn-primary rounded-pill" disabled={save.isPending}>
        {save.isPending ? t('marks.entry.saving') : t('marks.entry.save')}
      </button>
    </form>
  );
}
