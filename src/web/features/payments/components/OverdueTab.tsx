import type { OverdueRow } from '../../../../shared/api/fees.js';
import { QueryState } from '../../../components/school/QueryState.js';
import { HiddenText } from '../../../components/school/SchoolPanel.js';
import { SchoolTable } from '../../../components/school/SchoolTable.js';
import { useI18n } from '../../../lib/i18n.js';
import { useSchoolTimeZone } from '../../../lib/school-time.js';
import { notify } from '../../../lib/toast.js';
import { downloadReminderLetter, useOverdue, useSendReminder } from '../api/fees.js';
import { Day, errorText, hiddenPart, Money, StatementLink } from './pieces.js';

/** Invoices past their due date with something owed; a reminder by mail, or a letter to print. */
export default function Overdue() {
  const { t, parts } = useI18n();
  const overdue = useOverdue();
  const remind = useSendReminder();
  const timeZone = useSchoolTimeZone();
  return (
    <QueryState query={overdue} empty={t('payments.overdue.empty')}>
      {(rows) => (
        <SchoolTable<OverdueRow>
          label={t('payments.overdue.label')}
          rows={rows}
          rowKey={(row) => row.invoiceId}
          columns={[
            {
              header: t('payments.column.pupil'),
              cell: (row) =>
                row.studentId === null ? (
                  row.studentName
                ) : (
                  <StatementLink studentId={row.studentId} name={row.studentName} />
                ),
            },
            { header: t('payments.column.class'), cell: (row) => row.className },
            { header: t('payments.column.plan'), cell: (row) => row.planName },
            {
              header: t('payments.column.outstanding'),
              cellClassName: 'text-end',
              cell: (row) => <Money amount={row.outstanding} currency={row.currency} />,
            },
            { header: t('payments.column.due'), cell: (row) => <Day value={row.dueDate} /> },
            {
              header: t('payments.column.daysOverdue'),
              cellClassName: 'text-end',
              cell: (row) => row.daysOverdue,
            },
            {
              header: t('payments.column.lastReminder'),
              cell: (row) =>
                row.lastReminderAt ? (
                  <Day value={row.lastReminderAt} timeZone={timeZone} />
                ) : (
                  t('payments.overdue.noReminderYet')
                ),
            },
            {
              header: <HiddenText>{t('payments.column.reminders')}</HiddenText>,
              cell: (row) => (
                <div className="d-flex flex-wrap gap-2 align-items-center">
                  <button
                    type="button"
                    className="btn btn-sm btn-primary rounded-pill"
                    disabled={!row.canEmail || remind.isPending}
                    aria-describedby={row.canEmail ? undefined : `no-email-${row.invoiceId}`}
                    onClick={() =>
                      remind.mutate(row.invoiceId, {
                        onSuccess: (emailed) =>
                          notify.success(
                            t('payments.overdue.reminderSent', { count: emailed, name: row.studentName }),
                          ),
                        onError: (error) =>
                          notify.error(errorText(error, t('payments.overdue.reminderFailed'))),
                      })
                    }
                  >
                    {parts('payments.overdue.emailReminder', { name: row.studentName, hidden: hiddenPart })}
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-primary rounded-pill"
                    onClick={() =>
                      downloadReminderLetter(row.invoiceId).catch((error: unknown) =>
                        notify.error(errorText(error, t('payments.overdue.letterFailed'))),
                      )
                    }
                  >
                    {parts('payments.overdue.printLetter', { name: row.studentName, hidden: hiddenPart })}
                  </button>
                  {row.canEmail ? null : (
                    <span id={`no-email-${row.invoiceId}`} className="small text-body-secondary">
                      {t('payments.overdue.noEmail')}
                    </span>
                  )}
                </div>
              ),
            },
          ]}
        />
      )}
    </QueryState>
  );
}
