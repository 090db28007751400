import { z } from 'zod';

/**
 * Record ids as the calls take them. One definition for every path, query and form, so that each
 * route reads an id the same way: only a positive whole number written in decimal digits, with no
 * sign, leading zero, exponent or hex (`z.coerce.number` read `0x12`, `1.8e1`, `+18` and `018` all
 * as 18, so one record answered to many spellings).
 */

/** The largest id the database's integer columns hold; a larger one would fail in PostgreSQL. */
export const MAX_ID = 2_147_483_647;
export const ID_MESSAGE = 'The id must be a positive whole number';
const TOO_LARGE = 'The id is too large';

const DECIMAL_ID = /^[1-9][0-9]*$/;

/** An id in a path or a query string: decimal digits, answered as a number. */
export const pathIdSchema = /* @__NO_SIDE_EFFECTS__ */ (message: string = ID_MESSAGE) =>
  z
    .string({ error: message })
    .regex(DECIMAL_ID, message)
    .transform(Number)
    .pipe(z.number().max(MAX_ID, message === ID_MESSAGE ? TOO_LARGE : message));

/**
 * An id chosen in a form (a select sends it as text, a JSON body as a number): a positive whole
 * number, or its decimal digits; `message` when missing or anything else.
 */
export const chosenIdSchema = /* @__NO_SIDE_EFFECTS__ */ (message: string) =>
  z
    .union([z.number({ error: message }), z.string({ error: message }).regex(DECIMAL_ID, message)], {
      error: message,
    })
    .transform(Number)
    .pipe(z.number().int(message).positive(message).max(MAX_ID, message));

/** `/{id}` of a record. */
export const IdParamsSchema = z.object({ id: pathIdSchema() });

/** A count in a query string (a page's `limit`, `offset`): decimal digits only. */
export const queryCountSchema = /* @__NO_SIDE_EFFECTS__ */ (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .regex(/^(0|[1-9][0-9]*)$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));

const PAGE_MESSAGE = 'The page must be a whole number from 1';

/** `?page=` of a paged list (the Outbox, the money audit): 1 when absent. */
export const pageNumberSchema = /* @__NO_SIDE_EFFECTS__ */ () =>
  z.coerce
    .number({ error: PAGE_MESSAGE })
    .int(PAGE_MESSAGE)
    .min(1, PAGE_MESSAGE)
    .max(100_000, PAGE_MESSAGE)
    .default(1);
