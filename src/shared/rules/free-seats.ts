/**
 * A class's free seats in a school year (docs/decisions/0101-seats-that-mean-something.md): its
 * capacity less the pupils in it that year and the accepted offers not yet enrolled, never below
 * nothing. The counts come from one repository query (features/admissions); the public class
 * cards, Book A Seat and the principal's board all show this number.
 */

export interface SeatCounts {
  /** The seats the principal set for the class and year; null: none set. */
  capacity: number | null;
  /** Pupils in the class that year (features/admissions/admissions.repository.ts seatCounts). */
  enrolled: number;
  /** Families who accepted an offer of the class that year and are not enrolled yet. */
  acceptedOffers: number;
}

/** The free seats, or null when the class has no capacity for the year (nothing to say). */
export function freeSeats({ capacity, enrolled, acceptedOffers }: SeatCounts): number | null {
  if (capacity === null) return null;
  return Math.max(0, capacity - enrolled - acceptedOffers);
}

/** What a card or a form option says of the seats: how many are left, or the waiting list. */
export type SeatsShown = { kind: 'left'; count: number } | { kind: 'waitingList' } | { kind: 'unknown' };

export function seatsShown(free: number | null): SeatsShown {
  if (free === null) return { kind: 'unknown' };
  return free > 0 ? { kind: 'left', count: free } : { kind: 'waitingList' };
}

/**
 * The school year families book seats for: the year after the current one when the school keeps
 * it (the earliest that starts after the current one ends), else the current one; none without a
 * current year.
 */
export function admissionsYearOf<
  Y extends { id: number; firstDay: string; lastDay: string; current: boolean },
>(years: readonly Y[]): Y | undefined {
  const current = years.find((year) => year.current);
  if (!current) return undefined;
  const next = years
    .filter((year) => year.firstDay > current.lastDay)
    .sort((a, b) => a.firstDay.localeCompare(b.firstDay))[0];
  return next ?? current;
}

/**
 * A card's Total Seats as a number of seats ("40", "40 Seats"), or undefined when it is not one:
 * what becomes the capacity of the class a card names when the class has none.
 */
export function seatsOfText(text: string): number | undefined {
  const match = /^\s*(\d{1,5})(?:\s+seats?)?\s*$/i.exec(text);
  if (!match) return undefined;
  const seats = Number(match[1]);
  return seats <= MAX_SEATS ? seats : undefined;
}

/** The most seats a class may have in a year (the database checks it too). */
export const MAX_SEATS = 10000;
