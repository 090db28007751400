import { Link } from 'react-router';
import { USER_TYPE } from '../../../../shared/constants.js';
import { DIVISION_KEYS, MAX_MARKS_PER_SUBJECT } from '../../../../shared/rules/mark-sheet.js';
import { numberIn, percentIn } from '../../../components/school/numbers.js';
import { QueryState } from '../../../components/school/QueryState.js';
import { SchoolPanel, TableWrap } from '../../../components/school/SchoolPanel.js';
import { schoolPaths } from '../../../config/school-paths.js';
import { useCurrentUser } from '../../../lib/current-user.js';
import { useI18n } from '../../../lib/i18n.js';
import { useResultSummary } from '../api/get-result-summary.js';
import { ChangedMark } from './ChangedMark.js';
import { ResultBadge } from './ResultScreens.js';
import { TermPicker, useChosenTerm } from './TermPicker.js';

const divisionClass = (division: string): string =>
  division === 'Fail' ? 'mark-sheet__division--fail' : 'mark-sheet__division--pass';

/**
 * Result-summary, /result-summary/:id (docs/contract/product.md#school-screens and
 * docs/contract/product.md#mark-sheet): the pupil's mark sheet. Total, percentage and division are the
 * server's, computed with the shared `markSheet` rule, so every screen agrees.
 */
export function ResultSummaryScreen({ studentId }: { studentId: number }) {
  const { t, locale } = useI18n();
  const chosen = useChosenTerm();
  const summary = useResultSummary(studentId, chosen.termId);
  const user = useCurrentUser();
  return (
    <SchoolPanel
      title={t('marks.sheet.title')}
      lead={summary.data ? summary.data.studentName : t('marks.sheet.lead')}
      actions={
        <>
          <TermPicker chosen={chosen} />
          {
            // Who changed which mark when: the principal's audit trail
            // (docs/decisions/0009-running-the-school-year.md).
            user.data?.type === USER_TYPE.principal ? (
              <Link className="btn btn-outline-primary rounded-pill" to={schoolPaths.markHistory(studentId)}>
                {t('marks.sheet.markHistory')}
              </Link>
            ) : null
          }
        </>
      }
      className="mark-sheet"
    >
      <QueryState query={summary} isEmpty={(sheet) => sheet.rows.length === 0}>
        {(sheet) => (
          <>
            <TableWrap label={t('marks.sheet.label', { name: sheet.studentName })}>
              <table className="table school-table mark-sheet__table">
                <thead>
                  <tr>
                    <th scope="col">{t('marks.sheet.subject')}</th>
                    <th scope="col" className="text-end">
                      {t('marks.sheet.marks')}
                    </th>
                    <th scope="col">{t('marks.sheet.result')}</th>
                  </tr>
                </thead>
                <tbody>
                  {sheet.rows.map((row) => (
                    <tr key={row.subjectName}>
                      <td>{row.subjectName}</td>
                      <td className="text-end">
                        {row.marks}
                        {row.changedAfterRelease ? <ChangedMark /> : null}
                      </td>
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
                <dt>{t('marks.sheet.total')}</dt>
                <dd>
                  {numberIn(sheet.total, locale)}
                  <span className="mark-sheet__out-of">
                    {' / '}
                    {numberIn(sheet.rows.length * MAX_MARKS_PER_SUBJECT, locale)}
                  </span>
                </dd>
              </div>
              <div className="mark-sheet__total">
                <dt>{t('marks.sheet.percentage')}</dt>
                <dd>{percentIn(sheet.percentage, locale)}</dd>
              </div>
              <div className={`mark-sheet__total mark-sheet__division ${divisionClass(sheet.division)}`}>
                <dt>{t('marks.sheet.division')}</dt>
                <dd>{t(DIVISION_KEYS[sheet.division])}</dd>
              </div>
            </dl>
          </>
        )}
      </QueryState>
    </SchoolPanel>
  );
}
