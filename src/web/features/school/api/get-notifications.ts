import { queryOptions, useQuery } from '@tanstack/react-query';
import { NotificationAnswerSchema } from '../../../../shared/api/school.js';
import { apiClient } from '../../../lib/api-client.js';
import { schoolKeys } from './query-keys.js';

export interface SchoolNotification {
  id: number;
  studentName: string;
  className: string;
  text: string;
}

/** `GET notification` -> `{ data: [ { id, name, classes, notification } ] }`. */
export async function getNotifications(signal?: AbortSignal): Promise<SchoolNotification[]> {
  const body = await apiClient.get('notification', { signal, schema: NotificationAnswerSchema });
  return body.data.map((row) => ({
    id: row.id,
    studentName: row.name,
    className: row.classes,
    text: row.notification,
  }));
}

export const notificationsQueryOptions = () =>
  queryOptions({ queryKey: schoolKeys.notifications(), queryFn: ({ signal }) => getNotifications(signal) });

export const useNotifications = () => useQuery(notificationsQueryOptions());
