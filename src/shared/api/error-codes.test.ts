import { describe, expect, it } from 'vitest';
import * as codes from './error-codes.js';
import { ERROR_CODES, isErrorCode } from './error-codes.js';
import { ErrorBodySchema } from './errors.js';

describe('the error codes', () => {
  const lists = Object.entries(codes).filter(([name]) => name.endsWith('_ERROR_CODES'));

  it('list every feature list’s codes once, sorted', () => {
    expect(lists.length).toBeGreaterThan(10);
    const all = lists.flatMap(([, list]) => Object.values(list as Record<string, string>));
    expect(ERROR_CODES).toEqual([...new Set(all)].sort());
  });

  it('are the only codes an error body may carry', () => {
    const body = (code: string) => ({ error: { code, message: 'A sentence.' } });
    expect(ErrorBodySchema.safeParse(body('MEDIA_IN_USE')).success).toBe(true);
    expect(ErrorBodySchema.safeParse(body('MEDIA_INUSE')).success).toBe(false);
    expect(isErrorCode('ABOVE_OUTSTANDING')).toBe(true);
    expect(isErrorCode('HTTP_502')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });
});
