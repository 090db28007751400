import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { SCHOOL_YEAR_ERROR_CODES } from '../../../../shared/api/error-codes.js';
import {
  NewSchoolYearInputSchema,
  SchoolTermInputSchema,
  SchoolYearInputSchema,
} from '../../../../shared/api/school-years.js';
import { isApiError } from '../../../lib/api-client.js';
import { fieldErrorsOf, messageText, showFieldErrors, topLevelField } from '../../../lib/form-errors.js';
import { useI18n } from '../../../lib/i18n.js';

/** A year's or a term's fields; `current` only when a year is made. */
export interface RangeValues {
  name: string;
  firstDay: string;
  lastDay: string;
  current?: boolean;
}

export type RangeKind = 'newYear' | 'year' | 'term';

const SCHEMAS = {
  newYear: NewSchoolYearInputSchema,
  year: SchoolYearInputSchema,
  term: SchoolTermInputSchema,
} as const;

const FIELDS = ['name', 'firstDay', 'lastDay'] as const satisfies readonly Path<RangeValues>[];

/**
 * The field a 409 without field details is about: dates that meet another year's or term's, or that
 * leave the year, are the dates' problem, shown at the first day (the server names the other one in
 * its message).
 */
const DATE_CONFLICTS: ReadonlySet<string> = new Set([
  SCHOOL_YEAR_ERROR_CODES.datesOverlap,
  SCHOOL_YEAR_ERROR_CODES.termOutsideYear,
]);

/**
 * A school year's or a term's form: a name and its first and last days, checked by the shared schema
 * in the browser and again by the server, whose refusals (a name taken, days that overlap) are shown
 * at their field; what concerns no field is said under the form.
 */
export function RangeForm({
  kind,
  initial,
  title,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  kind: RangeKind;
  initial?: RangeValues;
  title: string;
  submitLabel: string;
  onSubmit: (values: RangeValues) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const id = useId();
  const translator = useI18n();
  const { t } = translator;
  const [problem, setProblem] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<RangeValues>({
    // One resolver type for the three schemas: each checks the same fields the form holds.
    resolver: zodResolver(SCHEMAS[kind] as typeof NewSchoolYearInputSchema),
    defaultValues: initial ?? { name: '', firstDay: '', lastDay: '', current: false },
  });

  const submit = async (values: RangeValues): Promise<void> => {
    setProblem(undefined);
    try {
      await onSubmit(
        kind === 'newYear'
          ? values
          : { name: values.name, firstDay: values.firstDay, lastDay: values.lastDay },
      );
      if (initial === undefined) reset({ name: '', firstDay: '', lastDay: '', current: false });
    } catch (error) {
      const shown = showFieldErrors(fieldErrorsOf(error), setError, topLevelField<RangeValues>(FIELDS));
      if (shown > 0) return;
      if (isApiError(error) && DATE_CONFLICTS.has(error.code)) {
        setError('firstDay', { type: 'server', message: error.message }, { shouldFocus: true });
        return;
      }
      setProblem(isApiError(error) ? error.message : t('school-years.failed'));
    }
  };

  const field = (name: 'name' | 'firstDay' | 'lastDay', label: string, type: 'text' | 'date') => {
    const error = errors[name];
    return (
      <div className="school-field">
        <label className="school-field__label" htmlFor={`${id}-${name}`}>
          {label}
        </label>
        <input
          id={`${id}-${name}`}
          type={type}
          className={`form-control${error ? ' is-invalid' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${name}-error` : undefined}
          {...register(name)}
        />
        {error?.message ? (
          <div id={`${id}-${name}-error`} className="invalid-feedback d-block">
            {messageText(translator, error.message)}
          </div>
        ) : null}
      </div>
    );
  };

  return (
    <form
      className="school-years-form"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={handleSubmit(submit)}
    >
      <h4 id={`${id}-title`} className="h6">
        {title}
      </h4>
      <div className="school-years-form__grid">
        {field('name', t(kind === 'term' ? 'school-years.term.name' : 'school-years.year.name'), 'text')}
        {field('firstDay', t('school-years.firstDay'), 'date')}
        {field('lastDay', t('school-years.lastDay'), 'date')}
      </div>
      {kind === 'newYear' ? (
        <div className="form-check mt-2">
          <input id={`${id}-current`} type="checkbox" className="form-check-input" {...register('current')} />
          <label className="form-check-label" htmlFor={`${id}-current`}>
            {t('school-years.year.makeCurrent')}
          </label>
        </div>
      ) : null}
      <div className="d-flex flex-wrap gap-2 mt-3">
        <button type="submit" className="btn btn-primary rounded-pill px-4" disabled={isSubmitting}>
          {isSubmitting ? t('school-years.saving') : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="btn btn-outline-secondary rounded-pill px-4" onClick={onCancel}>
            {t('school-years.cancel')}
          </button>
        ) : null}
      </div>
      {problem ? (
        <p className="school-years-form__problem text-danger mt-2 mb-0" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
