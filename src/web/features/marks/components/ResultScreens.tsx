import { Link } from 'react-router';
import { USER_TYPE } from '../../../../shared/constants.js';
import { QueryState } from '../../../components/school/QueryState.js';
import { HiddenText, SchoolPanel, TableWrap } from '../../../components/school/SchoolPanel.js';
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

export const RESULTS_TEXTS = { ownMarkSheet: 'Your mark sheet' } as const;

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
        {(rows) => (
          <TableWrap label="Results">
            <table className="table school-table">
              <thead>
                <tr>
                  <th scope="col">Class</th>
                  <th scope="col">Student Name</th>
                  <th scope="col">Subject</th>
                  <th scope="col" className="text-end">
                    Marks
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={`${row.className}|${row.studentName}|${row.subjectName}`}>
                    <td>{row.className}</td>
                    <td>{row.studentName}</td>
                    <td>{row.subjectName}</td>
                    <td className="text-end">{row.marks}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        )}
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
          <TableWrap label="Results of the pupil">
            <table className="table school-table">
              <thead>
                <tr>
                  <th scope="col">Student Name</th>
                  <th scope="col">Subject</th>
                  <th scope="col" className="text-end">
                    Marks
                  </th>
                  <th scope="col">Result</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.subjectName}>
                    <td>{row.studentName}</td>
                    <td>{row.subjectName}</td>
                    <td className="text-end">{row.marks}</td>
                    <td>
                      <ResultBadge result={row.result} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
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
          <TableWrap label="Final results">
            <table className="table school-table">
              <thead>
                <tr>
                  <th scope="col">Class</th>
                  <th scope="col">Student Name</th>
                  <th scope="col">Result</th>
                  <th scope="col">
                    <span className="visually-hidden">Mark sheet</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.studentId}>
                    <td>{row.className}</td>
                    <td>{row.studentName}</td>
                    <td>
                      <ResultBadge result={row.result} />
                    </td>
                    <td className="text-end">
                      <Link
                        to={schoolPaths.resultSummary(row.studentId)}
                        className="btn btn-sm btn-outline-primary rounded-pill text-nowrap"
                      >
                        View Marks <HiddenText>of {row.studentName}</HiddenText>
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        )}
      </QueryState>
    </SchoolPanel>
  );
}
