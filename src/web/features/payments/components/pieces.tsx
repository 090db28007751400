import { useId, useState } from 'react';
import { Link } from 'react-router';
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '../../../../shared/api/fees.js';
import { formatMoney } from '../../../../shared/rules/money.js';
import { HiddenText } from '../../../components/school/SchoolPanel.js';
import { apiUrl, isApiError } from '../../../lib/api-client.js';
import { formatDay, isIsoDate } from '../../../lib/school/dates.js';
import { notify } from '../../../lib/toast.js';
import { downloadReceipt, receiptPath } from '../api/fees.js';
import { schoolToday } from '../lib/amounts.js';

/** Each state's badge, spelt whole so the build's CSS cut sees it (scripts/bootstrap-used-only.mjs). */
const BADGE: Record<InvoiceStatus, string> = {
  open: 'badge rounded-pill text-bg-primary',
  partial: 'badge rounded-pill text-bg-info',
  paid: 'badge rounded-pill text-bg-success',
  overdue: 'badge rounded-pill text-bg-danger',
  cancelled: 'badge rounded-pill text-bg-secondary',
};

export function InvoiceBadge({ status }: { status: InvoiceStatus }) {
  return <span className={BADGE[status]}>{INVOICE_STATUS_LABELS[status]}</span>;
}

/** An amount in the currency it was billed in (shared/rules/money.ts: exact, never a float). */
export function Money({ amount, currency }: { amount: number; currency: string }) {
  return <span className="text-nowrap">{formatMoney(amount, currency)}</span>;
}

/**
 * A day as the school reads it (`Wed, 4 Nov 2026`, lib/school/dates.ts's formatDay), the value
 * itself kept in `dateTime` for machines. A calendar date (`2026-11-04`: a due date, a payment's
 * date) is shown as it is; an instant (an invoice's issue, a payment's recording) as its day in the
 * school's time zone.
 */
export function Day({ value, timeZone }: { value: string; timeZone?: string | undefined }) {
  const instant = isIsoDate(value) ? undefined : new Date(value);
  const day =
    instant === undefined ? value : Number.isNaN(instant.getTime()) ? value : schoolToday(timeZone, instant);
  return (
    <time dateTime={value} className="text-nowrap">
      {formatDay(day)}
    </time>
  );
}

/** A balance: what is owed, or the credit when it is below zero. */
export function balanceText(balance: number, currency: string): string {
  return balance < 0 ? `${formatMoney(-balance, currency)} in credit` : formatMoney(balance, currency);
}

/**
 * "Download receipt": a real link to the PDF, but the API wants the bearer token, so a click fetches
 * the file with it and saves it (lib/download.ts).
 */
export function ReceiptLink({ paymentId, receiptNo }: { paymentId: number; receiptNo: number }) {
  return (
    <a
      href={apiUrl(receiptPath(paymentId))}
      className="btn btn-link p-0"
      onClick={(event) => {
        event.preventDefault();
        downloadReceipt(paymentId, receiptNo).catch((error: unknown) =>
          notify.error(isApiError(error) ? error.message : 'The download failed.'),
        );
      }}
    >
      Download receipt <span className="visually-hidden">No. {receiptNo}</span>
    </a>
  );
}

/**
 * A short form asking why (cancelling an invoice, voiding a payment): the reason is required, and the
 * server's refusal is shown under it.
 */
export function ReasonForm({
  title,
  submitLabel,
  busy,
  onSubmit,
  onClose,
}: {
  title: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  return (
    <form
      className="fees-form"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={async (event) => {
        event.preventDefault();
        if (reason.trim() === '') {
          setProblem('Please write the reason');
          return;
        }
        setProblem(undefined);
        try {
          await onSubmit(reason.trim());
        } catch (error) {
          setProblem(isApiError(error) ? error.message : 'That did not work.');
        }
      }}
    >
      <h3 id={`${id}-title`} className="h5">
        {title}
      </h3>
      <div className="school-field">
        <label className="school-field__label" htmlFor={`${id}-reason`}>
          Reason
        </label>
        <input
          id={`${id}-reason`}
          className={`form-control${problem ? ' is-invalid' : ''}`}
          value={reason}
          maxLength={300}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        {problem ? (
          <div id={`${id}-problem`} className="invalid-feedback d-block" role="alert">
            {problem}
          </div>
        ) : null}
      </div>
      <div className="d-flex flex-wrap gap-2 mt-2">
        <button type="submit" className="btn btn-danger rounded-pill px-4" disabled={busy}>
          {submitLabel}
        </button>
        <button type="button" className="btn btn-outline-secondary rounded-pill px-4" onClick={onClose}>
          Close
        </button>
      </div>
    </form>
  );
}

export const issuedText = (created: number) => `${created} ${created === 1 ? 'invoice' : 'invoices'} created`;

export const errorText = (error: unknown, fallback: string) => (isApiError(error) ? error.message : fallback);

/** A pupil's name that opens their statement in the ledger (`?tab=statement&student=`). */
export function StatementLink({ studentId, name }: { studentId: number; name: string }) {
  return (
    <Link to={`?tab=statement&student=${studentId}`}>
      {name} <HiddenText>(statement)</HiddenText>
    </Link>
  );
}
