import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { type Path, useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  FEE_LIMITS,
  FEE_MESSAGES,
  type FeePlan,
  type FeePlanInput,
  FeePlanInputSchema,
} from '../../../../shared/api/fees.js';
import { SCHOOL_YEAR_MESSAGES, type SchoolYear } from '../../../../shared/api/school-years.js';
import { intlLocale } from '../../../../shared/i18n/locales.js';
import { formatMoney, toDecimalText } from '../../../../shared/rules/money.js';
import { isApiError } from '../../../lib/api-client.js';
import { fieldErrorsOf, messageText, showFieldErrors } from '../../../lib/form-errors.js';
import { type Translator, useI18n } from '../../../lib/i18n.js';
import { useClasses } from '../../../lib/school/get-classes.js';
import { useSchoolYears } from '../../../lib/school/get-school-years.js';
import { notify } from '../../../lib/toast.js';
import { useCreatePlan, useUpdatePlan } from '../api/fees.js';
import { moneyTextSchema } from '../lib/amounts.js';
import { hiddenPart } from './pieces.js';

/** The term select's value for an edited plan's own term when it is text only, in no school year. */
const TEXT_TERM = 'text';

/**
 * The plan form's values: as FeePlanInputSchema, but each item's amount is the decimal text typed
 * ("1,250.50"), read into minor units of the school's currency by parseMoney, never through a float;
 * and the term is the select's choice (`termChoice`): a school term's id, or TEXT_TERM.
 */
const planFormSchema = (currency: string, { t, locale }: Translator) => {
  const example = formatMoney(125_000, currency, intlLocale(locale));
  const amountText = moneyTextSchema(currency, t('payments.planForm.amountExample', { example }));
  return FeePlanInputSchema.omit({ term: true, termId: true }).extend({
    termChoice: z
      .string({ error: SCHOOL_YEAR_MESSAGES.chooseTerm })
      .min(1, { error: SCHOOL_YEAR_MESSAGES.chooseTerm }),
    items: z
      .array(FeePlanInputSchema.shape.items.element.extend({ amount: amountText }))
      .min(1, FEE_MESSAGES.addItem)
      .max(FEE_LIMITS.items, FEE_MESSAGES.tooManyItems),
  });
};
type PlanFormInput = z.input<ReturnType<typeof planFormSchema>>;
type PlanFormOutput = z.output<ReturnType<typeof planFormSchema>>;

const EMPTY: PlanFormInput = {
  name: '',
  classId: '',
  termChoice: '',
  dueDate: '',
  items: [{ name: '', amount: '' }],
};

type TopField = 'name' | 'dueDate';

/** A plan as the form shows it: its amounts as decimal text in the plan's own currency. */
const valuesOf = (plan: FeePlan): PlanFormInput => ({
  name: plan.name,
  classId: String(plan.classId),
  termChoice: plan.termId === null ? TEXT_TERM : String(plan.termId),
  dueDate: plan.dueDate,
  items: plan.items.map((item) => ({ name: item.name, amount: toDecimalText(item.amount, plan.currency) })),
});

/** A field the server named in a 400's details (`name`, `items.1.amount`), as the form's field. */
const formFieldOf = (field: string): Path<PlanFormInput> | undefined => {
  if (field === 'term' || field === 'termId') return 'termChoice';
  return /^(name|classId|dueDate|items\.\d+\.(name|amount))$/.test(field)
    ? (field as Path<PlanFormInput>)
    : undefined;
};

/** The years as the term select groups them: the current year first, then the others as listed. */
const yearsInOrder = (years: readonly SchoolYear[]): SchoolYear[] => [
  ...years.filter((year) => year.current),
  ...years.filter((year) => !year.current),
];

/**
 * The principal's fee plan: a class, a term of a school year (chosen from the years' terms, the
 * current year's first; docs/decisions/0096-report-card-attendance-and-fee-plan-terms.md), a due
 * date and named items with amounts. An older plan whose term is only text keeps it as its chosen
 * option until another is chosen. Without
 * `plan` it makes a new one in the school's `currency`; with `plan` it edits that one in the plan's
 * own currency (`PUT admin/fee-plans/{id}`), and once the plan has invoices its class and items are
 * shown but cannot change (the server would answer 409 PLAN_HAS_INVOICES), so the plan's own class
 * and items are sent with the new name, term and due date.
 */
