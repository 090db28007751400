import { FieldErrorSchema } from '../../../shared/api/errors.js';
import { isApiError } from '../api-client.js';

/**
 * The lines of a failed save on a school form: the server's message and, where it names rows, each
 * of them. Marks entry, set-up, import and sending notifications all show them the same way.
 */
export function saveErrorLines(error: unknown): string[] {
  if (!isApiError(error)) return ['The marks could not be saved. Please try again.'];
  const details = FieldErrorSchema.array().safeParse(error.details);
  return [error.message, ...(details.success ? details.data.map((d) => d.message) : [])];
}
