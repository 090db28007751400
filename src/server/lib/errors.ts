import { COMMON_ERROR_CODES, type ErrorCode } from '../../shared/api/error-codes.js';
import type { FieldError } from '../../shared/api/errors.js';
import type { MessageValues } from '../../shared/i18n/translator.js';

/**
 * An error the client should see as it is: status, code and a sentence for a person; with
 * `retryAfterSeconds` (a 429 or 503) the answer carries `Retry-After`.
 */
export class HttpError extends Error {
  /**
   * The values of a message that is a catalog key with arguments (`marks.error.notAllowed` and its
   * `count`): the error handler says it in the request's language with them.
   */
  messageValues?: MessageValues;

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  /** This error with its message key's values (`throw invalid(key, details).withValues({ count })`). */
  withValues(values: MessageValues): this {
    this.messageValues = values;
    return this;
  }
}

export const notFound = (what = 'That record') =>
  new HttpError(404, COMMON_ERROR_CODES.notFound, `${what} was not found.`);
export const forbidden = (message = 'You may not do that.') =>
  new HttpError(403, COMMON_ERROR_CODES.forbidden, message);
export const unauthorized = (message = 'Please log in.') =>
  new HttpError(401, COMMON_ERROR_CODES.unauthorized, message);
export const conflict = (code: ErrorCode, message: string, details?: unknown) =>
  new HttpError(409, code, message, details);
export const invalid = (message: string, details: FieldError[]) =>
  new HttpError(400, COMMON_ERROR_CODES.validationFailed, message, details);
