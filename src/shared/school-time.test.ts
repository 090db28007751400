import { describe, expect, it } from 'vitest';
import {
  addDaysIso,
  dateInZone,
  dayOfInstant,
  examTimeInWords,
  formatDate,
  formatDayTime,
  formatTime,
  formatWhen,
  isIsoDate,
  longDate,
  shortDate,
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
    expect(formatDate(instant, 'America/New_York')).toBe('24 Nov 2026');
    expect(formatDate(instant, 'Asia/Tokyo')).toBe('25 Nov 2026');
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

describe('the one date rule', () => {
  const lateEvening = new Date('2026-11-21T03:00:00Z');

  it('gives an instant’s calendar day in the school’s zone', () => {
    // 03:00 UTC on the 21st is still the 20th in New York, already the 21st in Tokyo.
    expect(dateInZone(lateEvening, 'America/New_York')).toBe('2026-11-20');
    expect(dateInZone(new Date('2026-11-20T16:00:00Z'), 'Asia/Tokyo')).toBe('2026-11-21');
    expect(dateInZone(lateEvening, 'UTC')).toBe('2026-11-21');
    expect(dateInZone(new Date('nonsense'), 'UTC')).toBe('');
  });

  it('moves calendar days across months, years and clock changes', () => {
    expect(addDaysIso('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDaysIso('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDaysIso('2025-01-30', -29)).toBe('2025-01-01');
    // New York and London change their clocks on these days; a calendar day does not.
    expect(addDaysIso('2026-03-08', 1)).toBe('2026-03-09');
    expect(addDaysIso('2026-10-25', -1)).toBe('2026-10-24');
  });

  it('knows a calendar day when it sees one', () => {
    expect(isIsoDate('2025-01-01')).toBe(true);
    expect(isIsoDate('2025-01-01T10:00:00Z')).toBe(false);
    expect(isIsoDate('')).toBe(false);
    expect(isIsoDate(null)).toBe(false);
  });

  it('writes days short for tables and long without the weekday for a birthday', () => {
    expect(shortDate('2025-11-03')).toBe('Mon, 3 Nov 2025');
    expect(shortDate('2026-09-14')).toBe('Mon, 14 Sep 2026');
    expect(shortDate('soon')).toBe('soon');
    expect(longDate('2016-03-09', { weekday: false })).toBe('9 March 2016');
  });

  it('writes an instant as the school’s day in words, a calendar day as it is', () => {
    // 01:30 UTC on the 21st: the 20th in New York, the 21st in Tokyo.
    expect(dayOfInstant('2026-11-21T01:30:00.000Z', 'America/New_York', { weekday: false })).toBe(
      '20 November 2026',
    );
    expect(dayOfInstant('2026-11-21T01:30:00.000Z', 'Asia/Tokyo')).toBe('Saturday, 21 November 2026');
    expect(dayOfInstant('2016-03-09', 'Asia/Tokyo', { weekday: false })).toBe('9 March 2016');
    expect(dayOfInstant('', 'UTC')).toBe('');
  });
});

describe('the one clock in the reader’s language', () => {
  const arrival = '2026-11-23T19:05:00.000Z'; // 08:05 on 24 November in Auckland

  it('writes English as it always did, whether the language is named or not', () => {
    expect(formatWhen(arrival, 'Pacific/Auckland', 'en')).toBe(formatWhen(arrival, 'Pacific/Auckland'));
    expect(formatDayTime(arrival, 'Pacific/Auckland', 'en-XA')).toBe('Tue, 24 Nov 2026, 08:05');
    expect(shortDate('2025-11-03', 'en')).toBe('Mon, 3 Nov 2025');
    expect(longDate('2026-11-20', { locale: 'en' })).toBe('Friday, 20 November 2026');
  });

  it('writes French days and times with its own words, in the school’s zone', () => {
    expect(formatWhen(arrival, 'Pacific/Auckland', 'fr')).toBe('24 nov. 2026, 08:05');
    expect(formatTime(arrival, 'Pacific/Auckland', 'fr')).toBe('08:05');
    expect(formatDate(arrival, 'Pacific/Auckland', 'fr')).toBe('24 nov. 2026');
    expect(shortDate('2025-11-03', 'fr')).toBe('lun. 3 nov. 2025');
    expect(longDate('2026-11-20', { locale: 'fr' })).toBe('vendredi 20 novembre 2026');
    expect(longDate('2016-03-09', { weekday: false, locale: 'fr' })).toBe('9 mars 2016');
    expect(dayOfInstant('2026-11-21T01:30:00.000Z', 'Asia/Tokyo', { weekday: false, locale: 'fr' })).toBe(
      '21 novembre 2026',
    );
    expect(examTimeInWords('2026-12-04 09:00 - 11:00', 'fr')).toBe('vendredi 4 décembre 2026, 09:00 - 11:00');
  });

  it('writes Arabic in Latin digits, and leaves what is not a day as it came in every language', () => {
    expect(longDate('2026-11-20', { locale: 'ar' })).toBe('الجمعة، 20 نوفمبر 2026');
    expect(formatTime(arrival, 'Pacific/Auckland', 'ar')).toMatch(/08:05/);
    for (const locale of ['fr', 'ar'] as const) {
      expect(shortDate('2026-02-30', locale)).toBe('2026-02-30');
      expect(longDate('soon', { locale })).toBe('soon');
      expect(formatWhen('not a date', 'UTC', locale)).toBe('not a date');
      expect(examTimeInWords('next week', locale)).toBe('next week');
    }
  });
});
