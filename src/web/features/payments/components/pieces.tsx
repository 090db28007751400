import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import {
  FEE_LIMITS,
  type InvoiceStatus,
  type ReasonInput,
  ReasonInputSchema,
} from '../../../../shared/api/fees.js';
import { intlLocale } from '../../../../shared/i18n/locales.js';
import { formatMoney } from '../../../../shared/rules/money.js';
import { HiddenText } from '../../../components/school/SchoolPanel.js';
import { apiUrl, isApiError } from '../../../lib/api-client.js';
import { type MessageKey, type Translator, useI18n } from '../../../lib/i18n.js';
import { dateInZone, isIsoDate, shortDate } from '../../../lib/school-time.js';
import { notify } from '../../../lib/toast.js';
import { downloadReceipt, receiptPath } from '../api/fees.js';
import { showServerError } from '../lib/server-errors.js';
import { FeeDialog } from './FeeDialog.js';

/** Each state's badge, spelt whole so the build's CSS cut sees it (scripts/bootstrap-used-only.mjs). */
const BADGE: Record<InvoiceStatus, string> = {
  open: 'badge rounded-pill text-bg-primary',
  partial: 'badge rounded-pill text-bg-info',
  paid: 'badge rounded-pill text-bg-success',
  overdue: 'badge rounded-pill text-bg-danger',
  cancelled: 'badge rounded-pill text-bg-secondary',
};

/** Each state's words; the wire keeps the code. */
const STATUS_KEY: Record<InvoiceStatus, MessageKey> = {
  open: 'payments.status.open',
  partial: 'payments.status.partial',
  paid: 'payments.status.paid',
  overdue: 'payments.status.overdue',
  cancelled: 'payments.status.cancelled',
};

export function InvoiceBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useI18n();
  return <span className={BADGE[status]}>{t(STATUS_KEY[status])}</span>;
}

/** Text a screen reader reads and the eye skips, for a message's `<hidden>…</hidden>` part. */
export const hiddenPart = (chunks: ReactNode[]) => <HiddenText key="hidden">{chunks}</HiddenText>;

/** An amount in the currency it was billed in (shared/rules/money.ts: exact, never a float). */
export function Money({ amount, currency }: { amount: number; currency: string }) {
  const { locale } = useI18n();
  // Left to right in every page: in Arabic, "542.00 US$" rather than the bidi algorithm's "$US 542.00".
  return (
    <span className="text-nowrap" dir="ltr">
      {formatMoney(amount, currency, intlLocale(locale))}
    </span>
  );
}

/**
 * A day as the school reads it (`Wed, 4 Nov 2026`, shared/school-time.ts's shortDate), the value
 * itself kept in `dateTime` for machines. A calendar date (`2026-11-04`: a due date, a payment's
 * date) is shown as it is; an instant (an invoice's issue, a payment's recording) as its day in the
 * school's time zone.
 */
export function Day({ value, timeZone }: { value: string; timeZone?: string | undefined }) {
  const { locale } = useI18n();
  const instant = isIsoDate(value) ? undefined : new Date(value);
  const day =
    instant === undefined ? value : Number.isNaN(instant.getTime()) ? value : dateInZone(instant, timeZone);
  return (
    <time dateTime={value} className="text-nowrap">
      {shortDate(day, locale)}
    </time>
  );
}

/** A balance: what is owed, or the credit when it is below zero. */
export function balanceText(balance: number, currency: string, { t, locale }: Translator): string {
  return balance < 0
    ? t('payments.balance.inCredit', { amount: formatMoney(-balance, currency, intlLocale(locale)) })
    : formatMoney(balance, currency, intlLocale(locale));
}

/**
 * "Download receipt": a real link to the PDF, but the API wants the bearer token, so a click fetches
 * the file with it and saves it (lib/download.ts).
 */
export function ReceiptLink({ paymentId, receiptNo }: { paymentId: number; receiptNo: number }) {
  const { t, parts } = useI18n();
  return (
    <a
      href={apiUrl(receiptPath(paymentId))}
      className="btn btn-link p-0"
      onClick={(event) => {
        event.preventDefault();
        downloadReceipt(paymentId, receiptNo).catch((error: unknown) =>
          notify.error(isApiError(error) ? error.message : t('payments.receipt.downloadFailed')),
        );
      }}
    >
      {parts('payments.receipt.download', { receiptNo: String(receiptNo), hidden: hiddenPart })}
    </a>
  );
}

