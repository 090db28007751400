import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  FEE_ERROR_CODES,
  FEE_LIMITS,
  FEE_MESSAGES,
  type Invoice,
  PAYMENT_METHODS,
  type Payment,
  PaymentInputSchema,
} from '../../../../shared/api/fees.js';
import { intlLocale } from '../../../../shared/i18n/locales.js';
import { formatMoney, toDecimalText } from '../../../../shared/rules/money.js';
import { isApiError } from '../../../lib/api-client.js';
import { useI18n } from '../../../lib/i18n.js';
import { todayInZone, useSchoolTimeZone } from '../../../lib/school-time.js';
import { notify } from '../../../lib/toast.js';
import { useRecordPayment } from '../api/fees.js';
import { moneyTextSchema } from '../lib/amounts.js';
import { showServerError } from '../lib/server-errors.js';
import { FeeDialog } from './FeeDialog.js';
import { balanceText, DialogActions, FieldError, Money, ReceiptLink } from './pieces.js';

/**
 * The payment form's values: PaymentInputSchema without the invoice (the dialog's own), its amount
 * the decimal text typed ("40.50"), read into minor units and then held to the contract's amount
 * rule; an empty date gets its own message before the date's format is checked.
 */
const paymentFormSchema = (currency: string) =>
  PaymentInputSchema.omit({ invoiceId: true }).extend({
    amount: moneyTextSchema(currency, FEE_MESSAGES.paymentAmountInvalid).pipe(
      PaymentInputSchema.shape.amount,
    ),
    // The select starts on its "Choose the method" option, '', which the contract's enum refuses.
    method: z.string().pipe(PaymentInputSchema.shape.method),
    paidOn: z
      .string()
      .min(1, { error: FEE_MESSAGES.choosePaidOn, abort: true })
      .pipe(PaymentInputSchema.shape.paidOn),
  });
type PaymentFormInput = z.input<ReturnType<typeof paymentFormSchema>>;
type PaymentFormOutput = z.output<ReturnType<typeof paymentFormSchema>>;
type PaymentField = Path<PaymentFormInput>;

const PAYMENT_FIELDS: readonly PaymentField[] = ['amount', 'method', 'reference', 'paidOn', 'asCredit'];
/** A field the server named in a 400's details, as the form's field. */
const paymentFieldOf = (field: string): PaymentField | undefined =>
  (PAYMENT_FIELDS as readonly string[]).includes(field) ? (field as PaymentField) : undefined;

/**
 * A payment against one invoice (`POST fees/payments`), in a dialog over the invoice's row. Each
 * submission carries an Idempotency-Key made once for it with crypto.randomUUID(): sent again (a
 * double click, a retry after a lost answer) it records one payment only; the key is renewed once
 * the values change or a payment is recorded. When the amount is above what is owed the server
 * answers 409 ABOVE_OUTSTANDING: its reason goes under the amount and the form offers to keep the
 * rest as credit.
 */
