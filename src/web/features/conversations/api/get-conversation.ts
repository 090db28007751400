import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type ConversationAnswer, ConversationAnswerSchema } from '../../../../shared/api/conversations.js';
import { apiClient } from '../../../lib/api-client.js';
import { conversationKeys } from './keys.js';

/** `GET pupils/{id}/conversation?before=` -> a page of messages (oldest first), the hours, the caller's side. */
export async function getConversation(
  studentId: number,
  before: number | undefined,
  signal?: AbortSignal,
): Promise<ConversationAnswer> {
  const query = before === undefined ? '' : `?${new URLSearchParams({ before: String(before) })}`;
  const answer = await apiClient.get(`pupils/${studentId}/conversation${query}`, {
    signal,
    schema: ConversationAnswerSchema,
  });
  return answer.data;
}

/** The newest page first; each next page goes further back, from the oldest message shown. */
export const conversationQueryOptions = (studentId: number) =>
  infiniteQueryOptions({
    queryKey: conversationKeys.child(studentId),
    queryFn: ({ pageParam, signal }) => getConversation(studentId, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => (page.hasOlder ? page.messages[0]?.id : undefined),
  });

export const useConversation = (studentId: number) => useInfiniteQuery(conversationQueryOptions(studentId));
