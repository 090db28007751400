import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FieldErrorSchema } from '../../shared/api/errors.js';
import { ApiError } from './api-client.js';
import { fieldErrorsOf, isFieldError } from './form-errors.js';

const FieldErrorsSchema = z.array(FieldErrorSchema);

/** Details a failed call may carry: what the server sends, and what it never should. */
const DETAILS: unknown[] = [
  [{ field: 'email', message: 'Please enter a valid email' }],
  [
    { field: 'name', message: 'Please enter your name' },
    { field: 'images.0', message: 'Not a picture', extra: 'dropped' },
  ],
  [],
  [{ field: 'email' }],
  [{ field: 3, message: 'x' }],
  [{ field: 'a', message: 'b' }, null],
  [{ field: 'a', message: 'b' }, 'text'],
  { field: 'a', message: 'b' },
  'Please enter your name',
  null,
  undefined,
];

describe('fieldErrorsOf', () => {
  it.each(DETAILS.map((details) => [JSON.stringify(details) ?? 'undefined', details]))(
    'reads %s as the shared FieldErrorSchema does',
    (_label, details) => {
      const parsed = FieldErrorsSchema.safeParse(details);
      expect(fieldErrorsOf(new ApiError(400, 'VALIDATION_FAILED', 'Invalid', details))).toEqual(
        parsed.success ? parsed.data : [],
      );
    },
  );

  it('reads nothing from an error that is not the api client’s', () => {
    expect(fieldErrorsOf(new Error('network'))).toEqual([]);
    expect(fieldErrorsOf({ details: [{ field: 'a', message: 'b' }] })).toEqual([]);
  });

  it('tells a single detail apart as the schema does', () => {
    for (const detail of [{ field: 'a', message: 'b' }, { field: 'a' }, { message: 'b' }, [], 'a', 0]) {
      expect(isFieldError(detail)).toBe(FieldErrorSchema.safeParse(detail).success);
    }
  });
});
