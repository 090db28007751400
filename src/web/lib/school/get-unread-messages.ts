import { UnreadAnswerSchema } from '../../../shared/api/conversations.js';
import { schoolRead } from './school-read.js';

/**
 * Where the unread messages are kept: under the live stream's `unread-counts` prefix
 * (shared/api/live.ts), so a new message makes the badges count again.
 */
export const unreadMessagesKey = () => ['unread-counts', 'conversations'] as const;

/**
 * `GET conversations/unread` -> the caller's unread messages, in all and by child. Read here, once,
 * for the shell's badges, the dashboards' pills and the conversations feature.
 */
export const [getUnreadMessages, unreadMessagesQueryOptions, useUnreadMessages] = schoolRead(
  unreadMessagesKey,
  'conversations/unread',
  UnreadAnswerSchema,
  (answer) => answer.data,
);
