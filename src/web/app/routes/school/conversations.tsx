import { conversationsQueryOptions } from '../../../features/conversations/api/get-conversations.js';
import { ConversationsScreen } from '../../../features/conversations/components/ConversationsScreen.js';
import { schoolLoader } from '../../../lib/school/prefetch.js';

export const clientLoader = schoolLoader((queryClient) => [
  queryClient.ensureQueryData(conversationsQueryOptions()),
]);

/** /conversations (docs/decisions/0080-conversations.md): the caller's conversations, unread first. */
export default function ConversationsRoute() {
  return <ConversationsScreen />;
}
