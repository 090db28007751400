import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { COMMON_ERROR_CODES as CODES, type ErrorCode, isErrorCode } from '../../shared/api/error-codes.js';
import type { ErrorBody, FieldError } from '../../shared/api/errors.js';
import type { AnyLocale } from '../../shared/i18n/locales.js';
import type { MessageValues } from '../../shared/i18n/translator.js';
import { HttpError } from '../lib/errors.js';
import { answerLocale, translateServerMessage, translatorFor } from '../lib/i18n.js';

/**
 * One shape for every error answer (docs/contract/api.md#errors): `{ error: { code, message, details? } }`.
 * Client mistakes keep their 4xx status; anything unexpected is logged and answered as a bare 500 that leaks
 * no stack or SQL.
 *
 * Messages are in the request's language (lib/i18n.ts `requestLocale`): a catalog key or a known English
 * sentence is translated; an English sentence no catalog has yet gives way to its code's general message
 * in another language (docs/decisions/0061-server-messages-in-the-request-language.md). In English every
 * answer reads as it always did.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const say = speaker(await answerLocale(request));
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      const details: FieldError[] = error.validation.map((issue) => ({
        field: fieldName(where, issue.instancePath),
        message: say.detail(issue.message ?? 'is invalid'),
      }));
      return reply.code(400).send(body(CODES.validationFailed, say.summary(details), details));
    }
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply
        .code(error.statusCode)
        .send(
          body(
            error.code,
            say.message(error.code, error.message, error.messageValues),
            say.details(error.details),
          ),
        );
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = clientCode(error, status);
      return reply.code(status).send(body(code, say.message(code, clientMessage(error, status))));
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .code(500)
      .send(
        body(
          CODES.internal,
          say.message(CODES.internal, 'Something went wrong on our side. Please try again.'),
        ),
      );
  });
});

/** The error answer's words in one language. */
function speaker(locale: AnyLocale) {
  const english = locale === 'en';
  const { t } = translatorFor(locale);
  const detail = (message: string): string => translateServerMessage(locale, message) ?? message;
  return {
    detail,
    /** A field's reason; a sentence no catalog has stays as it is (it names the field's value). */
    message(code: ErrorCode, message: string, values?: MessageValues): string {
      const translated = translateServerMessage(locale, message, values);
      if (translated !== undefined) return translated;
      return english ? message : t(`errors.code.${code}`);
    },
    /** Details that are field reasons get theirs translated; other details are data. */
    details(details: unknown): unknown {
      if (!Array.isArray(details)) return details;
      return details.map((item: unknown) =>
        isFieldError(item) ? { ...item, message: detail(item.message) } : item,
      );
    },
    summary(details: FieldError[]): string {
      const first = details[0];
      if (!first) return english ? 'The request is not valid.' : t('errors.request.invalid');
      if (english) return summarize(details);
      return t('errors.request.summary', {
        field: first.field,
        reason: first.message,
        more: details.length - 1,
      });
    },
  };
}

const isFieldError = (item: unknown): item is FieldError =>
  typeof item === 'object' &&
  item !== null &&
  typeof (item as FieldError).field === 'string' &&
  typeof (item as FieldError).message === 'string';

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
