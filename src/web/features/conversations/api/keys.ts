import { unreadMessagesKey } from '../../../lib/school/get-unread-messages.js';

/**
 * Query keys of the conversations (docs/decisions/0080-conversations.md). They start with the live
 * stream's prefixes (shared/api/live.ts): a new message or receipt makes them stale.
 */
export const conversationKeys = {
  all: ['conversations'] as const,
  list: () => ['conversations', 'list'] as const,
  child: (studentId: number) => ['conversations', 'child', studentId] as const,
  /** Unread counts, for badges (read in lib/school/get-unread-messages.ts, which the shell shares). */
  unread: unreadMessagesKey,
  /** An attachment's bytes never change: apart from the prefixes the stream refreshes. */
  attachment: (studentId: number, messageId: number) =>
    ['conversation-attachment', studentId, messageId] as const,
};
