import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { COMMON_ERROR_CODES as CODES, type ErrorCode, isErrorCode } from '../../shared/api/error-codes.js';
import type { ErrorBody, FieldError } from '../../shared/api/errors.js';
import { HttpError } from '../lib/errors.js';

/**
 * One shape for every error answer (docs/contract/api.md#errors): `{ error: { code, message, details? } }`.
 * Client mistakes keep their 4xx status; anything unexpected is logged and answered as a bare 500 that leaks
 * no stack or SQL.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      const details: FieldError[] = error.validation.map((issue) => ({
        field: fieldName(where, issue.instancePath),
        message: issue.message ?? 'is invalid',
      }));
      return reply.code(400).send(body(CODES.validationFailed, summarize(details), details));
    }
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply.code(error.statusCode).send(body(error.code, error.message, error.details));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(body(clientCode(error, status), clientMessage(error, status)));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(body(CODES.internal, 'Something went wrong on our side. Please try again.'));
  });
});

function body(code: ErrorCode, message: string, details?: unknown): ErrorBody {
  return details === undefined ? { error: { code, message } } : { error: { code, message, details } };
}

function fieldName(where: string, instancePath: string): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path === '' ? where : path;
}

function summarize(details: FieldError[]): string {
  const first = details[0];
  if (!first) return 'The request is not valid.';
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : '';
  return `${first.field}: ${first.message}${more}`;
}

/** A code of the contract for a client mistake that is not ours (Fastify's, a plugin's): never a stray one. */
function clientCode(error: FastifyError, status: number): ErrorCode {
  if (status === 413) return CODES.tooLarge;
  if (status === 415) return CODES.unsupportedMediaType;
  if (status === 429) return CODES.tooManyRequests;
  if (status === 404) return CODES.notFound;
  return isErrorCode(error.code) ? error.code : CODES.badRequest;
}

function clientMessage(error: FastifyError, status: number): string {
  if (status === 413) return 'The request is too large.';
  if (status === 415) return 'That content type is not accepted here.';
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return 'The request body is not valid JSON.';
  }
  return error.message;
}
