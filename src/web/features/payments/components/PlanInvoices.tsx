import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  DISCOUNT_KINDS,
  type DiscountInput,
  DiscountInputSchema,
  FEE_ERROR_CODES,
  FEE_LIMITS,
  type FeePlan,
  type Invoice,
} from '../../../../shared/api/fees.js';
import { intlLocale } from '../../../../shared/i18n/locales.js';
import { formatMoney, readMoney } from '../../../../shared/rules/money.js';
import { QueryState } from '../../../components/school/QueryState.js';
import { HiddenText } from '../../../components/school/SchoolPanel.js';
import { SchoolTable } from '../../../components/school/SchoolTable.js';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.js';
import { isApiError } from '../../../lib/api-client.js';
import { useI18n } from '../../../lib/i18n.js';
import { notify } from '../../../lib/toast.js';
import {
  useCancelInvoice,
  usePlanDiscounts,
  usePlanInvoices,
  useRemoveDiscount,
  useSetDiscount,
} from '../api/fees.js';
import { formatBasisPoints, moneyTextMessage, parseBasisPoints } from '../lib/amounts.js';
import { showServerError } from '../lib/server-errors.js';
import { FeeDialog } from './FeeDialog.js';
import { PaymentForm } from './PaymentForm.js';
import { DialogActions, FieldError, hiddenPart, InvoiceBadge, Money, ReasonForm } from './pieces.js';

/**
 * The discount form's values as typed: the kind, the value ("12.5" percent or "20.50" of the plan's
 * currency) and the reason; checked by DiscountInputSchema once the value is read (a percentage in
 * basis points, an amount in minor units), its reasons shown at the value's field.
 */
const discountFormSchema = (currency: string) =>
  z
    .object({ kind: z.enum(DISCOUNT_KINDS), value: z.string(), reason: z.string() })
    .transform((form, context): DiscountInput => {
      let input: unknown;
      if (form.kind === 'percent') {
        input = { kind: form.kind, basisPoints: parseBasisPoints(form.value), reason: form.reason };
      } else {
        const typed = readMoney(form.value, currency);
        if (typed.problem === 'fraction' || typed.problem === 'too-large') {
          context.addIssue({
            code: 'custom',
            path: ['value'],
            message: moneyTextMessage(typed.problem, currency, ''),
          });
        }
        input = { kind: form.kind, amount: typed.amount, reason: form.reason };
      }
      const parsed = DiscountInputSchema.safeParse(input);
      if (parsed.success && context.issues.length === 0) return parsed.data;
      for (const issue of parsed.error?.issues ?? []) {
        const field = discountFieldOf(String(issue.path[0] ?? ''));
        if (field) context.addIssue({ code: 'custom', path: [field], message: issue.message });
      }
      return z.NEVER;
    });
type DiscountFormInput = z.input<ReturnType<typeof discountFormSchema>>;

/** The contract's field (`basisPoints`, `amount`, `reason`) as the form's. */
const discountFieldOf = (field: string): 'value' | 'reason' | undefined =>
  field === 'basisPoints' || field === 'amount' ? 'value' : field === 'reason' ? 'reason' : undefined;

