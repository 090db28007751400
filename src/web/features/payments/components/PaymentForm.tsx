import { useId, useRef, useState } from 'react';
import {
  FEE_ERROR_CODES,
  FEE_MESSAGES,
  type Invoice,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type Payment,
  type PaymentMethod,
} from '../../../../shared/api/fees.js';
import { readMoney, toDecimalText } from '../../../../shared/rules/money.js';
import { isApiError } from '../../../lib/api-client.js';
import { useSettings } from '../../../lib/settings.js';
import { notify } from '../../../lib/toast.js';
import { useRecordPayment } from '../api/fees.js';
import { moneyTextMessage, schoolToday } from '../lib/amounts.js';
import { balanceText, Money, ReceiptLink } from './pieces.js';

/** The server's 409 for an amount above what the invoice owes: known by its code, never its text. */
const isAboveOutstanding = (error: unknown): boolean =>
  isApiError(error) && error.status === 409 && error.code === FEE_ERROR_CODES.aboveOutstanding;

export const PAYMENT_TEXTS = {
  recorded: (receiptNo: number) => `Payment recorded, receipt No. ${receiptNo}.`,
  asCredit: 'Record the rest as credit on the pupil’s account',
} as const;

/**
 * A payment against one invoice (`POST fees/payments`). Each submission carries an Idempotency-Key
 * made once for it with crypto.randomUUID(): sent again (a double click, a retry after a lost
 * answer) it records one payment only; the key is renewed once the values change or a payment is
 * recorded. When the amount is above what is owed the server answers 409 and the form offers to
 * keep the rest as credit.
 */
export function PaymentForm({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const id = useId();
  const settings = useSettings().data;
  const record = useRecordPayment();
  const currency = invoice.currency;
  const [amount, setAmount] = useState(invoice.balance > 0 ? toDecimalText(invoice.balance, currency) : '');
  const [method, setMethod] = useState<PaymentMethod | ''>('');
  const [reference, setReference] = useState('');
  const [paidOn, setPaidOn] = useState(() => schoolToday(settings?.timeZone));
  const [asCredit, setAsCredit] = useState(false);
  const [offerCredit, setOfferCredit] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const [recorded, setRecorded] = useState<Payment | undefined>();
  const key = useRef<string | undefined>(undefined);
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      key.current = undefined;
      set(value);
    };

  const submit = async (): Promise<void> => {
    setProblem(undefined);
    const typed = readMoney(amount, currency);
    if (typed.problem !== undefined || typed.amount === 0) {
      setProblem(moneyTextMessage(typed.problem ?? 'format', currency, FEE_MESSAGES.paymentAmountInvalid));
      return;
    }
    const minor = typed.amount;
    if (method === '') {
      setProblem(FEE_MESSAGES.chooseMethod);
      return;
    }
    if (paidOn === '') {
      setProblem(FEE_MESSAGES.choosePaidOn);
      return;
    }
    key.current ??= crypto.randomUUID();
    try {
      const payment = await record.mutateAsync({
        key: key.current,
        input: {
          invoiceId: invoice.id,
          amount: minor,
          method,
          reference: reference.trim(),
          paidOn,
          asCredit,
        },
      });
      key.current = undefined;
      setRecorded(payment);
      notify.success(PAYMENT_TEXTS.recorded(payment.receiptNo));
    } catch (error) {
      if (isAboveOutstanding(error)) setOfferCredit(true);
      setProblem(isApiError(error) ? error.message : 'The payment could not be recorded.');
    }
  };

  if (recorded) {
    return (
      <section className="fees-form" aria-labelledby={`${id}-done`}>
        <h3 id={`${id}-done`} className="h5">
          {PAYMENT_TEXTS.recorded(recorded.receiptNo)}
        </h3>
        <p>
          <Money amount={recorded.amount} currency={recorded.currency} /> from {recorded.studentName}
          {recorded.credit > 0 ? (
            <>
              {' '}
              (<Money amount={recorded.credit} currency={recorded.currency} /> kept as credit)
            </>
          ) : null}
          . Balance now: {balanceText(recorded.balanceAfter, recorded.currency)}.
        </p>
        <div className="d-flex flex-wrap gap-3 align-items-center">
          <ReceiptLink paymentId={recorded.id} receiptNo={recorded.receiptNo} />
          <button type="button" className="btn btn-outline-secondary rounded-pill px-4" onClick={onClose}>
            Close
          </button>
        </div>
      </section>
    );
  }

  return (
    <form
      className="fees-form"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3 id={`${id}-title`} className="h5">
        Record a payment from {invoice.studentName}
      </h3>
      <p className="mb-2">
        Owed on this invoice: <Money amount={invoice.balance} currency={currency} />
      </p>
      <div className="fees-form__grid">
        <div className="school-field">
          <label className="school-field__label" htmlFor={`${id}-amount`}>
            Amount ({currency})
          </label>
          <input
            id={`${id}-amount`}
            inputMode="decimal"
            className="form-control"
            value={amount}
            onChange={(event) => changed(setAmount)(event.target.value)}
          />
        </div>
        <div className="school-field">
          <label className="school-field__label" htmlFor={`${id}-method`}>
            Method
          </label>
          <select
            id={`${id}-method`}
            className="form-select"
            value={method}
            onChange={(event) => changed(setMethod)(event.target.value as PaymentMethod | '')}
          >
            <option value="">Choose the method</option>
            {PAYMENT_METHODS.map((value) => (
              <option key={value} value={value}>
                {PAYMENT_METHOD_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="school-field">
          <label className="school-field__label" htmlFor={`${id}-reference`}>
            Reference
          </label>
          <input
            id={`${id}-reference`}
            className="form-control"
            maxLength={100}
            value={reference}
            onChange={(event) => changed(setReference)(event.target.value)}
          />
        </div>
        <div className="school-field">
          <label className="school-field__label" htmlFor={`${id}-paidOn`}>
            Paid on
          </label>
          <input
            id={`${id}-paidOn`}
            type="date"
            className="form-control"
            value={paidOn}
            onChange={(event) => changed(setPaidOn)(event.target.value)}
          />
        </div>
      </div>
      {offerCredit ? (
        <div className="form-check mt-2">
          <input
            id={`${id}-credit`}
            type="checkbox"
            className="form-check-input"
            checked={asCredit}
            onChange={(event) => changed(setAsCredit)(event.target.checked)}
          />
          <label className="form-check-label" htmlFor={`${id}-credit`}>
            {PAYMENT_TEXTS.asCredit}
          </label>
        </div>
      ) : null}
      {problem ? (
        <p className="fees-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="d-flex flex-wrap gap-2 mt-2">
        <button type="submit" className="btn btn-primary rounded-pill px-4" disabled={record.isPending}>
          {record.isPending ? 'Recording…' : 'Record payment'}
        </button>
        <button type="button" className="btn btn-outline-secondary rounded-pill px-4" onClick={onClose}>
          Close
        </button>
      </div>
    </form>
  );
}
