import { describe, expect, it } from 'vitest';
import { addDaysIso, formatDay, isIsoDate, toIsoDate } from './dates.js';
import { attendanceLabel, formatPercent, parseId } from './format.js';

describe('dates', () => {
  it('writes the local calendar day', () => {
    expect(toIsoDate(new Date(2025, 0, 5, 23, 30))).toBe('2025-01-05');
  });

  it('moves across months and years', () => {
    expect(addDaysIso('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDaysIso('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDaysIso('2025-01-30', -29)).toBe('2025-01-01');
  });

  it('knows a date when it sees one', () => {
    expect(isIsoDate('2025-01-01')).toBe(true);
    expect(isIsoDate('')).toBe(false);
    expect(isIsoDate(null)).toBe(false);
  });

  it('formats a day for people', () => {
    expect(formatDay('2025-11-03')).toBe('Mon, 3 Nov 2025');
    expect(formatDay('soon')).toBe('soon');
  });
});

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
