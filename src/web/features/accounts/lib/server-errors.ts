import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { FieldErrorSchema } from '../../../../shared/api/errors.js';
import { USER_MESSAGES } from '../../../../shared/api/users.js';
import { isApiError } from '../../../lib/api-client.js';

const FieldErrorsSchema = z.array(FieldErrorSchema);

/** The `[{ field, message }]` of a 400/409/413 answer; empty for anything else. */
export function fieldErrorsOf(error: unknown): { field: string; message: string }[] {
  if (!isApiError(error)) return [];
  const parsed = FieldErrorsSchema.safeParse(error.details);
  const details = parsed.success ? parsed.data : [];
  // A 409 without details still belongs to the email field.
  if (details.length === 0 && error.code === 'EMAIL_TAKEN') {
    return [{ field: 'email', message: error.message || USER_MESSAGES.emailTaken }];
  }
  return details;
}

/**
 * Shows the server's reasons where they belong: each detail at its form field (`images.0` counts
 * as `images`), the first one focused. Answers what is left for the form as a whole: the error's
 * message when no detail matched a field of `fields`, else undefined.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string | undefined {
  const known = new Set<string>(fields);
  let shown = 0;
  const seen = new Set<string>();
  for (const detail of fieldErrorsOf(error)) {
    const field = detail.field.split('.')[0] ?? '';
    if (!known.has(field) || seen.has(field)) continue;
    seen.add(field);
    setError(field as Path<T>, { type: 'server', message: detail.message }, { shouldFocus: shown === 0 });
    shown += 1;
  }
  if (shown > 0) return undefined;
  return isApiError(error) ? error.message : 'Something went wrong. Please try again.';
}
