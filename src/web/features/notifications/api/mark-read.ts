import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';
import type { SchoolNotices } from '../../../lib/school/get-notifications.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';

/** `POST notification/{id}/read` for each id (204 each). */
export async function markNotificationsRead(ids: readonly number[]): Promise<void> {
  await Promise.all(ids.map((id) => apiClient.post(`notification/${id}/read`)));
}

/**
 * Marks notifications read. Every year's list shows them read at once and is loaded again
 * afterwards, so a failure brings the unread mark back.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  // The current year's key, a prefix of every year's.
  const key = schoolKeys.notifications();
  return useMutation({
    mutationFn: markNotificationsRead,
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueriesData<SchoolNotices>({ queryKey: key }, (answer) =>
        answer
          ? {
              ...answer,
              notices: answer.notices.map((row) => (ids.includes(row.id) ? { ...row, unread: false } : row)),
            }
          : answer,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
