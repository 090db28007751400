import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ReadAnswerSchema } from '../../../../shared/api/conversations.js';
import { apiClient } from '../../../lib/api-client.js';
import { conversationKeys } from './keys.js';

/** `POST pupils/{id}/conversation/read` `{ upTo }` -> how many of the other side's messages were newly read. */
export async function markRead({ studentId, upTo }: { studentId: number; upTo: number }): Promise<number> {
  const answer = await apiClient.post(
    `pupils/${studentId}/conversation/read`,
    { upTo },
    { schema: ReadAnswerSchema },
  );
  return answer.data.marked;
}

/** Marks read; when something was, the badges and the list count again. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: async (marked) => {
      if (marked === 0) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: conversationKeys.unread() }),
        queryClient.invalidateQueries({ queryKey: conversationKeys.list() }),
      ]);
    },
  });
}
