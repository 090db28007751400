import { Link } from 'react-router';
import { QueryState } from '../../../components/school/QueryState.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { SchoolTable } from '../../../components/school/SchoolTable.js';
import { schoolPaths } from '../../../config/school-paths.js';
import { useI18n } from '../../../lib/i18n.js';
import { usePupil } from '../../../lib/school/get-pupil.js';
import { formatWhen } from '../../../lib/school-time.js';
import { useSettings } from '../../../lib/settings.js';
import { useMarkHistory } from '../api/get-mark-history.js';

export const MARK_HISTORY_TEXTS = {
  title: 'marks.history.title',
  lead: 'marks.history.lead',
  empty: 'marks.history.empty',
  firstEntry: 'marks.history.firstEntry',
  removedAccount: 'marks.history.removedAccount',
  backToMarkSheet: 'marks.history.backToMarkSheet',
} as const;

/**
 * Mark history, /mark-history/:id (docs/decisions/0009-running-the-school-year.md, principal): the audit
 * trail the marks entry writes (`GET marks/history/{studentId}`). Other account types get the server's 403,
 * shown as "not available for your account".
 */
export function MarkHistoryScreen({ studentId }: { studentId: number }) {
  const { t, locale } = useI18n();
  const history = useMarkHistory(studentId);
  const pupil = usePupil(studentId);
  const pupilName = pupil.data?.name;
  // When a mark changed, on the school's clock (src/shared/school-time.ts), not the device's.
  const timeZone = useSettings().data?.timeZone;
  return (
    <SchoolPanel
      title={pupilName ? t('marks.history.titleOf', { name: pupilName }) : t(MARK_HISTORY_TEXTS.title)}
      lead={t(MARK_HISTORY_TEXTS.lead)}
      actions={
        <Link className="btn btn-outline-primary rounded-pill" to={schoolPaths.resultSummary(studentId)}>
          {t(MARK_HISTORY_TEXTS.backToMarkSheet)}
        </Link>
      }
    >
      <QueryState query={history} isEmpty={(rows) => rows.length === 0} empty={t(MARK_HISTORY_TEXTS.empty)}>
        {(rows) => (
          <SchoolTable
            label={pupilName ? t('marks.history.labelOf', { name: pupilName }) : t('marks.history.label')}
            rows={rows}
            rowKey={(row) => row.id}
            columns={[
              { header: t('marks.history.subject'), cell: (row) => row.subjectName },
              {
                header: t('marks.history.oldMark'),
                headerClassName: 'text-end',
                cellClassName: 'text-end',
                cell: (row) =>
                  row.oldMarks ?? (
                    <span className="text-body-secondary">{t(MARK_HISTORY_TEXTS.firstEntry)}</span>
                  ),
              },
              {
                header: t('marks.history.newMark'),
                headerClassName: 'text-end',
                cellClassName: 'text-end',
                // A change made after the exam's release is marked so (docs/decisions/0087-released-marks.md).
                cell: (row) => (
                  <>
                    {row.newMarks}
                    {row.afterRelease ? (
                      <span className="badge text-bg-warning ms-2">{t('marks.history.afterRelease')}</span>
                    ) : null}
                  </>
                ),
              },
              {
                header: t('marks.history.changedBy'),
                cell: (row) => row.changedBy ?? t(MARK_HISTORY_TEXTS.removedAccount),
              },
              {
                header: t('marks.history.when'),
                cellClassName: 'text-nowrap',
                cell: (row) => (
                  <time dateTime={row.changedAt}>{formatWhen(row.changedAt, timeZone, locale)}</time>
                ),
              },
            ]}
          />
        )}
      </QueryState>
    </SchoolPanel>
  );
}
