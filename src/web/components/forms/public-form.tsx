import type { FieldValues, Path, UseFormRegisterReturn, UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { ErrorBodySchema, FieldErrorSchema } from '../../../shared/api/errors.js';
import { apiUrl } from '../../lib/api-client.js';
import { notify } from '../../lib/toast.js';

export const TOO_MANY_MESSAGES = 'Too many messages, try again later';

/** A failed public form send: the status and the server's `[{ field, message }]`. */
export class FormSendError extends Error {
  override readonly name = 'FormSendError';
  constructor(
    readonly status: number,
    message: string,
    readonly details: { field: string; message: string }[] = [],
  ) {
    super(message);
  }
}

/**
 * Sends a public form (`POST enquiries`, `bookings`, `newsletter`) and answers the status (the
 * newsletter tells 201 from 200). No session token: these forms are anyone's.
 */
export async function sendPublicForm(path: string, body: unknown): Promise<number> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new FormSendError(0, 'We could not reach the school. Please check your connection and try again.');
  }
  if (response.ok) return response.status;
  if (response.status === 429) throw new FormSendError(429, TOO_MANY_MESSAGES);
  const parsed = ErrorBodySchema.safeParse(await response.json().catch(() => undefined));
  const details = z.array(FieldErrorSchema).safeParse(parsed.success ? parsed.data.error.details : undefined);
  throw new FormSendError(
    response.status,
    parsed.success ? parsed.data.error.message : 'Something went wrong. Please try again.',
    details.success ? details.data : [],
  );
}

/** Puts a failed send's reasons at the fields; what matches no field is a toast. The form keeps its content. */
export function showSendError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): void {
  const failure = error instanceof FormSendError ? error : new FormSendError(0, 'Something went wrong.');
  let shown = 0;
  for (const detail of failure.details) {
    const field = detail.field.split('.')[0] ?? '';
    if (!(fields as readonly string[]).includes(field)) continue;
    setError(field as Path<T>, { type: 'server', message: detail.message }, { shouldFocus: shown === 0 });
    shown += 1;
  }
  if (shown === 0) notify.error(failure.message);
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
