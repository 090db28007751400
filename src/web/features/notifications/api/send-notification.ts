import {
  type SendNotificationBody,
  type SentNotification,
  SentNotificationAnswerSchema,
} from '../../../../shared/api/school-admin.js';
import { apiClient } from '../../../lib/api-client.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.js';

/**
 * `POST notification` with the text, one audience (classId, studentId or everyone) and optionally
 * `emailFamilies` -> `201 { data: { id, emailed } }` (emailed: how many guardians were mailed).
 */
export async function sendNotification(body: SendNotificationBody): Promise<SentNotification> {
  const answer = await apiClient.post('notification', body, { schema: SentNotificationAnswerSchema });
  return answer.data;
}

/** Sends a notification; the Notification list loads again. */
export function useSendNotification() {
  return useInvalidatingMutation(sendNotification, schoolKeys.notifications());
}
