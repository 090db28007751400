import { queryOptions, useQuery } from '@tanstack/react-query';
import { type NoticeYear, NotificationListAnswerSchema } from '../../../shared/api/school-admin.js';
import { apiClient } from '../api-client.js';
import { schoolKeys } from './query-keys.js';

export interface SchoolNotification {
  id: number;
  /**
   * The screen's "Student Name" (docs/contract/product.md#screens): who it is for (the pupil, "All of
   * <class>" or "Everyone").
   */
  studentName: string;
  className: string;
  text: string;
  /** Who sent it. */
  from: string;
  /** When it was sent (ISO date-time). */
  sentAt: string;
  /** Not yet marked read by the viewer. */
  unread: boolean;
}

/** One school year's notices, with the years there are to pick from (docs/decisions/0095-past-sight.md). */
export interface SchoolNotices {
  notices: SchoolNotification[];
  /** The year shown; null while the school keeps no year. */
  year: NoticeYear | null;
  /** The current year and every year with notices for the viewer, the latest first. */
  years: NoticeYear[];
}

/**
 * `GET notification[?yearId=]` -> `{ data: [ { id, name, classes, notification, from, createdAt,
 * unread } ], year, years }`. Without a year, the current year's: read here, once, for the
 * notifications screen, the dashboards' pills and the shell's badge, which count the unread ones of
 * the same cached list (so the counts are of the current year only).
 */
export async function getNotifications(yearId?: number, signal?: AbortSignal): Promise<SchoolNotices> {
  const answer = await apiClient.get(
    yearId === undefined ? 'notification' : `notification?yearId=${yearId}`,
    {
      signal,
      schema: NotificationListAnswerSchema,
    },
  );
  return {
    notices: answer.data.map((row) => ({
      id: row.id,
      studentName: row.name,
      className: row.classes,
      text: row.notification,
      from: row.from,
      sentAt: row.createdAt,
      unread: row.unread,
    })),
    year: answer.year,
    years: answer.years,
  };
}

export const notificationsQueryOptions = (yearId?: number) =>
  queryOptions({
    queryKey: schoolKeys.notifications(yearId),
    queryFn: ({ signal }) => getNotifications(yearId, signal),
  });

export const useNotifications = (yearId?: number) => useQuery(notificationsQueryOptions(yearId));

/** How many of the notifications the viewer has not read. */
export const unreadNotificationsOf = (answer: SchoolNotices | undefined): number =>
  answer?.notices.filter((note) => note.unread).length ?? 0;
