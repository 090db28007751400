import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NotificationListAnswerSchema } from '../../../../shared/api/school-admin.js';
import { apiClient } from '../../../lib/api-client.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';
import { schoolRead } from '../../../lib/school/school-read.js';

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

/** `GET notification` -> `{ data: [ { id, name, classes, notification, from, createdAt, unread } ] }`. */
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

/** `POST notification/{id}/read` for each id (204 each). */
export async function markNotificationsRead(ids: readonly number[]): Promise<void> {
  await Promise.all(ids.map((id) => apiClient.post(`notification/${id}/read`)));
}

/**
 * Marks notifications read. The list shows them read at once and is loaded again afterwards, so a
 * failure brings the unread mark back.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  const key = schoolKeys.notifications();
  return useMutation({
    mutationFn: markNotificationsRead,
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<SchoolNotification[]>(key, (rows) =>
        rows?.map((row) => (ids.includes(row.id) ? { ...row, unread: false } : row)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
