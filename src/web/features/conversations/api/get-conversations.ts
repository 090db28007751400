import { ConversationsAnswerSchema } from '../../../../shared/api/conversations.js';
import { schoolRead } from '../../../lib/school/school-read.js';
import { conversationKeys } from './keys.js';

/** `GET conversations` -> the caller's conversations, unread first. */
export const [getConversations, conversationsQueryOptions, useConversations] = schoolRead(
  conversationKeys.list,
  'conversations',
  ConversationsAnswerSchema,
  (answer) => answer.data,
);
