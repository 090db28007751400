import { Link } from 'react-router';
import { QueryState } from '../../../components/school/QueryState.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { SchoolTable } from '../../../components/school/SchoolTable.js';
import { schoolPaths } from '../../../config/school-paths.js';
import { usePupil } from '../../../lib/school/get-pupil.js';
import { formatWhen } from '../../../lib/school-time.js';
import { useSettings } from '../../../lib/settings.js';
import { useMarkHistory } from '../api/get-mark-history.js';

export const MARK_HISTORY_TEXTS = {
  title: 'Mark history',
  lead: 'Every change of this pupil’s marks: who made it and when, newest first.',
  empty: 'No marks have been entered for this pupil yet.',
  firstEntry: 'first entry',
  removedAccount: 'a removed account',
  backToMarkSheet: 'Back to the mark sheet',
} as const;

/**
 * Mark history, /mark-history/:id (docs/decisions/0009-running-the-school-year.md, principal): the audit
 * trail the marks entry writes (`GET marks/history/{studentId}`). Other account types get the server's 403,
 * shown as "not available for your account".
 */
export function MarkHistoryScreen({ studentId }: { studentId: number }) {
  const history = useMarkHistory(studentId);
  const pupil = usePupil(studentId);
  const pupilName = pupil.data?.name;
  // When a mark changed, on the school's clock (src/shared/school-time.ts), not the device's.
  const timeZone = useSettings().data?.timeZone;
  return (
    <SchoolPanel
      title={pupilName ? `${MARK_HISTORY_TEXTS.title}: ${pupilName}` : MARK_HISTORY_TEXTS.title}
      lead={MARK_HISTORY_TEXTS.lead}
      actions={
        <Link className="btn btn-outline-primary rounded-pill" to={schoolPaths.resultSummary(studentId)}>
          {MARK_HISTORY_TEXTS.backToMarkSheet}
        </Link>
      }
    >
      <QueryState query={history} isEmpty={(rows) => rows.length === 0} empty={MARK_HISTORY_TEXTS.empty}>
        {(rows) => (
          <SchoolTable
            label={pupilName ? `Mark changes of ${pupilName}` : 'Mark changes'}
            rows={rows}
            rowKey={(row) => row.id}
            columns={[
              { header: 'Subject', cell: (row) => row.subjectName },
              {
                header: 'Old mark',
                headerClassName: 'text-end',
                cellClassName: 'text-end',
                cell: (row) =>
                  row.oldMarks ?? (
                    <span className="text-body-secondary">{MARK_HISTORY_TEXTS.firstEntry}</span>
                  ),
              },
              {
                header: 'New mark',
                headerClassName: 'text-end',
                cellClassName: 'text-end',
                cell: (row) => row.newMarks,
              },
              { header: 'Changed by', cell: (row) => row.changedBy ?? MARK_HISTORY_TEXTS.removedAccount },
              {
                header: 'When',
                cellClassName: 'text-nowrap',
                cell: (row) => <time dateTime={row.changedAt}>{formatWhen(row.changedAt, timeZone)}</time>,
              },
            ]}
          />
        )}
      </QueryState>
    </SchoolPanel>
  );
}
