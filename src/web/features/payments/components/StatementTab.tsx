import { useState } from 'react';
import type { Payment } from '../../../../shared/api/fees.js';
import { PAYMENT_METHOD_LABELS } from '../../../../shared/api/fees.js';
import { QueryState } from '../../../components/school/QueryState.js';
import { HiddenText } from '../../../components/school/SchoolPanel.js';
import { SchoolTable } from '../../../components/school/SchoolTable.js';
import { useSettings } from '../../../lib/settings.js';
import { notify } from '../../../lib/toast.js';
import { useStatement, useStudentFees, useVoidPayment } from '../api/fees.js';
import { balanceText, Day, Money, ReasonForm, ReceiptLink } from './pieces.js';

/** A pupil's payments with their receipts; one that is not voided can be voided with a reason. */
function PupilPayments({ studentId }: { studentId: number }) {
  const fees = useStudentFees(studentId);
  const voidPayment = useVoidPayment();
  const [voiding, setVoiding] = useState<Payment | undefined>();
  return (
    <>
      <h3 className="h5 mt-4">Payments</h3>
      <QueryState
        query={fees}
        isEmpty={(data) => data.payments.length === 0}
        empty="No payments recorded for this pupil."
      >
        {(data) => (
          <SchoolTable<Payment>
            label={`Payments of ${data.studentName}`}
            rows={data.payments}
            rowKey={(row) => row.id}
            columns={[
              { header: 'Receipt', cell: (row) => `No. ${row.receiptNo}` },
              { header: 'Paid on', cell: (row) => <Day value={row.paidOn} /> },
              {
                header: 'Amount',
                cellClassName: 'text-end',
                cell: (row) => <Money amount={row.amount} currency={row.currency} />,
              },
              {
                header: 'Method',
                cell: (row) =>
                  `${PAYMENT_METHOD_LABELS[row.method]}${row.reference ? ` (${row.reference})` : ''}`,
              },
              {
                header: 'State',
                cell: (row) => (row.voidedAt ? `Voided: ${row.voidReason ?? ''}` : 'Recorded'),
              },
              {
                header: <HiddenText>Actions</HiddenText>,
                cell: (row) => (
                  <div className="d-flex flex-wrap gap-2 align-items-center">
                    <ReceiptLink paymentId={row.id} receiptNo={row.receiptNo} />
                    {row.voidedAt ? null : (
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-danger rounded-pill"
                        onClick={() => setVoiding(row)}
                      >
                        Void <HiddenText>receipt No. {row.receiptNo}</HiddenText>
                      </button>
                    )}
                  </div>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      {voiding ? (
        <ReasonForm
          key={voiding.id}
          title={`Void the payment of receipt No. ${voiding.receiptNo}`}
          submitLabel="Void payment"
          busy={voidPayment.isPending}
          onClose={() => setVoiding(undefined)}
          onSubmit={async (reason) => {
            await voidPayment.mutateAsync({ paymentId: voiding.id, reason });
            notify.success(`The payment of receipt No. ${voiding.receiptNo} is voided.`);
            setVoiding(undefined);
          }}
        />
      ) : null}
    </>
  );
}

/** A pupil's statement (`GET admin/fees/statement/{id}`): every money event with the running balance. */
export default function Statement({ studentId }: { studentId: number | undefined }) {
  const statement = useStatement(studentId);
  const timeZone = useSettings().data?.timeZone;
  if (studentId === undefined)
    return (
      <p className="school-state school-state--empty">
        Choose a pupil by their name in a plan’s invoices or in the overdue list.
      </p>
    );
  return (
    <>
      <QueryState query={statement} isEmpty={() => false}>
        {(data) => (
          <>
            <h3 className="h5">
              Statement of {data.studentName}: {balanceText(data.balance, data.currency)}
            </h3>
            {data.entries.length === 0 ? (
              <p className="school-state school-state--empty">Nothing billed or paid yet.</p>
            ) : (
              <SchoolTable
                label={`Statement of ${data.studentName}`}
                rows={data.entries}
                rowKey={(row) => `${row.kind}-${row.invoiceId}-${row.paymentId}-${row.date}`}
                columns={[
                  { header: 'Date', cell: (row) => <Day value={row.date} timeZone={timeZone} /> },
                  { header: 'What', cell: (row) => row.description },
                  {
                    header: 'Amount',
                    cellClassName: 'text-end',
                    cell: (row) =>
                      row.amount < 0 ? (
                        <>
                          − <Money amount={-row.amount} currency={data.currency} />
                        </>
                      ) : (
                        <Money amount={row.amount} currency={data.currency} />
                      ),
                  },
                  {
                    header: 'Balance',
                    cellClassName: 'text-end',
                    cell: (row) => balanceText(row.balance, data.currency),
                  },
                ]}
              />
            )}
          </>
        )}
      </QueryState>
      <PupilPayments studentId={studentId} />
    </>
  );
}
