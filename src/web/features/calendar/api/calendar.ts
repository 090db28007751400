import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CalendarEntriesAnswerSchema,
  type CalendarEntry,
  CalendarEntryAnswerSchema,
  type CalendarEntryBody,
  CalendarFeedsAnswerSchema,
  type FeedAddress,
  FeedAddressAnswerSchema,
} from '../../../../shared/api/calendar.js';
import { apiClient } from '../../../lib/api-client.js';

/**
 * The school calendar's calls (docs/decisions/0086-the-school-calendar.md). Under 'school', so
 * logging out drops them; a change to an entry loads every listed range again.
 */
export const calendarKey = ['school', 'calendar'] as const;
const entriesKey = [...calendarKey, 'entries'] as const;
const feedsKey = [...calendarKey, 'feeds'] as const;

export interface CalendarListing {
  timeZone: string;
  entries: CalendarEntry[];
}

/** `GET calendar?from&to`: the entries of those days the user may see, cancelled ones included. */
export const calendarQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: [...entriesKey, from, to],
    queryFn: async ({ signal }): Promise<CalendarListing> => {
      const query = new URLSearchParams({ from, to });
      const body = await apiClient.get(`calendar?${query}`, { signal, schema: CalendarEntriesAnswerSchema });
      return { timeZone: body.timeZone, entries: body.data };
    },
  });
export const useCalendar = (from: string, to: string) => useQuery(calendarQueryOptions(from, to));

/** `GET calendar/feeds`: the school's public feed, and when the user made their secret ones. */
export const calendarFeedsQueryOptions = () =>
  queryOptions({
    queryKey: feedsKey,
    queryFn: async ({ signal }) =>
      (await apiClient.get('calendar/feeds', { signal, schema: CalendarFeedsAnswerSchema })).data,
  });
export const useCalendarFeeds = () => useQuery(calendarFeedsQueryOptions());

function useCalendarMutation<Variables, T>(
  mutationFn: (variables: Variables) => Promise<T>,
  key: readonly string[],
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: key }) });
}

/** `POST admin/calendar`. */
export const useCreateEntry = () =>
  useCalendarMutation(
    async (body: CalendarEntryBody): Promise<CalendarEntry> =>
      (await apiClient.post('admin/calendar', body, { schema: CalendarEntryAnswerSchema })).data,
    entriesKey,
  );

/** `PUT admin/calendar/{id}`: every field replaced, the entry's UID kept and its sequence raised. */
export const useUpdateEntry = () =>
  useCalendarMutation(
    async ({ entryId, body }: { entryId: number; body: CalendarEntryBody }): Promise<CalendarEntry> =>
      (await apiClient.put(`admin/calendar/${entryId}`, body, { schema: CalendarEntryAnswerSchema })).data,
    entriesKey,
  );

/** `POST admin/calendar/{id}/cancellation`: kept, shown as cancelled, sent to the feeds as CANCELLED. */
export const useCancelEntry = () =>
  useCalendarMutation(
    async (entryId: number): Promise<CalendarEntry> =>
      (
        await apiClient.post(`admin/calendar/${entryId}/cancellation`, undefined, {
          schema: CalendarEntryAnswerSchema,
        })
      ).data,
    entriesKey,
  );

/** `POST calendar/feed`: a new secret address of the user's own feed (the old one stops). */
export const useMakeOwnFeed = () =>
  useCalendarMutation(
    async (_: undefined): Promise<FeedAddress> =>
      (await apiClient.post('calendar/feed', undefined, { schema: FeedAddressAnswerSchema })).data,
    feedsKey,
  );

/** `POST calendar/classes/{id}/feed`: a new secret address of a class's feed (the old one stops). */
export const useMakeClassFeed = () =>
  useCalendarMutation(
    async (classId: number): Promise<FeedAddress> =>
      (
        await apiClient.post(`calendar/classes/${classId}/feed`, undefined, {
          schema: FeedAddressAnswerSchema,
        })
      ).data,
    feedsKey,
  );
