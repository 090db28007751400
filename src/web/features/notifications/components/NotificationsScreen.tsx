import { QueryState } from '../../../components/school/QueryState.js';
import { HiddenText, SchoolPanel, TableWrap } from '../../../components/school/SchoolPanel.js';
import { formatWhen, useSchoolTimeZone } from '../../../lib/school-time.js';
import { notify } from '../../../lib/toast.js';
import {
  type SchoolNotification,
  useMarkNotificationsRead,
  useNotifications,
} from '../api/get-notifications.js';

export const NOTIFICATION_TEXTS = {
  newBadge: 'New',
  /** Read out after the badge: "New" alone does not say what is new about the row. */
  newBadgeHidden: ', not yet read',
  markRead: 'Mark as read',
  markAllRead: 'Mark all as read',
  markFailed: 'The notification could not be marked as read. Please try again.',
  unreadCount: (n: number) => (n === 1 ? '1 unread notification' : `${n} unread notifications`),
  allRead: 'No unread notifications.',
} as const;

/**
 * Notification, /notification (docs/contract/product.md#school-screens): Student Name, Class, notification
 * (`GET notification`), and ours: who sent it, when, and which ones the viewer has not read yet, with a way
 * to mark them read (`POST notification/{id}/read`).
 */
export function NotificationsScreen() {
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const unread = (notifications.data ?? []).filter((row) => row.unread);

  const mark = (ids: number[]) =>
    markRead.mutate(ids, { onError: () => notify.error(NOTIFICATION_TEXTS.markFailed) });

  return (
    <SchoolPanel
      title="Notices"
      lead={
        notifications.data
          ? `Messages from the school to pupils and their classes. ${
              unread.length > 0
                ? `${NOTIFICATION_TEXTS.unreadCount(unread.length)}.`
                : NOTIFICATION_TEXTS.allRead
            }`
          : 'Messages from the school to pupils and their classes.'
      }
      actions={
        unread.length > 1 ? (
          <button
            type="button"
            className="btn btn-outline-primary rounded-pill"
            disabled={markRead.isPending}
            onClick={() => mark(unread.map((row) => row.id))}
          >
            {NOTIFICATION_TEXTS.markAllRead}
          </button>
        ) : null
      }
    >
      <QueryState query={notifications}>
        {(rows) => (
          <TableWrap label="Notifications">
            <table className="table school-table school-notifications">
              <thead>
                <tr>
                  <th scope="col">Student Name</th>
                  <th scope="col">Class</th>
                  <th scope="col">notification</th>
                  <th scope="col">From</th>
                  <th scope="col">Sent</th>
                  <th scope="col">
                    <span className="visually-hidden">Read</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <NotificationRow
                    key={row.id}
                    row={row}
                    busy={markRead.isPending}
                    onMarkRead={() => mark([row.id])}
                  />
                ))}
              </tbody>
            </table>
          </TableWrap>
        )}
      </QueryState>
    </SchoolPanel>
  );
}

function NotificationRow({
  row,
  busy,
  onMarkRead,
}: {
  row: SchoolNotification;
  busy: boolean;
  onMarkRead: () => void;
}) {
  const timeZone = useSchoolTimeZone();
  return (
    <tr className={row.unread ? 'school-notification--unread' : undefined}>
      <td className="text-nowrap">{row.studentName}</td>
      <td className="text-nowrap">{row.className}</td>
      <td className="school-table__text">
        {row.unread ? (
          <span className="school-badge school-badge--new me-2">
            {NOTIFICATION_TEXTS.newBadge}
            <HiddenText>{NOTIFICATION_TEXTS.newBadgeHidden}</HiddenText>
          </span>
        ) : null}
        {row.text}
      </td>
      <td className="text-nowrap">{row.from}</td>
      <td className="text-nowrap">
        <time dateTime={row.sentAt}>{formatWhen(row.sentAt, timeZone)}</time>
      </td>
      <td className="text-end">
        {row.unread ? (
          <button
            type="button"
            className="btn btn-sm btn-outline-primary text-nowrap"
            disabled={busy}
            onClick={onMarkRead}
          >
            {NOTIFICATION_TEXTS.markRead}
            <HiddenText>: {row.text.slice(0, 60)}</HiddenText>
          </button>
        ) : null}
      </td>
    </tr>
  );
}
