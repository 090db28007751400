import '../../../styles/fees.css';
import { useId } from 'react';
import type { Invoice, Payment } from '../../../../shared/api/fees.js';
import { QueryState } from '../../../components/school/QueryState.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { SchoolTable } from '../../../components/school/SchoolTable.js';
import { useI18n } from '../../../lib/i18n.js';
import { useChildrenOfParent } from '../api/children.js';
import { useStudentFees } from '../api/fees.js';
import { Day, InvoiceBadge, Money, ReceiptLink } from './pieces.js';

/** One child's balance, invoices and payments with their receipts (`GET fees/student/{id}`). */
function ChildFees({ studentId, name }: { studentId: number; name: string }) {
  const headingId = useId();
  const { t } = useI18n();
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
              {t(data.balance < 0 ? 'payments.fees.inCredit' : 'payments.fees.balanceOwed')}{' '}
              <strong>
                <Money amount={Math.abs(data.balance)} currency={data.currency} />
              </strong>
            </p>
            <h4 className="h6">{t('payments.fees.invoices')}</h4>
            {data.invoices.length === 0 ? (
              <p className="school-state school-state--empty">{t('payments.fees.noInvoices')}</p>
            ) : (
              <SchoolTable<Invoice>
                label={t('payments.fees.invoicesOf', { name })}
                rows={data.invoices}
                rowKey={(row) => row.id}
                columns={[
                  {
                    header: t('payments.column.fees'),
                    cell: (row) => t('payments.fees.planAndTerm', { plan: row.planName, term: row.term }),
                  },
                  { header: t('payments.column.due'), cell: (row) => <Day value={row.dueDate} /> },
                  {
                    header: t('payments.column.total'),
                    cellClassName: 'text-end',
                    cell: (row) => <Money amount={row.total} currency={row.currency} />,
                  },
                  {
                    header: t('payments.column.paid'),
                    cellClassName: 'text-end',
                    cell: (row) => <Money amount={row.paid} currency={row.currency} />,
                  },
                  {
                    header: t('payments.column.stillToPay'),
                    cellClassName: 'text-end',
                    cell: (row) => <Money amount={row.balance} currency={row.currency} />,
                  },
                  {
                    header: t('payments.column.status'),
                    cell: (row) => <InvoiceBadge status={row.status} />,
                  },
                ]}
              />
            )}
            <h4 className="h6">{t('payments.fees.payments')}</h4>
            {data.payments.length === 0 ? (
              <p className="school-state school-state--empty">{t('payments.fees.noPayments')}</p>
            ) : (
              <SchoolTable<Payment>
                label={t('payments.fees.paymentsOf', { name })}
                rows={data.payments}
                rowKey={(row) => row.id}
                columns={[
                  { header: t('payments.column.paidOn'), cell: (row) => <Day value={row.paidOn} /> },
                  {
                    header: t('payments.column.amount'),
                    cellClassName: 'text-end',
                    cell: (row) => <Money amount={row.amount} currency={row.currency} />,
                  },
                  {
                    header: t('payments.column.method'),
                    cell: (row) => t(`common.paymentMethod.${row.method}`),
                  },
                  {
                    header: t('payments.column.receipt'),
                    cell: (row) =>
                      row.voidedAt ? (
                        t('payments.receipt.voided', { receiptNo: String(row.receiptNo) })
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
  const { t } = useI18n();
  const children = useChildrenOfParent();
  return (
    <SchoolPanel title={t('payments.fees.title')} lead={t('payments.fees.lead')}>
      <QueryState query={children} empty={t('payments.fees.noChildren')}>
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