/** The form's one field; a 400's details name it so. */
const reasonFieldOf = (field: string): 'reason' | undefined => (field === 'reason' ? 'reason' : undefined);

/**
 * A short form asking why (cancelling an invoice, voiding a payment), in a dialog over the row it
 * was opened from: the reason is required (ReasonInputSchema, the server's own check and message),
 * its error sits under the field, and the server's refusal is shown as the form's problem.
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
  const { t } = useI18n();
  const [problem, setProblem] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ReasonInput>({ resolver: zodResolver(ReasonInputSchema), defaultValues: { reason: '' } });
  const error = errors.reason?.message;

  const submit = async ({ reason }: ReasonInput): Promise<void> => {
    setProblem(undefined);
    try {
      await onSubmit(reason);
    } catch (failure) {
      setProblem(
        showServerError(failure, setError, { fieldOf: reasonFieldOf, fallback: t('payments.dialog.failed') }),
      );
    }
  };

  return (
    <FeeDialog labelledBy={`${id}-title`} busy={busy} onClose={onClose}>
      <form className="fees-form" noValidate aria-labelledby={`${id}-title`} onSubmit={handleSubmit(submit)}>
        <h3 id={`${id}-title`} className="h5">
          {title}
        </h3>
        <div className="school-field">
          <label className="school-field__label" htmlFor={`${id}-reason`}>
            {t('payments.reason.label')}
          </label>
          <input
            id={`${id}-reason`}
            className={`form-control${error ? ' is-invalid' : ''}`}
            maxLength={FEE_LIMITS.reason}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-reason-error` : undefined}
            {...register('reason')}
          />
          <FieldError id={`${id}-reason-error`} message={error} />
        </div>
        <DialogActions
          problem={problem}
          submitLabel={submitLabel}
          busy={busy}
          tone="danger"
          onClose={onClose}
        />
      </form>
    </FeeDialog>
  );
}

/** A field's error under it, the id its field's aria-describedby names; nothing without one. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <div id={id} className="invalid-feedback d-block">
      {message}
    </div>
  ) : null;
}

/** What went wrong with the form as a whole (a refusal no field owns), read out when it appears. */
export function FormProblem({ problem }: { problem: string | undefined }) {
  return problem ? (
    <p className="fees-problem" role="alert">
      {problem}
    </p>
  ) : null;
}

/** Each tone's button class, spelt whole so the build's CSS cut sees it (scripts/bootstrap-used-only.mjs). */
const SUBMIT_BUTTON = { primary: 'btn-primary', danger: 'btn-danger' } as const;

/** The end of every fees dialog's form: what went wrong with it as a whole, then its button and Close. */
export function DialogActions({
  problem,
  submitLabel,
  busy,
  busyLabel = submitLabel,
  tone = 'primary',
  onClose,
}: {
  problem: string | undefined;
  submitLabel: string;
  busy: boolean;
  busyLabel?: string;
  tone?: keyof typeof SUBMIT_BUTTON;
  onClose: () => void;
}) {
  const { t } = useI18n();
  return (
    <>
      <FormProblem problem={problem} />
      <div className="d-flex flex-wrap gap-2 mt-2">
        <button type="submit" className={`btn ${SUBMIT_BUTTON[tone]} rounded-pill px-4`} disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </button>
        <button type="button" className="btn btn-outline-secondary rounded-pill px-4" onClick={onClose}>
          {t('payments.dialog.close')}
        </button>
      </div>
    </>
  );
}

export const issuedText = (created: number, t: Translator['t']) => t('payments.issued', { count: created });

export const errorText = (error: unknown, fallback: string) => (isApiError(error) ? error.message : fallback);

/** A pupil's name that opens their statement in the ledger (`?tab=statement&student=`). */
export function StatementLink({ studentId, name }: { studentId: number; name: string }) {
  const { parts } = useI18n();
  return (
    <Link to={`?tab=statement&student=${studentId}`}>
      {parts('payments.statementLink', { name, hidden: hiddenPart })}
    </Link>
  );
}
