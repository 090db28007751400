import type { ReactNode } from 'react';

/** A labelled control of a school form or toolbar: the label above, the control (with `id`) below. */
export function SchoolField({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className ? `school-field ${className}` : 'school-field'}>
      <label className="school-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}

export interface SchoolDateFieldProps {
  id: string;
  label: ReactNode;
  /** An ISO date (`YYYY-MM-DD`), or '' while none is chosen. */
  value: string;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
}

/** A school form's or toolbar's labelled date input. */
export function SchoolDateField({ id, label, value, min, max, onChange }: SchoolDateFieldProps) {
  return (
    <SchoolField id={id} label={label}>
      <input
        id={id}
        type="date"
        className="form-control"
        value={value}
        min={min}
        max={max}
        onChange={(event) => onChange(event.target.value)}
      />
    </SchoolField>
  );
}

export interface SelectOption {
  id: number;
  label: string;
}

export interface SchoolSelectProps {
  id: string;
  label: string;
  /** The empty first choice ("Choose a class"); none when the select always holds a value. */
  placeholder?: string;
  value: string | number | undefined;
  onChange: (value: string) => void;
  options: readonly SelectOption[] | undefined;
  disabled?: boolean;
}

/** A school form's choice of a class, subject or pupil: a labelled select of `options` by id. */
export function SchoolSelect({
  id,
  label,
  placeholder,
  value,
  onChange,
  options,
  disabled,
}: SchoolSelectProps) {
  return (
    <SchoolField id={id} label={label}>
      <select
        id={id}
        className="form-select"
        value={value ?? ''}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        {placeholder === undefined ? null : <option value="">{placeholder}</option>}
        {options?.map((row) => (
          <option key={row.id} value={row.id}>
            {row.label}
          </option>
        ))}
      </select>
    </SchoolField>
  );
}
