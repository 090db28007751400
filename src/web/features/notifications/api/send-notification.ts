import { CreatedIdAnswerSchema, type SendNotificationBody } from '../../../../shared/api/school-admin.js';
import { apiClient } from '../../../lib/api-client.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.js';

/** `POST notification` with the text and one audience (classId, studentId or everyone) -> `201 { data: { id } }`. */
export async function sendNotification(body: SendNotificationBody): Promise<number> {
  const answer = await apiClient.post('notification', body, { schema: CreatedIdAnswerSchema });
  return answer.data.id;
}

/** Sends a notification; the Notification list loads again. */
export function useSendNotification() {
  return useInvalidatingMutation(sendNotification, schoolKeys.notifications());
}
