import { describe, expect, it } from 'vitest';
import { attendanceLabel, formatPercent, parseId } from './format.js';

describe('format', () => {
  it('shows at most two decimals', () => {
    expect(formatPercent(72.5)).toBe('72.5%');
    expect(formatPercent(66.666)).toBe('66.67%');
    expect(formatPercent(100)).toBe('100%');
  });

  it('labels the attendance codes', () => {
    expect([1, 2, 3].map((code) => attendanceLabel(code as 1 | 2 | 3))).toEqual([
      'Present',
      'Absent',
      'On Leave',
    ]);
  });

  it('accepts only positive whole ids', () => {
    expect(parseId('12')).toBe(12);
    for (const bad of ['0', '-1', '1.5', 'abc', '', undefined, null, '99999999999']) {
      expect(parseId(bad)).toBeUndefined();
    }
  });
});
