import { useParams } from 'react-router';
import { NotFoundScreen } from '../../../components/school/NotFoundScreen.js';
import { conversationQueryOptions } from '../../../features/conversations/api/get-conversation.js';
import { ConversationScreen } from '../../../features/conversations/components/ConversationScreen.js';
import { parseId } from '../../../lib/school/format.js';
import { recordLoader } from '../../../lib/school/prefetch.js';

export const clientLoader = recordLoader((queryClient, id) => [
  queryClient.ensureInfiniteQueryData(conversationQueryOptions(id)),
]);

/** /conversations/:id (docs/decisions/0080-conversations.md): a child's conversation between home and school. */
export default function ConversationRoute() {
  const id = parseId(useParams().id);
  return id === undefined ? <NotFoundScreen /> : <ConversationScreen key={id} studentId={id} />;
}
