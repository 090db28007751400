import type { HTMLInputTypeAttribute, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { MessageText } from './FieldMessage.js';

/**
 * The labelled fields of the account forms (registration, login, profile, password reset), in the
 * look of styles/accounts.css: each message tied to its control, required fields starred.
 */

/** What a field needs to know of its error (react-hook-form's FieldError fits). */
export interface FieldProblem {
  message?: string;
}

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  error: FieldProblem | undefined;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: (aria: ControlAria) => ReactNode;
}

export interface ControlAria {
  id: string;
  className: string;
  'aria-invalid': true | undefined;
  'aria-required': true | undefined;
  'aria-describedby': string | undefined;
}

/** Ids of the hint and the error under a control, joined for aria-describedby. */
function describedBy(id: string, hint: ReactNode, error: FieldProblem | undefined): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** Label, control, hint and message of one field: the message is tied to the control. */
function FieldFrame({ id, label, error, hint, required, className = 'col-12', children }: FieldFrameProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label">
        {label}
        {required ? (
          <span className="account-form__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children({
        id,
        className: error ? 'is-invalid' : '',
        'aria-invalid': error ? true : undefined,
        'aria-required': required ? true : undefined,
        'aria-describedby': describedBy(id, hint, error),
      })}
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          <MessageText message={error.message} />
        </div>
      ) : null}
      {hint ? (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      ) : null}
    </div>
  );
}

export interface TextFieldProps {
  id: string;
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error: FieldProblem | undefined;
  hint?: ReactNode;
  required?: boolean;
  type?: HTMLInputTypeAttribute;
  /** A multi-line field with this many rows. */
  rows?: number;
  autoComplete?: string;
  inputMode?: 'email' | 'tel' | 'url' | 'text';
  max?: string;
  className?: string;
}

export function TextField({
  registration,
  type = 'text',
  rows,
  autoComplete,
  inputMode,
  max,
  ...frame
}: TextFieldProps) {
  return (
    <FieldFrame {...frame}>
      {({ className, ...aria }) =>
        rows ? (
          <textarea
            rows={rows}
            className={`form-control ${className}`}
            autoComplete={autoComplete}
            {...aria}
            {...registration}
          />
        ) : (
          <input
            type={type}
            className={`form-control ${className}`}
            autoComplete={autoComplete}
            inputMode={inputMode}
            max={max}
            {...aria}
            {...registration}
          />
        )
      }
    </FieldFrame>
  );
}

export interface SelectFieldProps {
  id: string;
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error: FieldProblem | undefined;
  options: readonly string[];
  /** What an option shows, in the page's language; the option itself (its wire value) when absent. */
  optionLabel?: (option: string) => string;
  placeholder: string;
  required?: boolean;
  className?: string;
}

export function SelectField({ registration, options, optionLabel, placeholder, ...frame }: SelectFieldProps) {
  return (
    <FieldFrame {...frame}>
      {({ className, ...aria }) => (
        <select className={`form-select ${className}`} {...aria} {...registration}>
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {optionLabel ? optionLabel(option) : option}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

export interface RadioGroupProps {
  id: string;
  legend: ReactNode;
  registration: UseFormRegisterReturn;
  error: FieldProblem | undefined;
  options: readonly string[];
  /** What an option shows, in the page's language; the option itself (its wire value) when absent. */
  optionLabel?: (option: string) => string;
  required?: boolean;
  className?: string;
}

/** A set of radio buttons in a fieldset; the message is tied to the group. */
export function RadioGroup({
  id,
  legend,
  registration,
  error,
  options,
  optionLabel,
  required,
  className = 'col-12',
}: RadioGroupProps) {
  const errorId = `${id}-error`;
  return (
    <fieldset className={className} aria-describedby={error ? errorId : undefined}>
      <legend className="form-label account-form__legend">
        {legend}
        {required ? (
          <span className="account-form__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </legend>
      <div className={`account-form__choices${error ? ' is-invalid' : ''}`}>
        {options.map((option) => (
          <div key={option} className="form-check form-check-inline account-form__choice">
            <input
              id={`${id}-${option}`}
              type="radio"
              value={option}
              className={`form-check-input${error ? ' is-invalid' : ''}`}
              aria-invalid={error ? true : undefined}
              {...registration}
            />
            <label htmlFor={`${id}-${option}`} className="form-check-label">
              {optionLabel ? optionLabel(option) : option}
            </label>
          </div>
        ))}
      </div>
      {error ? (
        <div id={errorId} className="invalid-feedback d-block">
          <MessageText message={error.message} />
        </div>
      ) : null}
    </fieldset>
  );
}

/** A message for the form as a whole (a refused log-in, a lost connection). */
export function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <div className="alert alert-danger account-form__alert" role="alert">
      <MessageText message={message} />
    </div>
  );
}
