import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdmissionSeats } from '../../../../shared/api/admissions.js';
import { ApiError, apiClient } from '../../../lib/api-client.js';

/**
 * `GET admissions/seats`: each admissions class's free seats in the coming year, which the class
 * cards and Book A Seat show (docs/decisions/0101-seats-that-mean-something.md). Read like the public
 * calendar (public-calendar.ts): from the server's kept answer while rendering there, over HTTP in
 * the browser, checked by hand because the page's first JavaScript holds no zod.
 */

export type AdmissionSeatsReader = () => Promise<AdmissionSeats>;

let readOnServer: AdmissionSeatsReader | undefined;

/** Server rendering only (entry-server.tsx): the page's loader reads the seats from the server's store. */
export function readAdmissionSeatsWith(reader: AdmissionSeatsReader): void {
  readOnServer = reader;
}

const isSeatsRow = (value: unknown): boolean => {
  const row = value as Partial<AdmissionSeats['classes'][number]> | null;
  return (
    typeof row === 'object' &&
    row !== null &&
    typeof row.classId === 'number' &&
    typeof row.className === 'string' &&
    typeof row.takesAdmissions === 'boolean' &&
    (row.free === null || typeof row.free === 'number')
  );
};

const isSeats = (value: unknown): value is AdmissionSeats => {
  const seats = value as Partial<AdmissionSeats> | null;
  if (typeof seats !== 'object' || seats === null) return false;
  const yearOk =
    seats.year === null ||
    (typeof seats.year === 'object' &&
      typeof seats.year?.id === 'number' &&
      typeof seats.year.name === 'string');
  return yearOk && Array.isArray(seats.classes) && seats.classes.every(isSeatsRow);
};

export async function getAdmissionSeats(signal?: AbortSignal): Promise<AdmissionSeats> {
  if (readOnServer) return readOnServer();
  const body = (await apiClient.get('admissions/seats', { signal })) as unknown;
  if (!isSeats(body)) {
    throw new ApiError(200, 'INVALID_RESPONSE', 'The server sent an answer we did not understand.');
  }
  return body;
}

export const admissionSeatsQueryKey = ['admissions', 'seats'] as const;

export const admissionSeatsQueryOptions = () =>
  queryOptions({ queryKey: admissionSeatsQueryKey, queryFn: ({ signal }) => getAdmissionSeats(signal) });

export const useAdmissionSeats = () => useQuery(admissionSeatsQueryOptions());

/** The free seats of the class a card names: null without a capacity, undefined when it names none (or an unknown one). */
export function freeSeatsOf(seats: AdmissionSeats | undefined, classId: string): number | null | undefined {
  if (!seats || classId === '') return undefined;
  const row = seats.classes.find((candidate) => String(candidate.classId) === classId);
  return row ? row.free : undefined;
}
