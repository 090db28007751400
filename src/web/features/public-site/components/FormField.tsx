import type { ReactNode } from 'react';
import type {
  FieldError,
  FieldErrors,
  FieldValues,
  Path,
  UseFormRegister,
  UseFormRegisterReturn,
} from 'react-hook-form';
import { FieldMessage } from '../../../components/forms/FieldMessage.js';

export interface FormFieldProps {
  id: string;
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
  required?: boolean;
  type?: 'text' | 'email' | 'url';
  /** A multi-line field with this many rows. */
  rows?: number;
  autoComplete?: string;
  className?: string;
  /** The browser's own checks (components/forms/public-form.tsx browserChecks), for a page without its script. */
  checks?: { required?: boolean; maxLength?: number };
}

/**
 * The props a form's `FormField` takes from react-hook-form for the field `name`: its id (the form's id
 * and the name), its registration and its error.
 */
export function formFieldsOf<T extends FieldValues>(
  formId: string,
  register: UseFormRegister<T>,
  errors: FieldErrors<T>,
) {
  return (name: Path<T>): Pick<FormFieldProps, 'id' | 'registration' | 'error'> => ({
    id: `${formId}-${name}`,
    registration: register(name),
    error: errors[name] as FieldError | undefined,
  });
}

/**
 * A labelled text field of the public forms with its message under it: the message is linked to the
 * field (aria-describedby) and the field marked invalid, so screen readers say what to fix.
 */
export function FormField({
  id,
  label,
  registration,
  error,
  required = false,
  type = 'text',
  rows,
  autoComplete,
  className = 'mb-3',
  checks = {},
}: FormFieldProps) {
  const errorId = `${id}-error`;
  const common = {
    id,
    className: `form-control${error ? ' is-invalid' : ''}`,
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    autoComplete,
    ...checks,
    ...registration,
  };
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {rows ? (
        <textarea rows={rows} {...common} />
      ) : (
        <input type={type} inputMode={type === 'email' ? 'email' : undefined} {...common} />
      )}
      <FieldMessage id={errorId} message={error?.message} />
    </div>
  );
}
