import { describe, expect, it } from 'vitest';
import { admissionsYearOf, freeSeats, seatsOfText, seatsShown } from './free-seats.js';

describe('free seats', () => {
  it('are the capacity less the pupils and the accepted offers, never below nothing', () => {
    expect(freeSeats({ capacity: 10, enrolled: 6, acceptedOffers: 1 })).toBe(3);
    expect(freeSeats({ capacity: 10, enrolled: 9, acceptedOffers: 1 })).toBe(0);
    expect(freeSeats({ capacity: 10, enrolled: 12, acceptedOffers: 1 })).toBe(0);
  });

  it('say nothing without a capacity', () => {
    expect(freeSeats({ capacity: null, enrolled: 3, acceptedOffers: 0 })).toBeNull();
    expect(seatsShown(null)).toEqual({ kind: 'unknown' });
  });

  it('show the seats left, or the waiting list when none are', () => {
    expect(seatsShown(1)).toEqual({ kind: 'left', count: 1 });
    expect(seatsShown(0)).toEqual({ kind: 'waitingList' });
  });
});

describe('the admissions year', () => {
  const year = (id: number, firstDay: string, lastDay: string, current = false) => ({
    id,
    firstDay,
    lastDay,
    current,
  });

  it('is the year after the current one when there is one, the earliest of them', () => {
    const years = [
      year(3, '2028-09-01', '2029-07-01'),
      year(1, '2026-09-01', '2027-07-01', true),
      year(2, '2027-09-01', '2028-07-01'),
      year(0, '2025-09-01', '2026-07-01'),
    ];
    expect(admissionsYearOf(years)?.id).toBe(2);
  });

  it('is the current year when no later one is kept, and none without a current year', () => {
    expect(
      admissionsYearOf([year(0, '2025-09-01', '2026-07-01'), year(1, '2026-09-01', '2027-07-01', true)])?.id,
    ).toBe(1);
    expect(admissionsYearOf([year(1, '2026-09-01', '2027-07-01')])).toBeUndefined();
  });
});

describe('a card’s Total Seats as seats', () => {
  it('reads a number, with or without the word', () => {
    expect(seatsOfText('40')).toBe(40);
    expect(seatsOfText(' 40 Seats ')).toBe(40);
    expect(seatsOfText('1 seat')).toBe(1);
  });

  it('reads nothing else', () => {
    expect(seatsOfText('About twenty')).toBeUndefined();
    expect(seatsOfText('')).toBeUndefined();
    expect(seatsOfText('20-25 Seats')).toBeUndefined();
    expect(seatsOfText('99999')).toBeUndefined();
  });
});
