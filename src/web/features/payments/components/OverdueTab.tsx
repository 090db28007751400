import type { OverdueRow } from '../../../../shared/api/fees.js';
import { QueryState } from '../../../components/school/QueryState.js';
import { HiddenText } from '../../../components/school/SchoolPanel.js';
import { SchoolTable } from '../../../components/school/SchoolTable.js';
import { useSchoolTimeZone } from '../../../lib/school-time.js';
import { notify } from '../../../lib/toast.js';
import { downloadReminderLetter, useOverdue, useSendReminder } from '../api/fees.js';
import { Day, errorText, Money, StatementLink } from './pieces.js';

/** Invoices past their due date with something owed; a reminder by mail, or a letter to print. */
export default function Overdue() {
  const overdue = useOverdue();
  const remind = useSendReminder();
  const timeZone = useSchoolTimeZone();
  return (
    <QueryState query={overdue} empty="Nothing is overdue.">
      {(rows) => (
        <SchoolTable<OverdueRow>
          label="Overdue invoices"
          rows={rows}
          rowKey={(row) => row.invoiceId}
          columns={[
            {
              header: 'Pupil',
              cell: (row) =>
                row.studentId === null ? (
                  row.studentName
                ) : (
                  <StatementLink studentId={row.studentId} name={row.studentName} />
                ),
            },
            { header: 'Class', cell: (row) => row.className },
            { header: 'Plan', cell: (row) => row.planName },
            {
              header: 'Outstanding',
              cellClassName: 'text-end',
              cell: (row) => <Money amount={row.outstanding} currency={row.currency} />,
            },
            { header: 'Due', cell: (row) => <Day value={row.dueDate} /> },
            {
              header: 'Days overdue',
              cellClassName: 'text-end',
              cell: (row) => row.daysOverdue,
            },
            {
              header: 'Last reminder',
              cell: (row) =>
                row.lastReminderAt ? <Day value={row.lastReminderAt} timeZone={timeZone} /> : 'None yet',
            },
            {
              header: <HiddenText>Reminders</HiddenText>,
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
                            `Reminder sent to ${emailed} ${emailed === 1 ? 'guardian' : 'guardians'} of ${row.studentName}.`,
                          ),
                        onError: (error) => notify.error(errorText(error, 'The reminder could not be sent.')),
                      })
                    }
                  >
                    Email reminder <HiddenText>to {row.studentName}’s guardians</HiddenText>
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-primary rounded-pill"
                    onClick={() =>
                      downloadReminderLetter(row.invoiceId).catch((error: unknown) =>
                        notify.error(errorText(error, 'The letter could not be made.')),
                      )
                    }
                  >
                    Print letter <HiddenText>for {row.studentName}</HiddenText>
                  </button>
                  {row.canEmail ? null : (
                    <span id={`no-email-${row.invoiceId}`} className="small text-body-secondary">
                      No guardian has an email: print the letter.
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
