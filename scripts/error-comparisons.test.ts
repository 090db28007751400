import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../src/shared/api/error-codes.js';
import { findMessageComparisons, findWebMessageComparisons } from './error-comparisons.js';

/**
 * The web app tells errors apart by their code, never by their message (src/shared/api/error-codes.ts;
 * docs/contract/api.md#errors).
 */

const root = path.resolve(import.meta.dirname, '..');

describe('the web app', () => {
  const found = findWebMessageComparisons(root);

  it('compares error codes, never error messages', () => {
    const broken = found.map(({ file, line, text }) => `${file}:${line}  ${text}`);
    expect(broken, 'compare `error.code` with a code of src/shared/api/error-codes.ts instead').toEqual([]);
  });

  it('has the code the payment form needs for an overpayment in the contract', () => {
    expect(ERROR_CODES).toContain('ABOVE_OUTSTANDING');
  });
});

describe('the finder', () => {
  const lines = (source: string) => findMessageComparisons(source, 'x.tsx').map((found) => found.text);

  it('finds an equality, a switch, string methods and patterns on an error message', () => {
    expect(lines('const a = error.message === MESSAGES.notOnList;')).toEqual([
      'error.message === MESSAGES.notOnList',
    ]);
    expect(lines("if ('Wrong' !== err.message) {}")).toEqual(["'Wrong' !== err.message"]);
    expect(lines("switch (error.message) { case 'x': break; }")).toEqual(['switch (error.message)']);
    expect(lines('const a = error.message.endsWith(TAIL);')).toEqual(['error.message.endsWith(TAIL)']);
    expect(lines("const a = mutation.error?.message.includes('taken');")).toEqual([
      "mutation.error?.message.includes('taken')",
    ]);
    expect(lines("const a = loginError.message.trim().toLowerCase().startsWith('too');")).toEqual([
      "loginError.message.trim().toLowerCase().startsWith('too')",
    ]);
    expect(lines('const a = /outstanding/i.test(e.message);')).toEqual(['/outstanding/i.test(e.message)']);
    expect(lines('const a = error.message.match(/taken/);')).toEqual(['error.message.match(/taken/)']);
    expect(lines('const a = KNOWN.has(error.message);')).toEqual(['KNOWN.has(error.message)']);
    expect(lines("const a = (error as ApiError)['message'] == 'x';")).toEqual([
      "(error as ApiError)['message'] == 'x'",
    ]);
  });

  it('lets the message be shown, type-checked and compared by code', () => {
    expect(lines('setProblem(error.message);')).toEqual([]);
    expect(lines("const ok = typeof error.message === 'string';")).toEqual([]);
    expect(lines('const a = error.code === CODES.inUse;')).toEqual([]);
    expect(lines('const a = <p>{isApiError(error) ? error.message : TEXT}</p>;')).toEqual([]);
    expect(lines("const a = item.message === 'hello';")).toEqual([]);
  });

  it('gives the line of each comparison', () => {
    const found = findMessageComparisons('const a = 1;\n\nconst b = error.message === X;\n', 'a.ts');
    expect(found).toEqual([{ file: 'a.ts', line: 3, text: 'error.message === X' }]);
  });
});
