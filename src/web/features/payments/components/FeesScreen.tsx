import '../../../styles/fees.css';
import { useId } from 'react';
import type { Invoice, Payment } from '../../../../shared/api/fees.js';
import { PAYMENT_METHOD_LABELS } from '../../../../shared/api/fees.js';
import { QueryState } from '../../../components/school/QueryState.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { SchoolTable } from '../../../components/school/SchoolTable.js';
import { useChildrenOfParent } from '../api/children.js';
import { useStudentFees } from '../api/fees.js';
import { balanceText, Day, InvoiceBadge, Money, ReceiptLink } from './pieces.js';

export const FEES_TITLE = 'Your children’s fees';

/** One child's balance, invoices and payments with their receipts (`GET fees/student/{id}`). */
function ChildFees({ studentId, name }: { studentId: number; name: string }) {
  const headingId = useId();
  const fees = useStudentFees(studentId);
  return (
    <section className="fees-child" aria-labelledby={headingId}>
      <h3 id={headingId} className="h4">
        {name}
      </h3>
      <QueryState query={fees} isEmpty={() => false}>
        {(data) => (
          <>
            <p className="fees-balance">
              {data.balance < 0 ? 'In credit: ' : 'Balance owed: '}
              <strong>{balanceText(data.balance, data.currency).replace(/ in credit$/, '')}</strong>
            </p>
            <h4 className="h6">Invoices</h4>
            {data.invoices.length === 0 ? (
              <p className="school-state school-state--empty">No invoices yet.</p>
            ) : (
              <SchoolTable<Invoice>
                label={`Invoices of ${name}`}
                rows={data.invoices}
                rowKey={(row) => row.id}
                columns={[
                  { header: 'Fees', cell: (row) => `${row.planName} (${row.term})` },
                  { header: 'Due', cell: (row) => <Day value={row.dueDate} /> },
                  {
                    header: 'Total',
                    cellClassName: 'text-end',
                    cell: (row) => <Money amount={row.total} currency={row.currency} />,
                  },
                  {
                    header: 'Paid',
                    cellClassName: 'text-end',
                    cell: (row) => <Money amount={row.paid} currency={row.currency} />,
                  },
                  {
                    header: 'Still to pay',
                    cellClassName: 'text-end',
                    cell: (row) => <Money amount={row.balance} currency={row.currency} />,
                  },
                  { header: 'Status', cell: (row) => <InvoiceBadge status={row.status} /> },
                ]}
              />
            )}
            <h4 className="h6">Payments</h4>
            {data.payments.length === 0 ? (
              <p className="school-state school-state--empty">No payments yet.</p>
            ) : (
              <SchoolTable<Payment>
                label={`Payments of ${name}`}
                rows={data.payments}
                rowKey={(row) => row.id}
                columns={[
                  { header: 'Paid on', cell: (row) => <Day value={row.paidOn} /> },
                  {
                    header: 'Amount',
                    cellClassName: 'text-end',
                    cell: (row) => <Money amount={row.amount} currency={row.currency} />,
                  },
                  { header: 'Method', cell: (row) => PAYMENT_METHOD_LABELS[row.method] },
                  {
                    header: 'Receipt',
                    cell: (row) =>
                      row.voidedAt ? (
                        `No. ${row.receiptNo}, voided`
                      ) : (
                        <ReceiptLink paymentId={row.id} receiptNo={row.receiptNo} />
                      ),
                  },
                ]}
              />
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}

/**
 * Fees, /fees (docs/decisions/0026-fees.md): for each of the parent's children (`GET family/children`)
 * the balance, the invoices and the payments, each with its receipt to download.
 */
export function FeesScreen() {
  const children = useChildrenOfParent();
  return (
    <SchoolPanel title={FEES_TITLE} lead="What the school has billed, what you have paid, and your receipts.">
      <QueryState
        query={children}
        empty="Your children will appear here once the school has linked them to your account."
      >
        {(rows) => (
          <>
            {rows.map((child) => (
              <ChildFees key={child.studentId} studentId={child.studentId} name={child.studentName} />
            ))}
          </>
        )}
      </QueryState>
    </SchoolPanel>
  );
}
