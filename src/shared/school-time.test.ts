import { describe, expect, it } from 'vitest';
import {
  examTimeInWords,
  formatDayTime,
  formatTime,
  formatWhen,
  longDate,
  todayInZone,
} from './school-time.js';

describe('times in the school’s zone', () => {
  const instant = '2026-11-24T20:41:00.000Z';

  it('are the school’s time of day, wherever the device is', () => {
    expect(formatTime(instant, 'America/New_York')).toBe('15:41');
    expect(formatTime(instant, 'Asia/Tokyo')).toBe('05:41');
    expect(formatTime('2026-11-24T00:05:00.000Z', 'UTC')).toBe('00:05');
  });

  it('give the school’s day with the time, so an evening change is not dated tomorrow', () => {
    expect(formatWhen(instant, 'America/New_York')).toBe('24 Nov 2026, 15:41');
    expect(formatWhen(instant, 'Asia/Tokyo')).toBe('25 Nov 2026, 05:41');
    expect(formatDayTime(instant, 'America/New_York')).toBe('Tue, 24 Nov 2026, 15:41');
    expect(formatDayTime(instant, 'Asia/Tokyo')).toBe('Wed, 25 Nov 2026, 05:41');
  });

  it('know today’s day in the school’s zone', () => {
    const now = new Date(instant);
    expect(todayInZone('America/New_York', now)).toBe('2026-11-24');
    expect(todayInZone('Asia/Tokyo', now)).toBe('2026-11-25');
  });

  it('show what is not a date as it came; an unknown zone falls back to the device’s', () => {
    expect(formatWhen('soon', 'America/New_York')).toBe('soon');
    expect(formatTime('soon', 'America/New_York')).toBe('soon');
    expect(formatDayTime('soon', 'America/New_York')).toBe('soon');
    expect(formatTime(instant, 'Not/AZone')).toMatch(/^\d{2}:\d{2}$/);
  });
});

describe('days and exam times in words', () => {
  it('write a calendar day out, the same on every device', () => {
    expect(longDate('2026-11-20')).toBe('Friday, 20 November 2026');
    expect(longDate('2026-02-30')).toBe('2026-02-30');
    expect(longDate('soon')).toBe('soon');
  });

  it('give an exam’s day in words and keep its hours', () => {
    expect(examTimeInWords('2026-12-04 09:00 - 11:00')).toBe('Friday, 4 December 2026, 09:00 - 11:00');
    expect(examTimeInWords('2025-03-03 09:00')).toBe('Monday, 3 March 2025, 09:00');
    expect(examTimeInWords('2025-03-03')).toBe('Monday, 3 March 2025');
    expect(examTimeInWords('after lunch')).toBe('after lunch');
    expect(examTimeInWords('2025-13-45 09:00')).toBe('2025-13-45 09:00');
  });
});
