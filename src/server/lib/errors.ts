import { COMMON_ERROR_CODES, type ErrorCode } from '../../shared/api/error-codes.js';
import type { FieldError } from '../../shared/api/errors.js';

/**
 * An error the client should see as it is: status, code and a sentence for a person; with
 * `retryAfterSeconds` (a 429 or 503) the answer carries `Retry-After`.
 */
export class HttpError extends Error {
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