/** A pupil's discount on the plan: a percentage (typed "12.5", sent as 1250 basis points) or a fixed amount. */
function DiscountForm({ plan, invoice, onClose }: { plan: FeePlan; invoice: Invoice; onClose: () => void }) {
  const id = useId();
  const { t } = useI18n();
  const save = useSetDiscount();
  const [problem, setProblem] = useState<string | undefined>();
  const schema = useMemo(() => discountFormSchema(plan.currency), [plan.currency]);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<DiscountFormInput, unknown, DiscountInput>({
    resolver: zodResolver(schema),
    defaultValues: { kind: 'percent', value: '', reason: '' },
  });
  const kind = watch('kind');

  const submit = async (input: DiscountInput): Promise<void> => {
    setProblem(undefined);
    const studentId = invoice.studentId;
    if (studentId === null) return;
    try {
      await save.mutateAsync({ planId: plan.id, studentId, input });
      notify.success(t('payments.discount.saved', { name: invoice.studentName }));
      onClose();
    } catch (error) {
      setProblem(
        showServerError(error, setError, {
          fieldOf: discountFieldOf,
          atField: { [FEE_ERROR_CODES.discountBelowPaid]: 'value' },
          fallback: t('payments.discount.failed'),
        }),
      );
    }
  };

  const field = (name: 'value' | 'reason') => ({
    id: `${id}-${name}`,
    className: `form-control${errors[name] ? ' is-invalid' : ''}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <FeeDialog labelledBy={`${id}-title`} busy={save.isPending} onClose={onClose}>
      <form className="fees-form" noValidate aria-labelledby={`${id}-title`} onSubmit={handleSubmit(submit)}>
        <h3 id={`${id}-title`} className="h5">
          {t('payments.discount.title', { name: invoice.studentName })}
        </h3>
        <fieldset className="d-flex flex-wrap gap-3 mb-2">
          <legend className="visually-hidden">{t('payments.discount.kind')}</legend>
          {DISCOUNT_KINDS.map((option) => (
            <div key={option} className="form-check">
              <input
                id={`${id}-${option}`}
                type="radio"
                value={option}
                className="form-check-input"
                {...register('kind')}
              />
              <label className="form-check-label" htmlFor={`${id}-${option}`}>
                {option === 'percent'
                  ? t('payments.discount.percent')
                  : t('payments.discount.fixed', { currency: plan.currency })}
              </label>
            </div>
          ))}
        </fieldset>
        <div className="fees-form__grid">
          <div className="school-field">
            <label className="school-field__label" htmlFor={`${id}-value`}>
              {kind === 'percent'
                ? t('payments.discount.percentOff')
                : t('payments.discount.amountOff', { currency: plan.currency })}
            </label>
            <input inputMode="decimal" {...field('value')} {...register('value')} />
            <FieldError id={`${id}-value-error`} message={errors.value?.message} />
          </div>
          <div className="school-field">
            <label className="school-field__label" htmlFor={`${id}-reason`}>
              {t('payments.reason.label')}
            </label>
            <input maxLength={FEE_LIMITS.reason} {...field('reason')} {...register('reason')} />
            <FieldError id={`${id}-reason-error`} message={errors.reason?.message} />
          </div>
        </div>
        <DialogActions
          problem={problem}
          submitLabel={t('payments.discount.save')}
          busy={save.isPending}
          onClose={onClose}
        />
      </form>
    </FeeDialog>
  );
}

type Action = { kind: 'pay' | 'discount' | 'cancel' | 'remove-discount'; invoice: Invoice };

/**
 * A plan's invoices (`GET admin/fee-plans/{id}/invoices`), each with its state, and per invoice:
 * record a payment, give the pupil a discount, or cancel it with a reason. The pupil's name opens
 * their statement.
 */
export function PlanInvoices({
  plan,
  statementLink,
}: {
  plan: FeePlan;
  statementLink: (studentId: number, name: string) => ReactNode;
}) {
  const headingId = useId();
  const { t, parts, locale } = useI18n();
  const money = (amount: number, currency: string) => formatMoney(amount, currency, intlLocale(locale));
  const invoices = usePlanInvoices(plan.id);
  const discounts = usePlanDiscounts(plan.id);
  const cancel = useCancelInvoice();
  const removeDiscount = useRemoveDiscount();
  const [action, setAction] = useState<Action | undefined>();
  const close = () => setAction(undefined);
  const discountOf = (studentId: number | null) => discounts.data?.find((row) => row.studentId === studentId);

  return (
    <section className="fees-invoices" aria-labelledby={headingId}>
      <h3 id={headingId} className="h5">
        {t('payments.invoices.title', { plan: plan.name, className: plan.className, term: plan.term })}
      </h3>
      <QueryState query={invoices} empty={t('payments.invoices.empty')}>
        {(rows) => (
          <SchoolTable<Invoice>
            label={t('payments.invoices.label', { plan: plan.name })}
            rows={rows}
            rowKey={(row) => row.id}
            columns={[
              {
                header: t('payments.column.pupil'),
                cell: (row) =>
                  row.studentId === null ? row.studentName : statementLink(row.studentId, row.studentName),
              },
              {
                header: t('payments.column.total'),
                cellClassName: 'text-end',
                cell: (row) => {
                  const discount = discountOf(row.studentId);
                  const amount = money(row.discount, row.currency);
                  const off =
                    discount?.kind === 'percent'
                      ? t('payments.invoices.offPercent', {
                          amount,
                          percent: formatBasisPoints(discount.value, locale),
                        })
                      : t('payments.invoices.off', { amount });
                  return (
                    <>
                      <Money amount={row.total} currency={row.currency} />
                      {row.discount > 0 ? (
                        <span className="d-block small text-body-secondary">
                          {row.discountReason
                            ? t('payments.invoices.offReason', { off, reason: row.discountReason })
                            : off}
                        </span>
                      ) : null}
                      {discount && row.status !== 'cancelled' ? (
                        <button
                          type="button"
                          className="btn btn-link btn-sm p-0"
                          onClick={() => setAction({ kind: 'remove-discount', invoice: row })}
                        >
                          {parts('payments.discount.removeFor', {
                            name: row.studentName,
                            hidden: hiddenPart,
                          })}
                        </button>
                      ) : null}
                    </>
                  );
                },
              },
              {
                header: t('payments.column.paid'),
                cellClassName: 'text-end',
                cell: (row) => <Money amount={row.paid} currency={row.currency} />,
              },
              {
                header: t('payments.column.balance'),
                cellClassName: 'text-end',
                cell: (row) => <Money amount={row.balance} currency={row.currency} />,
              },
              {
                header: t('payments.column.status'),
                cell: (row) => (
                  <>
                    <InvoiceBadge status={row.status} />
                    {row.cancelReason ? <span className="d-block small">{row.cancelReason}</span> : null}
                  </>
                ),
              },
              {
                header: <HiddenText>{t('payments.column.actions')}</HiddenText>,
                cell: (row) =>
                  row.status === 'cancelled' ? null : (
                    <div className="d-flex flex-wrap gap-2">
                      {row.balance > 0 ? (
                        <button
                          type="button"
                          className="btn btn-sm btn-primary rounded-pill"
                          onClick={() => setAction({ kind: 'pay', invoice: row })}
                        >
                          {parts('payments.invoices.recordPayment', {
                            name: row.studentName,
                            hidden: hiddenPart,
                          })}
                        </button>
                      ) : null}
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-primary rounded-pill"
                        onClick={() => setAction({ kind: 'discount', invoice: row })}
                      >
                        {parts('payments.invoices.discount', { name: row.studentName, hidden: hiddenPart })}
                      </button>
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-danger rounded-pill"
                        onClick={() => setAction({ kind: 'cancel', invoice: row })}
                      >
                        {parts('payments.invoices.cancel', { name: row.studentName, hidden: hiddenPart })}
                      </button>
                    </div>
                  ),
              },
            ]}
          />
        )}
      </QueryState>
      {action?.kind === 'pay' ? (
        <PaymentForm key={action.invoice.id} invoice={action.invoice} onClose={close} />
      ) : null}
      {action?.kind === 'discount' ? (
        <DiscountForm key={action.invoice.id} plan={plan} invoice={action.invoice} onClose={close} />
      ) : null}
      {action?.kind === 'remove-discount' ? (
        <ConfirmDialog
          title={t('payments.discount.removeTitle', { name: action.invoice.studentName })}
          confirmLabel={t('payments.discount.remove')}
          cancelLabel={t('payments.discount.keep')}
          busy={removeDiscount.isPending}
          onCancel={close}
          onConfirm={() => {
            const { invoice } = action;
            if (invoice.studentId === null) return;
            removeDiscount.mutate(
              { planId: plan.id, studentId: invoice.studentId },
              {
                onSuccess: () =>
                  notify.success(t('payments.discount.removed', { name: invoice.studentName })),
                onError: (error) =>
                  notify.error(isApiError(error) ? error.message : t('payments.discount.removeFailed')),
                onSettled: close,
              },
            );
          }}
        >
          <p className="mb-0">
            {t('payments.discount.removeBody', {
              name: action.invoice.studentName,
              subtotal: money(action.invoice.subtotal, action.invoice.currency),
            })}
          </p>
        </ConfirmDialog>
      ) : null}
      {action?.kind === 'cancel' ? (
        <ReasonForm
          key={action.invoice.id}
          title={t('payments.invoices.cancelTitle', { name: action.invoice.studentName })}
          submitLabel={t('payments.invoices.cancelSubmit')}
          busy={cancel.isPending}
          onClose={close}
          onSubmit={async (reason) => {
            await cancel.mutateAsync({ invoiceId: action.invoice.id, reason });
            notify.success(t('payments.invoices.cancelled', { name: action.invoice.studentName }));
            close();
          }}
        />
      ) : null}
    </section>
  );
}
