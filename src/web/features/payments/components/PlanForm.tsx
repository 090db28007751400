import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FEE_LIMITS, FEE_MESSAGES, FeePlanInputSchema } from '../../../../shared/api/fees.js';
import { formatMoney, minorDigits, parseMoney } from '../../../../shared/rules/money.js';
import { isApiError } from '../../../lib/api-client.js';
import { useClasses } from '../../../lib/school/get-classes.js';
import { notify } from '../../../lib/toast.js';
import { useCreatePlan } from '../api/fees.js';

/**
 * The plan form's values: as FeePlanInputSchema, but each item's amount is the decimal text typed
 * ("1,250.50"), read into minor units of the school's currency by parseMoney, never through a float.
 */
const planFormSchema = (currency: string) => {
  const example = formatMoney(125_000, currency);
  const amountText = z.string().transform((text, context) => {
    const amount = parseMoney(text, currency);
    if (amount === undefined) {
      context.addIssue({
        code: 'custom',
        message: `Please enter an amount like ${example}, with at most ${minorDigits(currency)} decimals`,
      });
      return z.NEVER;
    }
    return amount;
  });
  return FeePlanInputSchema.extend({
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
  term: '',
  dueDate: '',
  items: [{ name: '', amount: '' }],
};

type TopField = 'name' | 'classId' | 'term' | 'dueDate';

/** The principal's new fee plan: a class, a term, a due date and named items with amounts. */
export function PlanForm({ currency }: { currency: string }) {
  const id = useId();
  const classes = useClasses();
  const create = useCreatePlan();
  const [problem, setProblem] = useState<string | undefined>();
  const schema = useMemo(() => planFormSchema(currency), [currency]);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<PlanFormInput, unknown, PlanFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
  });
  const items = useFieldArray({ control, name: 'items' });

  const onSubmit = async (values: PlanFormOutput): Promise<void> => {
    setProblem(undefined);
    try {
      const plan = await create.mutateAsync(values);
      notify.success(`The plan “${plan.name}” is saved. Issue its invoices when you are ready.`);
      reset(EMPTY);
    } catch (error) {
      setProblem(isApiError(error) ? error.message : 'The plan could not be saved.');
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
        {error.message}
      </div>
    ) : null;
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
      <h3 id={`${id}-title`} className="h5">
        New fee plan
      </h3>
      <div className="fees-form__grid">
        {top('name', 'Plan name')}
        <div className="school-field">
          <label className="school-field__label" htmlFor={`${id}-classId`}>
            Class
          </label>
          <select
            className={`form-select${errors.classId ? ' is-invalid' : ''}`}
            disabled={!classes.data}
            {...describe('classId', errors.classId)}
            {...register('classId')}
          >
            <option value="">{FEE_MESSAGES.chooseClass}</option>
            {classes.data?.map((row) => (
              <option key={row.id} value={row.id}>
                {row.name}
              </option>
            ))}
          </select>
          {errorOf('classId', errors.classId)}
        </div>
        {top('term', 'Term')}
        {top('dueDate', 'Due date', 'date')}
      </div>
      <fieldset className="fees-form__items">
        <legend className="h6">Items ({currency})</legend>
        {items.fields.map((field, index) => {
          const itemErrors = errors.items?.[index];
          return (
            <div key={field.id} className="fees-form__item">
              <div className="school-field">
                <label className="school-field__label" htmlFor={`${id}-item-${index}-name`}>
                  Item {index + 1}
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
                  Amount of item {index + 1}
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
                  Remove <span className="visually-hidden">item {index + 1}</span>
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
            Add an item
          </button>
        ) : null}
      </fieldset>
      <button type="submit" className="btn btn-primary rounded-pill px-4 mt-3" disabled={create.isPending}>
        {create.isPending ? 'Saving…' : 'Save plan'}
      </button>
      {problem ? (
        <p className="fees-problem" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
