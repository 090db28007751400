import { NotificationListAnswerSchema } from '../../../shared/api/school-admin.js';
import { schoolKeys } from './query-keys.js';
import { schoolRead } from './school-read.js';

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

/**
 * `GET notification` -> `{ data: [ { id, name, classes, notification, from, createdAt, unread } ] }`.
 * Read here, once, for the notifications screen, the dashboards' pills and the shell's badge, which
 * count the unread ones of the same cached list.
 */
export const [getNotifications, notificationsQueryOptions, useNotifications] = schoolRead(
  schoolKeys.notifications,
  'notification',
  NotificationListAnswerSchema,
  (body): SchoolNotification[] =>
    body.data.map((row) => ({
      id: row.id,
      studentName: row.name,
      className: row.classes,
      text: row.notification,
      from: row.from,
      sentAt: row.createdAt,
      unread: row.unread,
    })),
);

/** How many of the notifications the viewer has not read. */
export const unreadNotificationsOf = (notifications: readonly SchoolNotification[] | undefined): number =>
  notifications?.filter((note) => note.unread).length ?? 0;
