import { Link } from 'react-router';
import { USER_TYPE } from '../../../../shared/constants.js';
import { MAX_MARKS_PER_SUBJECT } from '../../../../shared/rules/mark-sheet.js';
import { QueryState } from '../../../components/school/QueryState.js';
import { SchoolPanel, TableWrap } from '../../../components/school/SchoolPanel.js';
import { schoolPaths } from '../../../config/school-paths.js';
import { useCurrentUser } from '../../../lib/current-user.js';
import { formatPercent } from '../../../lib/school/format.js';
import { useResultSummary } from '../api/get-result-summary.js';
import { ResultBadge } from './ResultScreens.js';

const divisionClass = (division: string): string =>
  division === 'Fail' ? 'mark-sheet__division--fail' : 'mark-sheet__division--pass';

/**
 * Result-summary, /result-summary/:id (docs/contract/product.md#school-screens and
 * docs/contract/product.md#mark-sheet): the pupil's mark sheet. Total, percentage and division are the
 * server's, computed with the shared `markSheet` rule, so every screen agrees.
 */
export function ResultSummaryScreen({ studentId }: { studentId: number }) {
  const summary = useResultSummary(studentId);
  const user = useCurrentUser();
  return (
    <SchoolPanel
      title="Mark sheet"
      lead={
        summary.data ? summary.data.studentName : 'Subject by subject, then total, percentage and division.'
      }
      actions={
        // Who changed which mark when: the principal's audit trail
        // (docs/decisions/0009-running-the-school-year.md).
        user.data?.type === USER_TYPE.principal ? (
          <Link className="btn btn-outline-primary rounded-pill" to={schoolPaths.markHistory(studentId)}>
            Mark history
          </Link>
        ) : null
      }
      className="mark-sheet"
    >
      <QueryState query={summary} isEmpty={(sheet) => sheet.rows.length === 0}>
        {(sheet) => (
          <>
            <TableWrap label={`Mark sheet of ${sheet.studentName}`}>
              <table className="table school-table mark-sheet__table">
                <thead>
                  <tr>
                    <th scope="col">Subject</th>
                    <th scope="col" className="text-end">
                      Marks
                    </th>
                    <th scope="col">Result</th>
                  </tr>
                </thead>
                <tbody>
                  {sheet.rows.map((row) => (
                    <tr key={row.subjectName}>
                      <td>{row.subjectName}</td>
                      <td className="text-end">{row.marks}</td>
                      <td>
                        <ResultBadge result={row.results} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
            <dl className="mark-sheet__totals">
              <div className="mark-sheet__total">
                <dt>Total</dt>
                <dd>
                  {sheet.total}
                  <span className="mark-sheet__out-of"> / {sheet.rows.length * MAX_MARKS_PER_SUBJECT}</span>
                </dd>
              </div>
              <div className="mark-sheet__total">
                <dt>Percentage</dt>
                <dd>{formatPercent(sheet.percentage)}</dd>
              </div>
              <div className={`mark-sheet__total mark-sheet__division ${divisionClass(sheet.division)}`}>
                <dt>Division</dt>
                <dd>{sheet.division}</dd>
              </div>
            </dl>
          </>
        )}
      </QueryState>
    </SchoolPanel>
  );
}
