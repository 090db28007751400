import { Link } from 'react-router';
import { USER_TYPE } from '../../../../shared/constants.js';
import { QueryState } from '../../../components/school/QueryState.js';
import { HiddenText, SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { SchoolTable } from '../../../components/school/SchoolTable.js';
import { schoolPaths } from '../../../config/school-paths.js';
import { useCurrentUser } from '../../../lib/current-user.js';
import { useResults } from '../api/get-results.js';
import { useStudentResults } from '../api/get-student-results.js';
import { useTeacherResults } from '../api/get-teacher-results.js';

export function ResultBadge({ result }: { result: string }) {
  const failed = result.toLowerCase() === 'fail';
  return (
    <span className={`school-badge ${failed ? 'school-badge--fail' : 'school-badge--pass'}`}>{result}</span>
  );
}

/** Columns more than one result table shows. */
const COLUMNS = {
  className: { header: 'Class', cell: (row: { className: string }) => row.className },
  studentName: { header: 'Student Name', cell: (row: { studentName: string }) => row.studentName },
  subjectName: { header: 'Subject', cell: (row: { subjectName: string }) => row.subjectName },
  marks: {
    header: 'Marks',
    headerClassName: 'text-end',
    cellClassName: 'text-end',
    cell: (row: { marks: number }) => row.marks,
  },
  result: { header: 'Result', cell: (row: { result: string }) => <ResultBadge result={row.result} /> },
};

export const RESULTS_TEXTS = { ownMarkSheet: 'Your mark sheet' } as const;

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
  const results = useResults();
  const user = useCurrentUser();
  return (
    <SchoolPanel
      title="Marks by subject"
      lead="Every mark you may see, by class and pupil."
      actions={
        // A pupil's way to their own mark sheet (total, percentage, division).
        user.data?.type === USER_TYPE.student ? (
          <Link className="btn btn-outline-primary rounded-pill" to={schoolPaths.resultSummary(user.data.id)}>
            {RESULTS_TEXTS.ownMarkSheet}
          </Link>
        ) : null
      }
    >
      <QueryState query={results}>
        {(rows) => {
          const pupil = onePupil(rows);
          return (
            <>
              {pupil ? (
                <p className="school-table__named-once d-sm-none">
                  {pupil.studentName}, {pupil.className}
                </p>
              ) : null}
              <SchoolTable
                label="Results"
                rows={rows}
                rowKey={(row) => `${row.className}|${row.studentName}|${row.subjectName}`}
                columns={[
                  pupil ? onceOnPhones(COLUMNS.className) : COLUMNS.className,
                  pupil ? onceOnPhones(COLUMNS.studentName) : COLUMNS.studentName,
                  COLUMNS.subjectName,
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
  const results = useStudentResults(studentId);
  const name = results.data?.[0]?.studentName;
  return (
    <SchoolPanel
      title={name ? `Results of ${name}` : 'Results'}
      lead="Marks per subject; below 33 marks a subject is not passed."
      actions={
        <Link to={schoolPaths.resultSummary(studentId)} className="btn btn-primary rounded-pill">
          View mark sheet
        </Link>
      }
    >
      <QueryState query={results}>
        {(rows) => (
          <SchoolTable
            label="Results of the pupil"
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
  const results = useTeacherResults();
  return (
    <SchoolPanel title="Results by pupil" lead="Each pupil's division; View Marks opens the mark sheet.">
      <QueryState query={results}>
        {(rows) => (
          <SchoolTable
            label="Final results"
            rows={rows}
            rowKey={(row) => row.studentId}
            columns={[
              COLUMNS.className,
              COLUMNS.studentName,
              COLUMNS.result,
              {
                header: <HiddenText>Mark sheet</HiddenText>,
                cellClassName: 'text-end',
                cell: (row) => (
                  <Link
                    to={schoolPaths.resultSummary(row.studentId)}
                    className="btn btn-sm btn-outline-primary rounded-pill text-nowrap"
                  >
                    View Marks <HiddenText>of {row.studentName}</HiddenText>
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
