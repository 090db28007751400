import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CONVERSATION_RULES,
  type ConversationMessage,
  MessageAnswerSchema,
  type MessageBodyInput,
} from '../../../../shared/api/conversations.js';
import { apiClient } from '../../../lib/api-client.js';
import { conversationKeys } from './keys.js';

export interface SendMessageRequest {
  studentId: number;
  body: MessageBodyInput;
  /** One picture or PDF; the message then goes as a multipart form. */
  file?: File;
}

/** `POST pupils/{id}/conversation/messages` (JSON, or multipart with `attachment`) -> 201 with the message. */
export async function sendMessage({
  studentId,
  body,
  file,
}: SendMessageRequest): Promise<ConversationMessage> {
  let payload: unknown = body;
  if (file) {
    const form = new FormData();
    for (const [name, value] of Object.entries(body))
      if (value !== undefined) form.append(name, String(value));
    form.append(CONVERSATION_RULES.attachmentField, file, file.name);
    payload = form;
  }
  const answer = await apiClient.post(`pupils/${studentId}/conversation/messages`, payload, {
    schema: MessageAnswerSchema,
  });
  return answer.data;
}

/** Sends, then the conversations (and the day's notes) load again. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationKeys.all }),
  });
}
