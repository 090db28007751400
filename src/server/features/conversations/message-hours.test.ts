import { describe, expect, it } from 'vitest';
import { DEFAULT_MESSAGE_HOURS } from '../../../shared/api/conversations.js';
import { wallClock } from '../../../shared/school-time.js';
import { instantAt, isWithinHours, nextOpening } from './message-hours.js';

/** The message hours' clock (docs/decisions/0080-conversations.md), weekdays 07:30-18:00 by default. */
const NY = 'America/New_York';
const hours = DEFAULT_MESSAGE_HOURS;
const at = (iso: string) => new Date(iso);

describe('message hours', () => {
  it('read the wall clock of the school’s zone', () => {
    // Tuesday 24 November 2026, 08:50 in New York (UTC-5).
    expect(wallClock(at('2026-11-24T13:50:00Z'), NY)).toEqual({
      day: '2026-11-24',
      weekday: 2,
      time: '08:50',
    });
    expect(instantAt('2026-11-24', '07:30', NY).toISOString()).toBe('2026-11-24T12:30:00.000Z');
    // Summer time: UTC-4.
    expect(instantAt('2026-07-01', '07:30', NY).toISOString()).toBe('2026-07-01T11:30:00.000Z');
  });

  it('are open on weekdays from the opening to the closing minute', () => {
    expect(isWithinHours(hours, at('2026-11-24T12:30:00Z'), NY)).toBe(true);
    expect(isWithinHours(hours, at('2026-11-24T12:29:00Z'), NY)).toBe(false);
    expect(isWithinHours(hours, at('2026-11-24T22:59:00Z'), NY)).toBe(true);
    expect(isWithinHours(hours, at('2026-11-24T23:00:00Z'), NY)).toBe(false);
    // Saturday noon.
    expect(isWithinHours(hours, at('2026-11-21T17:00:00Z'), NY)).toBe(false);
  });

  it('next open the same morning, the next weekday, or on Monday, across a change of summer time', () => {
    // Tuesday 06:00 -> Tuesday 07:30.
    expect(nextOpening(hours, at('2026-11-24T11:00:00Z'), NY).toISOString()).toBe('2026-11-24T12:30:00.000Z');
    // Tuesday 19:00 -> Wednesday 07:30.
    expect(nextOpening(hours, at('2026-11-25T00:00:00Z'), NY).toISOString()).toBe('2026-11-25T12:30:00.000Z');
    // Friday 18:00 -> Monday 07:30.
    expect(nextOpening(hours, at('2026-11-27T23:00:00Z'), NY).toISOString()).toBe('2026-11-30T12:30:00.000Z');
    // Saturday 7 March 2026 at night (EST) -> Monday 9 March 07:30 (EDT, UTC-4).
    expect(nextOpening(hours, at('2026-03-08T03:00:00Z'), NY).toISOString()).toBe('2026-03-09T11:30:00.000Z');
    // While open: now.
    const now = at('2026-11-24T15:00:00Z');
    expect(nextOpening(hours, now, NY)).toBe(now);
  });

  it('follow the school’s own days (Sunday to Thursday in Dubai)', () => {
    const gulf = { days: [0, 1, 2, 3, 4], opens: '08:00', closes: '15:00' };
    // Friday 27 November 2026, 10:00 in Dubai (UTC+4) -> Sunday 29 November 08:00.
    expect(nextOpening(gulf, at('2026-11-27T06:00:00Z'), 'Asia/Dubai').toISOString()).toBe(
      '2026-11-29T04:00:00.000Z',
    );
  });
});
