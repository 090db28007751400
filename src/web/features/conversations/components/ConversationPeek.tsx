import '../../../styles/conversations.css';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { linkTo } from '../../../../shared/screens.js';
import { FailureState, LoadingState } from '../../../components/school/QueryState.js';
import { useI18n } from '../../../lib/i18n.js';
import { formatDayTime, useSchoolTimeZone } from '../../../lib/school-time.js';
import { useConversations } from '../api/get-conversations.js';
import { TYPE_KEYS } from '../lib/type-keys.js';

/**
 * A child's conversation with the school at a glance, for the parent's dashboard
 * (docs/decisions/0080-conversations.md): the newest message, what is unread, and the way in.
 */
export function ConversationPeek({ studentId }: { studentId: number }) {
  const { t, locale } = useI18n();
  const timeZone = useSchoolTimeZone();
  const headingId = useId();
  const list = useConversations();
  const row = list.data?.find((summary) => summary.studentId === studentId);
  const last = row?.last ?? null;
  let body: ReactNode;
  if (list.isError && !list.data) body = <FailureState error={list.error} retry={list.refetch} />;
  else if (!list.data) body = <LoadingState />;
  else
    body = (
      <>
        {last ? (
          <p className="conversation-peek__last">
            <span className="conversation-peek__who">
              {last.side === 'family'
                ? t('conversations.peek.fromFamily')
                : t('conversations.peek.fromSchool')}
            </span>{' '}
            {last.type === 'text' ? last.text : t(TYPE_KEYS[last.type])}
            <span className="conversation-peek__when"> · {formatDayTime(last.sentAt, timeZone, locale)}</span>
          </p>
        ) : (
          <p className="conversation-peek__last">{t('conversations.peek.none')}</p>
        )}
        <Link
          className="btn btn-primary rounded-pill conversation-peek__open"
          to={linkTo('/conversations/:id', studentId)}
        >
          {row && row.unread > 0
            ? t('conversations.peek.openUnread', { count: row.unread })
            : t('conversations.peek.open')}
        </Link>
      </>
    );
  return (
    <section className="conversation-peek" aria-labelledby={headingId}>
      <h4 id={headingId} className="conversation-peek__title">
        {t('conversations.peek.title')}
      </h4>
      {body}
    </section>
  );
}
