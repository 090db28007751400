import type { FieldValues, Path, UseFormRegisterReturn, UseFormSetError } from 'react-hook-form';
import { apiCall, isApiError } from '../../lib/api-client.js';
import { fieldErrorsOf, showFieldErrors, topLevelField } from '../../lib/form-errors.js';
import { notify } from '../../lib/toast.js';

export const TOO_MANY_MESSAGES = 'Too many messages, try again later';

/**
 * Sends a public form (`POST enquiries`, `bookings`, `newsletter`) and answers the status (the
 * newsletter tells 201 from 200). No session token: these forms are anyone's.
 */
export async function sendPublicForm(path: string, body: unknown): Promise<number> {
  return (await apiCall(path, { method: 'POST', body, withSession: false })).status;
}

/** What a visitor reads when a send failed and no field can say why. */
function sendErrorText(error: unknown): string {
  if (!isApiError(error)) return 'Something went wrong.';
  if (error.status === 429) return TOO_MANY_MESSAGES;
  if (error.code === 'NETWORK_ERROR') {
    return 'We could not reach the school. Please check your connection and try again.';
  }
  // An answer without the API's error body (a proxy's page, say) has no message of ours.
  return error.code === `HTTP_${error.status}` ? 'Something went wrong. Please try again.' : error.message;
}

/** Puts a failed send's reasons at the fields; what matches no field is a toast. The form keeps its content. */
export function showSendError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): void {
  const details = isApiError(error) && error.status !== 429 ? fieldErrorsOf(error) : [];
  if (showFieldErrors(details, setError, topLevelField(fields)) === 0) notify.error(sendErrorText(error));
}

/**
 * The honeypot (HONEYPOT_FIELD): a text input people never see and leave empty; robots fill it.
 * Hidden with CSS, out of the tab order and of the accessibility tree.
 */
export function HoneypotField({ registration }: { registration: UseFormRegisterReturn }) {
  return (
    <div className="visually-hidden" aria-hidden="true">
      <label>
        Leave this empty
        <input type="text" tabIndex={-1} autoComplete="off" aria-hidden="true" {...registration} />
      </label>
    </div>
  );
}
