import { isApiError } from '../api-client.js';
import { fieldErrorsOf } from '../form-errors.js';
import { inPageLanguage } from '../i18n.js';

/**
 * The lines of a failed save on a school form: the server's message and, where it names rows, each
 * of them. Marks entry, set-up, import and sending notifications all show them the same way.
 */
export function saveErrorLines(error: unknown): string[] {
  if (!isApiError(error))
    return [inPageLanguage('forms.saveFailed', 'The marks could not be saved. Please try again.')];
  return [error.message, ...fieldErrorsOf(error).map((detail) => detail.message)];
}
