import '../../../styles/conversations.css';
import { useEffect, useRef } from 'react';
import type { ConversationAnswer, ConversationMessage } from '../../../../shared/api/conversations.js';
import { FailureState, LoadingState } from '../../../components/school/QueryState.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { useI18n } from '../../../lib/i18n.js';
import { formatDayTime, useSchoolTimeZone } from '../../../lib/school-time.js';
import { useConversation } from '../api/get-conversation.js';
import { useMarkRead } from '../api/mark-read.js';
import { Composer } from './Composer.js';
import { MessageItem } from './MessageItem.js';

/** The school's message hours, and whether a message now waits for the next school day. */
function HoursNotice({ hours }: { hours: ConversationAnswer['hours'] }) {
  const { t, locale } = useI18n();
  const timeZone = useSchoolTimeZone();
  return (
    <div className={hours.openNow ? 'conversation-hours' : 'conversation-hours conversation-hours--closed'}>
      <p className="conversation-hours__line">
        {t('conversations.hours.open', { opens: hours.opens, closes: hours.closes })}
      </p>
      {hours.openNow ? null : (
        <p className="conversation-hours__line">
          {t('conversations.hours.closedNow')}
          {hours.nextOpening ? ` (${formatDayTime(hours.nextOpening, timeZone, locale)})` : null}
        </p>
      )}
    </div>
  );
}

/**
 * A child's conversation between home and school, /conversations/:id
 * (docs/decisions/0080-conversations.md): the messages oldest first with who read them, older ones
 * on demand, the message hours for the family, and the composer at the bottom where a thumb reaches
 * it. Opening it marks the other side's messages read.
 */
export function ConversationScreen({ studentId }: { studentId: number }) {
  const { t } = useI18n();
  const conversation = useConversation(studentId);
  const markRead = useMarkRead();
  const pages = conversation.data?.pages ?? [];
  const first = pages[0];
  // Pages go back in time: the oldest page last; each page is oldest first.
  const messages: ConversationMessage[] = [...pages].reverse().flatMap((page) => page.messages);
  const newestOther = first
    ? [...first.messages].reverse().find((m) => m.side !== first.side)?.id
    : undefined;
  const marked = useRef<number | undefined>(undefined);
  const { mutate } = markRead;

  useEffect(() => {
    if (newestOther === undefined || marked.current === newestOther) return;
    marked.current = newestOther;
    mutate({ studentId, upTo: newestOther });
  }, [newestOther, studentId, mutate]);

  if (conversation.isError && !conversation.data)
    return <FailureState error={conversation.error} retry={() => void conversation.refetch()} />;
  if (!first) return <LoadingState />;

  const title =
    first.side === 'family'
      ? t('conversations.screen.withSchool', { child: first.studentName })
      : t('conversations.screen.withFamily', { child: first.studentName });
  return (
    <SchoolPanel title={title} lead={first.className ?? undefined} className="conversation-panel">
      {first.side === 'family' ? <HoursNotice hours={first.hours} /> : null}
      {conversation.hasNextPage ? (
        <button
          type="button"
          className="btn btn-outline-primary conversation-older"
          disabled={conversation.isFetchingNextPage}
          onClick={() => void conversation.fetchNextPage()}
        >
          {t('conversations.screen.older')}
        </button>
      ) : null}
      {messages.length === 0 ? (
        <p className="school-state">{t('conversations.screen.empty')}</p>
      ) : (
        <ol className="conversation-messages" aria-label={title}>
          {messages.map((message) => (
            <MessageItem key={message.id} message={message} viewerSide={first.side} />
          ))}
        </ol>
      )}
      <Composer studentId={studentId} side={first.side} />
    </SchoolPanel>
  );
}
