import { Link } from 'react-router';
import { USER_TYPE } from '../../../../shared/constants.js';
import { DEFAULT_PASS_MARK, resultKey } from '../../../../shared/rules/mark-sheet.js';
import { QueryState } from '../../../components/school/QueryState.js';
import { HiddenText, SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { SchoolTable } from '../../../components/school/SchoolTable.js';
import { schoolPaths } from '../../../config/school-paths.js';
import { useCurrentUser } from '../../../lib/current-user.js';
import { type Translator, useI18n } from '../../../lib/i18n.js';
import { shortDate } from '../../../lib/school-time.js';
import { useResults } from '../api/get-results.js';
import { useStudentResults } from '../api/get-student-results.js';
import { useTeacherResults } from '../api/get-teacher-results.js';
import { ChangedMark, NotReleasedMark } from './ChangedMark.js';
import { TermPicker, useChosenTerm } from './TermPicker.js';

/**
 * A subject's PASS or FAIL, or a pupil's division, in the reader's language: the API gives the
 * contract's English values (shared/rules/mark-sheet.ts), which are data, not words to show.
 */
export function ResultBadge({ result }: { result: string }) {
  const { t } = useI18n();
  const failed = result.toLowerCase() === 'fail';
  const key = resultKey(result);
  return (
    <span className={`school-badge ${failed ? 'school-badge--fail' : 'school-badge--pass'}`}>
      {key ? t(key) : result}
    </span>
  );
}

/** Columns more than one result table shows. */
const columnsIn = ({ t }: Translator) => ({
  className: { header: t('marks.results.class'), cell: (row: { className: string }) => row.className },
  studentName: {
    header: t('marks.results.studentName'),
    cell: (row: { studentName: string }) => row.studentName,
  },
  subjectName: {
    header: t('marks.results.subject'),
    cell: (row: { subjectName: string }) => row.subjectName,
  },
  marks: {
    header: t('marks.results.marks'),
    headerClassName: 'text-end',
    cellClassName: 'text-end',
    // A mark changed after release says so; one not released yet (staff only) too.
    cell: (row: { marks: number; changedAfterRelease?: boolean; released?: boolean }) => (
      <>
        {row.marks}
        {row.changedAfterRelease ? <ChangedMark /> : null}
        {row.released === false ? <NotReleasedMark /> : null}
      </>
    ),
  },
  result: {
    header: t('marks.results.result'),
    cell: (row: { result: string }) => <ResultBadge result={row.result} />,
  },
});

export const RESULTS_TEXTS = { ownMarkSheet: 'marks.results.ownMarkSheet' } as const;

/**
 * A column whose value is the same in every row (the pupil of a pupil's own results): on a phone,
 * where each row is a card, it is named once above the cards instead of in each (school.css).
 */
const ONCE_ON_PHONES = 'school-table__once';

const onceOnPhones = <Column extends object>(column: Column): Column & { cellClassName: string } => ({
  ...column,
  cellClassName: ONCE_ON_PHONES,
});

/** The pupil and class all rows share, or undefined when the rows are of more than one. */
function onePupil(rows: readonly { studentName: string; className: string }[]) {
  const [first] = rows;
  if (!first) return undefined;
  const same = rows.every(
    (row) => row.studentName === first.studentName && row.className === first.className,
  );
  return same ? { studentName: first.studentName, className: first.className } : undefined;
}

/**
 * Results, /results (docs/contract/product.md#school-screens): Class, Student Name, Subject, Marks (`GET
 * result`, the caller's own).
 */
export function ResultsScreen() {
  const translator = useI18n();
  const { t } = translator;
  const COLUMNS = columnsIn(translator);
  const chosen = useChosenTerm();
  const results = useResults(chosen.termId);
  const user = useCurrentUser();
  return (
    <SchoolPanel
      title={t('marks.results.title')}
      lead={t('marks.results.lead')}
      actions={
        <>
          <TermPicker chosen={chosen} />
          {
            // A pupil's way to their own mark sheet (total, percentage, division) of the same term.
            user.data?.type === USER_TYPE.student ? (
              <Link
                className="btn btn-outline-primary rounded-pill"
                to={schoolPaths.resultSummary(user.data.id, chosen.termId)}
              >
                {t(RESULTS_TEXTS.ownMarkSheet)}
              </Link>
            ) : null
          }
        </>
      }
    >
      <QueryState query={results}>
        {(rows) => {
          const pupil = onePupil(rows);
          return (
            <>
              {pupil ? (
                <p className="school-table__named-once d-sm-none">{t('marks.results.pupilOnce', pupil)}</p>
              ) : null}
              <SchoolTable
                label={t('marks.results.label')}
                rows={rows}
                rowKey={(row) => `${row.className}|${row.studentName}|${row.examId}`}
                columns={[
                  pupil ? onceOnPhones(COLUMNS.className) : COLUMNS.className,
                  pupil ? onceOnPhones(COLUMNS.studentName) : COLUMNS.studentName,
                  COLUMNS.subjectName,
                  {
                    header: t('marks.results.exam'),
                    cell: (row) => (
                      <time dateTime={row.examDate}>{shortDate(row.examDate, translator.locale)}</time>
                    ),
                  },
                  COLUMNS.marks,
                ]}
              />
            </>
          );
        }}
      </QueryState>
    </SchoolPanel>
  );
}

/**
 * /studentresult/:id (docs/contract/product.md#school-screens): one pupil's assigned results through `GET
 * student/result/{id}` (it carries each subject's PASS or FAIL), with a link to the mark sheet.
 */
export function StudentResultsScreen({ studentId }: { studentId: number }) {
  const translator = useI18n();
  const { t } = translator;
  const COLUMNS = columnsIn(translator);
  const chosen = useChosenTerm();
  const results = useStudentResults(studentId, chosen.termId);
  const name = results.data?.[0]?.studentName;
  return (
    <SchoolPanel
      title={name ? t('marks.pupil.titleOf', { name }) : t('marks.pupil.title')}
      lead={t('marks.pupil.lead', { passMark: DEFAULT_PASS_MARK })}
      actions={
        <>
          <TermPicker chosen={chosen} />
          <Link
            to={schoolPaths.resultSummary(studentId, chosen.termId)}
            className="btn btn-primary rounded-pill"
          >
            {t('marks.pupil.viewMarkSheet')}
          </Link>
        </>
      }
    >
      <QueryState query={results}>
        {(rows) => (
          <SchoolTable
            label={t('marks.pupil.label')}
            rows={rows}
            rowKey={(row) => row.subjectName}
            // The heading names the pupil: on a phone the cards do not repeat it.
            columns={[onceOnPhones(COLUMNS.studentName), COLUMNS.subjectName, COLUMNS.marks, COLUMNS.result]}
          />
        )}
      </QueryState>
    </SchoolPanel>
  );
}

/**
 * Final-results, /final-results (docs/contract/product.md#school-screens): Class, Student Name, Result and
 * View Marks (`GET teacher/result`).
 */
export function FinalResultsScreen() {
  const translator = useI18n();
  const { t } = translator;
  const COLUMNS = columnsIn(translator);
  const chosen = useChosenTerm();
  const results = useTeacherResults(chosen.termId);
  return (
    <SchoolPanel
      title={t('marks.final.title')}
      lead={t('marks.final.lead')}
      actions={<TermPicker chosen={chosen} />}
    >
      <QueryState query={results}>
        {(rows) => (
          <SchoolTable
            label={t('marks.final.label')}
            rows={rows}
            rowKey={(row) => row.studentId}
            columns={[
              COLUMNS.className,
              COLUMNS.studentName,
              COLUMNS.result,
              {
                header: <HiddenText>{t('marks.final.markSheet')}</HiddenText>,
                cellClassName: 'text-end',
                cell: (row) => (
                  <Link
                    to={schoolPaths.resultSummary(row.studentId, chosen.termId)}
                    className="btn btn-sm btn-outline-primary rounded-pill text-nowrap"
                  >
                    {t('marks.final.viewMarks')}{' '}
                    <HiddenText>{t('marks.final.of', { name: row.studentName })}</HiddenText>
                  </Link>
                ),
              },
            ]}
          />
        )}
      </QueryState>
    </SchoolPanel>
  );
}
