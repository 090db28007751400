import { z } from 'zod';
import { ERROR_CODES } from './error-codes.js';

export { type ErrorCode, isErrorCode } from './error-codes.js';

/** Every error answer of the API (docs/contract/api.md#errors); `code` is one of ERROR_CODES (error-codes.ts). */
export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** One entry per invalid field of a 400 answer. */
export const FieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldErrorSchema>;
