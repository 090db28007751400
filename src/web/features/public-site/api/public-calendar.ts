import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicCalendar, PublicDate } from '../../../../shared/api/public-calendar.js';
import { ApiError, apiClient } from '../../../lib/api-client.js';

/**
 * `GET calendar/public`: the current year's terms and public dates the home page shows
 * (docs/decisions/0088-closed-days.md). Read like the public content (lib/content.ts): from the
 * server's kept answer while rendering there, over HTTP in the browser, checked by hand because the
 * page's first JavaScript holds no zod.
 */

export type PublicCalendarReader = () => Promise<PublicCalendar>;

let readOnServer: PublicCalendarReader | undefined;

/** Server rendering only (entry-server.tsx): the page's loader reads the calendar from the server's store. */
export function readPublicCalendarWith(reader: PublicCalendarReader): void {
  readOnServer = reader;
}

const isText = (value: unknown): value is string => typeof value === 'string';
const isTextOrNull = (value: unknown): boolean => value === null || typeof value === 'string';

const isDate = (value: unknown): value is PublicDate => {
  const date = value as Partial<PublicDate> | null;
  return (
    typeof date === 'object' &&
    date !== null &&
    (date.kind === 'closure' || date.kind === 'event') &&
    [date.uid, date.title, date.description, date.place, date.startDate, date.endDate].every(isText) &&
    isTextOrNull(date.startTime) &&
    isTextOrNull(date.endTime)
  );
};

const isCalendar = (value: unknown): value is PublicCalendar => {
  const calendar = value as Partial<PublicCalendar> | null;
  if (typeof calendar !== 'object' || calendar === null) return false;
  const { year, dates } = calendar;
  const yearOk =
    year === null ||
    (typeof year === 'object' &&
      year !== undefined &&
      isText(year.name) &&
      Array.isArray(year.terms) &&
      year.terms.every((term) => isText(term?.name) && isText(term?.firstDay) && isText(term?.lastDay)));
  return yearOk && Array.isArray(dates) && dates.every(isDate);
};

export async function getPublicCalendar(signal?: AbortSignal): Promise<PublicCalendar> {
  if (readOnServer) return readOnServer();
  const body = (await apiClient.get('calendar/public', { signal })) as unknown;
  if (!isCalendar(body)) {
    throw new ApiError(200, 'INVALID_RESPONSE', 'The server sent an answer we did not understand.');
  }
  return body;
}

export const publicCalendarQueryKey = ['calendar', 'public'] as const;

export const publicCalendarQueryOptions = () =>
  queryOptions({ queryKey: publicCalendarQueryKey, queryFn: ({ signal }) => getPublicCalendar(signal) });

export const usePublicCalendar = () => useQuery(publicCalendarQueryOptions());
