import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { USER_ERROR_CODES } from '../../../../shared/api/error-codes.js';
import type { FieldError } from '../../../../shared/api/errors.js';
import { ourFieldName } from '../../../../shared/api/user-fields.js';
import { USER_MESSAGES } from '../../../../shared/api/user-form-fields.js';
import { isApiError } from '../../../lib/api-client.js';
import { fieldErrorsOf, showFieldErrors, topLevelField } from '../../../lib/form-errors.js';

/** The field errors of an account call; a 409 without details still belongs to the email field. */
export function accountFieldErrorsOf(error: unknown): FieldError[] {
  const details = fieldErrorsOf(error);
  if (details.length === 0 && isApiError(error) && error.code === USER_ERROR_CODES.emailTaken) {
    return [{ field: 'email', message: error.message || USER_MESSAGES.emailTaken }];
  }
  return details;
}

/**
 * Shows the server's reasons at the fields of `fields` (the first one focused). Answers what is
 * left for the form as a whole: the error's message when no detail matched a field (`fallback`, in
 * the page's language, when the failure has none of the API's), else undefined.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fallback: string,
): string | undefined {
  const fieldOf = topLevelField(fields);
  // The server names the misspelt fields by their wire names.
  if (showFieldErrors(accountFieldErrorsOf(error), setError, (field) => fieldOf(ourFieldName(field))) > 0) {
    return undefined;
  }
  return isApiError(error) ? error.message : fallback;
}
