import { type FormEvent, useId, useState } from 'react';
import { MarksSchema, type SaveMarksBody } from '../../../../shared/api/school-admin.js';
import type { AnyLocale } from '../../../../shared/i18n/locales.js';
import { FieldMessage } from '../../../components/forms/FieldMessage.js';
import { AssignedClassSelect } from '../../../components/school/AssignedClassSelect.js';
import { ErrorLines } from '../../../components/school/ErrorLines.js';
import { QueryState } from '../../../components/school/QueryState.js';
import { SchoolSelect } from '../../../components/school/SchoolField.js';
import { SchoolPanel, TableWrap } from '../../../components/school/SchoolPanel.js';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.js';
import { type Translator, useI18n } from '../../../lib/i18n.js';
import { saveErrorLines } from '../../../lib/school/save-errors.js';
import { shortDate } from '../../../lib/school-time.js';
import { notify } from '../../../lib/toast.js';
import { type LessonExam, useLessonExams } from '../api/get-lesson-exams.js';
import { type MarkEntry, useMarkEntries } from '../api/get-mark-entries.js';
import { useMarkSubjects } from '../api/get-mark-subjects.js';
import { useReleaseExam } from '../api/release-exam.js';
import { useSaveMarks } from '../api/save-marks.js';
import { ChangedMark } from './ChangedMark.js';

export const NO_MARKS_TEXT = 'marks.entry.noMarks';

const toId = (value: string): number | undefined => (value === '' ? undefined : Number(value));

export const NO_SUBJECTS_TEXT = 'marks.entry.noSubjects';

/** An exam as the exam picker says it: its date and term, and whether it is released. */
function examLabel(exam: LessonExam, t: Translator['t'], locale: AnyLocale): string {
  const date = shortDate(exam.examDate, locale);
  // Without a term (a school that has no years yet) the date says it alone.
  const label = exam.termName === null ? date : t('marks.entry.examOption', { date, term: exam.termName });
  return exam.released ? t('marks.entry.examReleased', { exam: label }) : label;
}

/**
 * /marks: a teacher (or the principal) picks a class, a subject and an exam of it, enters marks
 * 0-100 for the class's pupils and releases the exam's marks to pupils and parents
 * (docs/decisions/0087-released-marks.md).
 */
export function MarksEntryScreen() {
  const { t, locale } = useI18n();
  const id = useId();
  const [classId, setClassId] = useState<number | undefined>();
  // Only what the caller may mark in the chosen class: a teacher's own subjects there.
  const subjects = useMarkSubjects(classId);
  const [subjectId, setSubjectId] = useState<number | undefined>();
  const exams = useLessonExams(classId, subjectId);
  const [examId, setExamId] = useState<number | undefined>();
  const exam = exams.data?.find((x) => x.id === examId);
  const entries = useMarkEntries(classId, subjectId, exam?.id);

  return (
    <SchoolPanel title={t('marks.entry.title')} lead={t('marks.entry.lead')}>
      <div className="attendance-toolbar">
        <AssignedClassSelect
          id={`${id}-class`}
          value={classId}
          onChange={(chosen) => {
            setClassId(chosen);
            setSubjectId(undefined);
            setExamId(undefined);
          }}
        />
        <SchoolSelect
          id={`${id}-subject`}
          label={t('marks.entry.subject')}
          placeholder={t('marks.entry.chooseSubject')}
          value={subjectId}
          disabled={classId === undefined}
          onChange={(value) => {
            setSubjectId(toId(value));
            setExamId(undefined);
          }}
          options={subjects.data?.map((row) => ({ id: row.id, label: row.name }))}
        />
        <SchoolSelect
          id={`${id}-exam`}
          label={t('marks.entry.exam')}
          placeholder={t('marks.entry.chooseExam')}
          value={exam?.id}
          disabled={subjectId === undefined || !exams.data?.length}
          onChange={(value) => setExamId(toId(value))}
          options={exams.data?.map((x) => ({ id: x.id, label: examLabel(x, t, locale) }))}
        />
      </div>
      {classId !== undefined && subjects.data?.length === 0 ? (
        <p className="school-state school-state--empty">{t(NO_SUBJECTS_TEXT)}</p>
      ) : subjectId !== undefined && exams.data?.length === 0 ? (
        <p className="school-state school-state--empty">{t('marks.entry.noExams')}</p>
      ) : classId !== undefined && subjectId !== undefined && exam !== undefined ? (
        <>
          <ReleaseBar exam={exam} />
          <QueryState query={entries} empty={t('marks.entry.noPupils')}>
            {(rows) => (
              <MarksGrid
                key={`${classId}-${subjectId}-${exam.id}`}
                rows={rows}
                subjectId={subjectId}
                examId={exam.id}
              />
            )}
          </QueryState>
        </>
      ) : (
        <p className="school-state school-state--empty">{t('marks.entry.chooseFirst')}</p>
      )}
    </SchoolPanel>
  );
}

/** Whether the exam's marks are released, and the Release button (with its question) while not. */
function ReleaseBar({ exam }: { exam: LessonExam }) {
  const { t } = useI18n();
  const release = useReleaseExam();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string[]>([]);
  if (exam.released) {
    return <p className="school-state">{t('marks.entry.released')}</p>;
  }
  return (
    <div className="mb-3">
      <ErrorLines lines={error} />
      <p className="school-state">{t('marks.entry.notReleased')}</p>
      <button
        type="button"
        className="btn btn-outline-primary rounded-pill"
        disabled={release.isPending}
        onClick={() => setAsking(true)}
      >
        {release.isPending ? t('marks.entry.releasing') : t('marks.entry.release')}
      </button>
      {asking ? (
        <ConfirmDialog
          title={t('marks.entry.releaseTitle')}
          confirmLabel={t('marks.entry.release')}
          cancelLabel={t('marks.entry.releaseCancel')}
          tone="primary"
          busy={release.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() =>
            release.mutate(exam.id, {
              onSuccess: () => {
                setAsking(false);
                setError([]);
                notify.success(t('marks.entry.releasedNow'));
              },
              onError: (failure) => {
                setAsking(false);
                setError(saveErrorLines(failure));
              },
            })
          }
        >
          <p className="mb-0">{t('marks.entry.releaseConfirm')}</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

interface MarksGridProps {
  rows: MarkEntry[];
  subjectId: number;
  examId: number;
}

function MarksGrid({ rows, subjectId, examId }: MarksGridProps) {
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
    save.mutate(
      { examId, rows: body },
      {
        // The marks that changed, not the rows that were sent again unchanged.
        onSuccess: ({ changed }) => notify.success(t('marks.entry.saved', { changed })),
        onError: (error) => setFormError(saveErrorLines(error)),
      },
    );
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
                    {row.changedAfterRelease ? <ChangedMark /> : null}
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
