import type { ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { messageText } from '../../../lib/form-errors.js';
import { useI18n } from '../../../lib/i18n.js';

/** Empty text boxes as left out: the shared schemas take an absent optional field, not ''. */
export function withoutEmpty(values: unknown): unknown {
  if (typeof values !== 'object' || values === null) return values;
  return Object.fromEntries(
    Object.entries(values).flatMap(([key, value]) => {
      if (typeof value === 'string' && value.trim() === '') return [];
      return [[key, value]];
    }),
  );
}

/**
 * A labelled control of the admissions forms with its message under it; the control is given the
 * id, `aria-invalid` and `aria-describedby` here.
 */
export function Field({
  id,
  label,
  error,
  registration,
  as = 'input',
  type = 'text',
  children,
  className,
  autoComplete,
}: {
  id: string;
  label: string;
  error: FieldError | undefined;
  registration: UseFormRegisterReturn;
  as?: 'input' | 'select' | 'textarea';
  type?: string;
  /** A select's options. */
  children?: ReactNode;
  className?: string;
  autoComplete?: string;
}) {
  const translator = useI18n();
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    autoComplete,
    ...registration,
  };
  const invalid = error ? ' is-invalid' : '';
  return (
    <div className={className ? `school-field ${className}` : 'school-field'}>
      <label className="school-field__label" htmlFor={id}>
        {label}
      </label>
      {as === 'select' ? (
        <select className={`form-select${invalid}`} {...common}>
          {children}
        </select>
      ) : as === 'textarea' ? (
        <textarea className={`form-control${invalid}`} rows={3} {...common} />
      ) : (
        <input type={type} className={`form-control${invalid}`} {...common} />
      )}
      {error?.message ? (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {messageText(translator, error.message)}
        </div>
      ) : null}
    </div>
  );
}
