import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { type ApiErrorCode, isApiError } from '../../../lib/api-client.js';
import { fieldErrorsOf, showFieldErrors } from '../../../lib/form-errors.js';

/**
 * Where a fees form shows the server's refusal, decided by its typed code (shared/api/error-codes.ts),
 * never by its sentence: a 400's details at their fields (`fieldOf`), a code the form ties to a field
 * (`atField`: an amount above what is owed belongs to the amount) at that field, anything else as the
 * form's own problem, in the server's words (or `fallback` when there was no answer). Answers the
 * form-level text, undefined when every reason found its field.
 */
export function showServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  {
    fieldOf,
    atField = {},
    fallback,
  }: {
    fieldOf: (field: string) => Path<T> | undefined;
    atField?: Partial<Record<ApiErrorCode, Path<T>>>;
    fallback: string;
  },
): string | undefined {
  if (!isApiError(error)) return fallback;
  const field = atField[error.code];
  if (field !== undefined) {
    setError(field, { type: 'server', message: error.message }, { shouldFocus: true });
    return undefined;
  }
  const details = fieldErrorsOf(error);
  const shown = showFieldErrors(details, setError, fieldOf);
  return shown > 0 && shown === details.length ? undefined : error.message;
}
