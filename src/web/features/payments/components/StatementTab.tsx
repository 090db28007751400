import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { Payment } from '../../../../shared/api/fees.js';
import { QueryState } from '../../../components/school/QueryState.js';
import { HiddenText } from '../../../components/school/SchoolPanel.js';
import { SchoolTable } from '../../../components/school/SchoolTable.js';
import { useI18n } from '../../../lib/i18n.js';
import { useActivePupils } from '../../../lib/school/get-active-pupils.js';
import { useSchoolTimeZone } from '../../../lib/school-time.js';
import { notify } from '../../../lib/toast.js';
import { useStatement, useStudentFees, useVoidPayment } from '../api/fees.js';
import { balanceText, Day, hiddenPart, Money, ReasonForm, ReceiptLink } from './pieces.js';

/** A pupil's payments with their receipts; one that is not voided can be voided with a reason. */
function PupilPayments({ studentId }: { studentId: number }) {
  const { t, parts } = useI18n();
  const fees = useStudentFees(studentId);
  const voidPayment = useVoidPayment();
  const [voiding, setVoiding] = useState<Payment | undefined>();
  return (
    <>
      <h3 className="h5 mt-4">{t('payments.statement.payments')}</h3>
      <QueryState
        query={fees}
        isEmpty={(data) => data.payments.length === 0}
        empty={t('payments.statement.noPayments')}
      >
        {(data) => (
          <SchoolTable<Payment>
            label={t('payments.statement.paymentsOf', { name: data.studentName })}
            rows={data.payments}
            rowKey={(row) => row.id}
            columns={[
              {
                header: t('payments.column.receipt'),
                cell: (row) => t('payments.receipt.number', { receiptNo: String(row.receiptNo) }),
              },
              { header: t('payments.column.paidOn'), cell: (row) => <Day value={row.paidOn} /> },
              {
                header: t('payments.column.amount'),
                cellClassName: 'text-end',
                cell: (row) => <Money amount={row.amount} currency={row.currency} />,
              },
              {
                header: t('payments.column.method'),
                cell: (row) => {
                  const method = t(`common.paymentMethod.${row.method}`);
                  return row.reference
                    ? t('payments.statement.methodWithReference', { method, reference: row.reference })
                    : method;
                },
              },
              {
                header: t('payments.column.state'),
                cell: (row) =>
                  row.voidedAt
                    ? t('payments.statement.voidedState', { reason: row.voidReason ?? '' })
                    : t('payments.statement.recordedState'),
              },
              {
                header: <HiddenText>{t('payments.column.actions')}</HiddenText>,
                cell: (row) => (
                  <div className="d-flex flex-wrap gap-2 align-items-center">
                    <ReceiptLink paymentId={row.id} receiptNo={row.receiptNo} />
                    {row.voidedAt ? null : (
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-danger rounded-pill"
                        onClick={() => setVoiding(row)}
                      >
                        {parts('payments.statement.void', {
                          receiptNo: String(row.receiptNo),
                          hidden: hiddenPart,
                        })}
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
          title={t('payments.statement.voidTitle', { receiptNo: String(voiding.receiptNo) })}
          submitLabel={t('payments.statement.voidSubmit')}
          busy={voidPayment.isPending}
          onClose={() => setVoiding(undefined)}
          onSubmit={async (reason) => {
            await voidPayment.mutateAsync({ paymentId: voiding.id, reason });
            notify.success(t('payments.statement.voided', { receiptNo: String(voiding.receiptNo) }));
            setVoiding(undefined);
          }}
        />
      ) : null}
    </>
  );
}

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
  const { t } = useI18n();
  const pupils = useActivePupils();
  const [typed, setTyped] = useState('');
  const wanted = folded(typed.trim());
  const matches =
    wanted === '' ? [] : (pupils.data ?? []).filter((pupil) => folded(pupil.name).includes(wanted));
  return (
    <div className="fees-search mb-3">
      <label className="school-field__label" htmlFor={`${id}-input`}>
        {t('payments.statement.search')}
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
        {t('payments.statement.hint')}
      </p>
      <div aria-live="polite">
        {wanted === '' || pupils.isPending ? null : matches.length === 0 ? (
          <p className="mb-0">{t('payments.statement.none', { typed: typed.trim() })}</p>
        ) : (
          <>
            <ul
              className="list-unstyled mb-0"
              aria-label={t('payments.statement.matching', { typed: typed.trim() })}
            >
              {matches.slice(0, MATCHES_SHOWN).map((pupil) => (
                <li key={pupil.id}>
                  <Link to={`?tab=statement&student=${pupil.id}`}>
                    {pupil.className
                      ? t('payments.statement.pupilInClass', { name: pupil.name, className: pupil.className })
                      : pupil.name}
                  </Link>
                </li>
              ))}
            </ul>
            {matches.length > MATCHES_SHOWN ? (
              <p className="small mb-0">
                {t('payments.statement.more', { count: matches.length - MATCHES_SHOWN })}
              </p>
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
  const { t } = useI18n();
  return (
    <>
      <PupilSearch />
      {studentId === undefined ? (
        <p className="school-state school-state--empty">{t('payments.statement.choose')}</p>
      ) : (
        <PupilStatement studentId={studentId} />
      )}
    </>
  );
}

function PupilStatement({ studentId }: { studentId: number }) {
  const translator = useI18n();
  const { t } = translator;
  const statement = useStatement(studentId);
  const timeZone = useSchoolTimeZone();
  return (
    <>
      <QueryState query={statement} isEmpty={() => false}>
        {(data) => (
          <>
            <h3 className="h5">
              {t('payments.statement.heading', {
                name: data.studentName,
                balance: balanceText(data.balance, data.currency, translator),
              })}
            </h3>
            {data.entries.length === 0 ? (
              <p className="school-state school-state--empty">{t('payments.statement.nothing')}</p>
            ) : (
              <SchoolTable
                label={t('payments.statement.label', { name: data.studentName })}
                rows={data.entries}
                rowKey={(row) => `${row.kind}-${row.invoiceId}-${row.paymentId}-${row.date}`}
                columns={[
                  {
                    header: t('payments.column.date'),
                    cell: (row) => <Day value={row.date} timeZone={timeZone} />,
                  },
                  { header: t('payments.column.what'), cell: (row) => row.description },
                  {
                    header: t('payments.column.amount'),
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
                    header: t('payments.column.balance'),
                    cellClassName: 'text-end',
                    cell: (row) => balanceText(row.balance, data.currency, translator),
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