export function PaymentForm({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const id = useId();
  const translator = useI18n();
  const { t, locale } = translator;
  const timeZone = useSchoolTimeZone();
  const record = useRecordPayment();
  const currency = invoice.currency;
  const [offerCredit, setOfferCredit] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const [recorded, setRecorded] = useState<Payment | undefined>();
  const key = useRef<string | undefined>(undefined);
  const schema = useMemo(() => paymentFormSchema(currency), [currency]);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<PaymentFormInput, unknown, PaymentFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: {
      amount: invoice.balance > 0 ? toDecimalText(invoice.balance, currency) : '',
      method: '',
      reference: '',
      paidOn: todayInZone(timeZone),
      asCredit: false,
    },
  });

  // Once recorded, the form gives way to what was recorded: the focus goes to its heading.
  const done = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (recorded) done.current?.focus();
  }, [recorded]);

  // Changed values are another payment: the next submission gets a new key.
  useEffect(() => {
    const watching = watch(() => {
      key.current = undefined;
    });
    return () => watching.unsubscribe();
  }, [watch]);

  // A second click while the first is checked or sent sends nothing: one submission at a time.
  const sending = useRef(false);
  const submit = async (values: PaymentFormOutput): Promise<void> => {
    if (sending.current) return;
    sending.current = true;
    setProblem(undefined);
    key.current ??= crypto.randomUUID();
    try {
      const payment = await record.mutateAsync({
        key: key.current,
        input: { ...values, invoiceId: invoice.id },
      });
      key.current = undefined;
      setRecorded(payment);
      notify.success(t('payments.payment.recorded', { receiptNo: String(payment.receiptNo) }));
    } catch (error) {
      if (isAboveOutstanding(error)) setOfferCredit(true);
      setProblem(
        showServerError(error, setError, {
          fieldOf: paymentFieldOf,
          atField: {
            [FEE_ERROR_CODES.aboveOutstanding]: 'amount',
            [FEE_ERROR_CODES.creditAboveMaximum]: 'amount',
          },
          fallback: t('payments.payment.failed'),
        }),
      );
    } finally {
      sending.current = false;
    }
  };

  const field = (name: PaymentField) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const invalid = (name: PaymentField) => (errors[name] ? ' is-invalid' : '');

  return (
    <FeeDialog labelledBy={recorded ? `${id}-done` : `${id}-title`} busy={record.isPending} onClose={onClose}>
      {recorded ? (
        <section className="fees-form" aria-labelledby={`${id}-done`}>
          <h3 id={`${id}-done`} className="h5" ref={done} tabIndex={-1}>
            {t('payments.payment.recorded', { receiptNo: String(recorded.receiptNo) })}
          </h3>
          <p>
            {t(recorded.credit > 0 ? 'payments.payment.summaryWithCredit' : 'payments.payment.summary', {
              amount: formatMoney(recorded.amount, recorded.currency, intlLocale(locale)),
              name: recorded.studentName,
              credit: formatMoney(recorded.credit, recorded.currency, intlLocale(locale)),
              balance: balanceText(recorded.balanceAfter, recorded.currency, translator),
            })}
          </p>
          <div className="d-flex flex-wrap gap-3 align-items-center">
            <ReceiptLink paymentId={recorded.id} receiptNo={recorded.receiptNo} />
            <button type="button" className="btn btn-outline-secondary rounded-pill px-4" onClick={onClose}>
              {t('payments.dialog.close')}
            </button>
          </div>
        </section>
      ) : (
        <form
          className="fees-form"
          noValidate
          aria-labelledby={`${id}-title`}
          onSubmit={handleSubmit(submit)}
        >
          <h3 id={`${id}-title`} className="h5">
            {t('payments.payment.title', { name: invoice.studentName })}
          </h3>
          <p className="mb-2">
            {t('payments.payment.owed')} <Money amount={invoice.balance} currency={currency} />
          </p>
          <div className="fees-form__grid">
            <div className="school-field">
              <label className="school-field__label" htmlFor={`${id}-amount`}>
                {t('payments.payment.amount', { currency })}
              </label>
              <input
                inputMode="decimal"
                className={`form-control${invalid('amount')}`}
                {...field('amount')}
                {...register('amount')}
              />
              <FieldError id={`${id}-amount-error`} message={errors.amount?.message} />
            </div>
            <div className="school-field">
              <label className="school-field__label" htmlFor={`${id}-method`}>
                {t('payments.payment.method')}
              </label>
              <select
                className={`form-select${invalid('method')}`}
                {...field('method')}
                {...register('method')}
              >
                <option value="">{t('payments.payment.chooseMethod')}</option>
                {PAYMENT_METHODS.map((value) => (
                  <option key={value} value={value}>
                    {t(`common.paymentMethod.${value}`)}
                  </option>
                ))}
              </select>
              <FieldError id={`${id}-method-error`} message={errors.method?.message} />
            </div>
            <div className="school-field">
              <label className="school-field__label" htmlFor={`${id}-reference`}>
                {t('payments.payment.reference')}
              </label>
              <input
                className={`form-control${invalid('reference')}`}
                maxLength={FEE_LIMITS.reference}
                {...field('reference')}
                {...register('reference')}
              />
              <FieldError id={`${id}-reference-error`} message={errors.reference?.message} />
            </div>
            <div className="school-field">
              <label className="school-field__label" htmlFor={`${id}-paidOn`}>
                {t('payments.payment.paidOn')}
              </label>
              <input
                type="date"
                className={`form-control${invalid('paidOn')}`}
                {...field('paidOn')}
                {...register('paidOn')}
              />
              <FieldError id={`${id}-paidOn-error`} message={errors.paidOn?.message} />
            </div>
          </div>
          {offerCredit ? (
            <div className="form-check mt-2">
              <input
                id={`${id}-asCredit`}
                type="checkbox"
                className="form-check-input"
                {...register('asCredit')}
              />
              <label className="form-check-label" htmlFor={`${id}-asCredit`}>
                {t('payments.payment.asCredit')}
              </label>
            </div>
          ) : null}
          <DialogActions
            problem={problem}
            submitLabel={t('payments.payment.submit')}
            busyLabel={t('payments.payment.recording')}
            busy={record.isPending}
            onClose={onClose}
          />
        </form>
      )}
    </FeeDialog>
  );
}

/** The server's 409 for an amount above what the invoice owes: known by its code, never its text. */
const isAboveOutstanding = (error: unknown): boolean =>
  isApiError(error) && error.status === 409 && error.code === FEE_ERROR_CODES.aboveOutstanding;
