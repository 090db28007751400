import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { Payment } from '../../../../shared/api/fees.js';
import { PAYMENT_METHOD_LABELS } from '../../../../shared/api/fees.js';
import { QueryState } from '../../../components/school/QueryState.js';
import { HiddenText } from '../../../components/school/SchoolPanel.js';
import { SchoolTable } from '../../../components/school/SchoolTable.js';
import { useActivePupils } from '../../../lib/school/get-active-pupils.js';
import { useSchoolTimeZone } from '../../../lib/school-time.js';
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

export const STATEMENT_TEXTS = {
  search: 'Find a pupil by name',
  hint: 'Type part of a pupil’s name, then choose them.',
  none: (typed: string) => `No pupil’s name has “${typed}”.`,
  more: (count: number) => `${count} more: type more of the name.`,
  choose: 'Find a pupil by their name above, or choose one in a plan’s invoices or the overdue list.',
} as const;

/** How many matches the search lists at once; more ask for more of the name. */
const MATCHES_SHOWN = 8;

/** Case and accents aside, so "zoe" finds Zoë. */
const folded = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();

/**
 * The statement's search: a pupil found by any part of their name (and class), each match a link
 * that opens their statement (`?tab=statement&student=`), so the choice lives in the address.
 */
function PupilSearch() {
  const id = useId();
  const pupils = useActivePupils();
  const [typed, setTyped] = useState('');
  const wanted = folded(typed.trim());
  const matches =
    wanted === '' ? [] : (pupils.data ?? []).filter((pupil) => folded(pupil.name).includes(wanted));
  return (
    <div className="fees-search mb-3">
      <label className="school-field__label" htmlFor={`${id}-input`}>
        {STATEMENT_TEXTS.search}
      </label>
      <input
        id={`${id}-input`}
        type="search"
        className="form-control"
        autoComplete="off"
        aria-describedby={`${id}-hint`}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
      <p id={`${id}-hint`} className="small text-body-secondary mb-1">
        {STATEMENT_TEXTS.hint}
      </p>
      <div aria-live="polite">
        {wanted === '' || pupils.isPending ? null : matches.length === 0 ? (
          <p className="mb-0">{STATEMENT_TEXTS.none(typed.trim())}</p>
        ) : (
          <>
            <ul className="list-unstyled mb-0" aria-label={`Pupils matching ${typed.trim()}`}>
              {matches.slice(0, MATCHES_SHOWN).map((pupil) => (
                <li key={pupil.id}>
                  <Link to={`?tab=statement&student=${pupil.id}`}>
                    {pupil.name}
                    {pupil.className ? ` (${pupil.className})` : ''}
                  </Link>
                </li>
              ))}
            </ul>
            {matches.length > MATCHES_SHOWN ? (
              <p className="small mb-0">{STATEMENT_TEXTS.more(matches.length - MATCHES_SHOWN)}</p>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}

/**
 * A pupil's statement (`GET admin/fees/statement/{id}`): every money event with the running
 * balance, the pupil found by name first.
 */
export default function Statement({ studentId }: { studentId: number | undefined }) {
  return (
    <>
      <PupilSearch />
      {studentId === undefined ? (
        <p className="school-state school-state--empty">{STATEMENT_TEXTS.choose}</p>
      ) : (
        <PupilStatement studentId={studentId} />
      )}
    </>
  );
}

function PupilStatement({ studentId }: { studentId: number }) {
  const statement = useStatement(studentId);
  const timeZone = useSchoolTimeZone();
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