export function PlanForm({
  currency,
  plan,
  onDone,
}: {
  currency: string;
  plan?: FeePlan;
  onDone?: () => void;
}) {
  const id = useId();
  const translator = useI18n();
  const { t, parts } = translator;
  const classes = useClasses();
  const years = useSchoolYears();
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const [problem, setProblem] = useState<string | undefined>();
  const planCurrency = plan?.currency ?? currency;
  const locked = plan !== undefined && plan.invoices > 0;
  const schema = useMemo(() => planFormSchema(planCurrency, translator), [planCurrency, translator]);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<PlanFormInput, unknown, PlanFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: plan ? valuesOf(plan) : EMPTY,
  });
  const items = useFieldArray({ control, name: 'items' });
  const busy = create.isPending || update.isPending;
  const title = useRef<HTMLHeadingElement>(null);

  // Opening a plan to edit brings its form into view, wherever the list left the reader.
  const editingId = plan?.id;
  useEffect(() => {
    if (editingId === undefined) return;
    title.current?.scrollIntoView?.({ block: 'start' });
    title.current?.focus();
  }, [editingId]);

  /** The chosen term as the contract sends it: a school term by id (with its name), or the plan's own text. */
  const termOf = (choice: string): Pick<FeePlanInput, 'term' | 'termId'> => {
    if (choice === TEXT_TERM && plan) return { term: plan.term };
    const termId = Number(choice);
    const chosen = years.data?.flatMap((year) => year.terms).find((term) => term.id === termId);
    return { term: chosen?.name ?? plan?.term ?? '', termId };
  };

  const onSubmit = async ({ termChoice, ...values }: PlanFormOutput): Promise<void> => {
    setProblem(undefined);
    try {
      const chosen: FeePlanInput = { ...values, ...termOf(termChoice) };
      if (plan) {
        const input: FeePlanInput = locked
          ? {
              ...chosen,
              classId: plan.classId,
              items: plan.items.map((item) => ({ name: item.name, amount: item.amount })),
            }
          : chosen;
        const saved = await update.mutateAsync({ planId: plan.id, input });
        notify.success(t('payments.planForm.updated', { name: saved.name }));
        onDone?.();
      } else {
        const saved = await create.mutateAsync(chosen);
        notify.success(t('payments.planForm.saved', { name: saved.name }));
        reset(EMPTY);
      }
    } catch (error) {
      showFieldErrors(fieldErrorsOf(error), setError, formFieldOf);
      setProblem(isApiError(error) ? error.message : t('payments.planForm.failed'));
    }
  };

  const describe = (name: string, error: { message?: string } | undefined) => ({
    id: `${id}-${name}`,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-${name}-error` : undefined,
  });
  const errorOf = (name: string, error: { message?: string } | undefined) =>
    error ? (
      <div id={`${id}-${name}-error`} className="invalid-feedback d-block">
        {messageText(translator, error.message ?? '')}
      </div>
    ) : null;
  // Without the years there is no term to choose: say so where the term is asked for.
  const termError =
    errors.termChoice ?? (years.isError ? { message: t('payments.planForm.termsFailed') } : undefined);
  const top = (name: TopField, label: string, type = 'text') => (
    <div className="school-field">
      <label className="school-field__label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <input
        type={type}
        className={`form-control${errors[name] ? ' is-invalid' : ''}`}
        {...describe(name, errors[name])}
        {...register(name)}
      />
      {errorOf(name, errors[name])}
    </div>
  );

  return (
    <form className="fees-form" noValidate aria-labelledby={`${id}-title`} onSubmit={handleSubmit(onSubmit)}>
      <h3 id={`${id}-title`} className="h5" ref={title} tabIndex={-1}>
        {plan ? t('payments.planForm.editTitle', { name: plan.name }) : t('payments.planForm.newTitle')}
      </h3>
      {locked ? (
        <p id={`${id}-locked`} className="small text-body-secondary">
          {t('payments.planForm.locked')}
        </p>
      ) : null}
      <div className="fees-form__grid">
        {top('name', t('payments.planForm.name'))}
        <div className="school-field">
          <label className="school-field__label" htmlFor={`${id}-classId`}>
            {t('payments.planForm.class')}
          </label>
          <select
            className={`form-select${errors.classId ? ' is-invalid' : ''}`}
            {...describe('classId', errors.classId)}
            {...(locked ? { 'aria-describedby': `${id}-locked` } : {})}
            {...register('classId')}
            disabled={!classes.data || locked}
          >
            <option value="">{t('payments.planForm.chooseClass')}</option>
            {classes.data?.map((row) => (
              <option key={row.id} value={row.id}>
                {row.name}
              </option>
            ))}
          </select>
          {errorOf('classId', errors.classId)}
        </div>
        <div className="school-field">
          <label className="school-field__label" htmlFor={`${id}-termChoice`}>
            {t('payments.planForm.term')}
          </label>
          <select
            className={`form-select${errors.termChoice ? ' is-invalid' : ''}`}
            {...describe('termChoice', termError)}
            {...register('termChoice')}
            disabled={!years.data}
          >
            <option value="">{t('payments.planForm.chooseTerm')}</option>
            {plan && plan.termId === null ? (
              <option value={TEXT_TERM}>{t('payments.planForm.termNotInYear', { term: plan.term })}</option>
            ) : null}
            {yearsInOrder(years.data ?? [])
              .filter((year) => year.terms.length > 0)
              .map((year) => (
                <optgroup
                  key={year.id}
                  label={year.current ? t('payments.planForm.currentYear', { year: year.name }) : year.name}
                >
                  {year.terms.map((term) => (
                    <option key={term.id} value={term.id}>
                      {term.name}
                    </option>
                  ))}
                </optgroup>
              ))}
          </select>
          {errorOf('termChoice', termError)}
        </div>
        {top('dueDate', t('payments.planForm.dueDate'), 'date')}
      </div>
      {/* A disabled fieldset keeps its fields' values in the form (a disabled field's would be dropped). */}
      <fieldset
        className="fees-form__items"
        disabled={locked}
        aria-describedby={locked ? `${id}-locked` : undefined}
      >
        <legend className="h6">{t('payments.planForm.items', { currency: planCurrency })}</legend>
        {items.fields.map((field, index) => {
          const itemErrors = errors.items?.[index];
          return (
            <div key={field.id} className="fees-form__item">
              <div className="school-field">
                <label className="school-field__label" htmlFor={`${id}-item-${index}-name`}>
                  {t('payments.planForm.item', { number: index + 1 })}
                </label>
                <input
                  className={`form-control${itemErrors?.name ? ' is-invalid' : ''}`}
                  {...describe(`item-${index}-name`, itemErrors?.name)}
                  {...register(`items.${index}.name`)}
                />
                {errorOf(`item-${index}-name`, itemErrors?.name)}
              </div>
              <div className="school-field">
                <label className="school-field__label" htmlFor={`${id}-item-${index}-amount`}>
                  {t('payments.planForm.itemAmount', { number: index + 1 })}
                </label>
                <input
                  inputMode="decimal"
                  className={`form-control${itemErrors?.amount ? ' is-invalid' : ''}`}
                  {...describe(`item-${index}-amount`, itemErrors?.amount)}
                  {...register(`items.${index}.amount`)}
                />
                {errorOf(`item-${index}-amount`, itemErrors?.amount)}
              </div>
              {items.fields.length > 1 ? (
                <button
                  type="button"
                  className="btn btn-outline-secondary rounded-pill align-self-end"
                  onClick={() => items.remove(index)}
                >
                  {parts('payments.planForm.removeItem', { number: index + 1, hidden: hiddenPart })}
                </button>
              ) : null}
            </div>
          );
        })}
        {errors.items?.message || errors.items?.root?.message ? (
          <div className="invalid-feedback d-block">{errors.items.message ?? errors.items.root?.message}</div>
        ) : null}
        {items.fields.length < FEE_LIMITS.items ? (
          <button
            type="button"
            className="btn btn-outline-primary rounded-pill"
            onClick={() => items.append({ name: '', amount: '' })}
          >
            {t('payments.planForm.addItem')}
          </button>
        ) : null}
      </fieldset>
      <div className="d-flex flex-wrap gap-2 mt-3">
        <button type="submit" className="btn btn-primary rounded-pill px-4" disabled={busy}>
          {busy ? t('payments.planForm.saving') : t('payments.planForm.save')}
        </button>
        {plan ? (
          <button type="button" className="btn btn-outline-secondary rounded-pill px-4" onClick={onDone}>
            {t('payments.dialog.close')}
          </button>
        ) : null}
      </div>
      {problem ? (
        <p className="fees-problem" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
