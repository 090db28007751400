import type { MessageType } from '../../../../shared/api/conversations.js';

/**
 * The words of each kind of message, for the composer and for the previews of a conversation
 * (kept apart from the composer, whose form code a preview on the dashboard does not need).
 */
export const TYPE_KEYS = {
  text: 'conversations.type.text',
  absent: 'conversations.type.absent',
  'late-pickup': 'conversations.type.late-pickup',
  'other-collector': 'conversations.type.other-collector',
} as const satisfies Record<MessageType, string>;
