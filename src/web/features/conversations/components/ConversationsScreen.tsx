import '../../../styles/conversations.css';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { linkTo } from '../../../../shared/screens.js';
import { EmptyState, FailureState, LoadingState } from '../../../components/school/QueryState.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { useI18n } from '../../../lib/i18n.js';
import { formatDayTime, useSchoolTimeZone } from '../../../lib/school-time.js';
import { useConversations } from '../api/get-conversations.js';
import { TYPE_KEYS } from '../lib/type-keys.js';

/**
 * /conversations (docs/decisions/0080-conversations.md): a teacher's conversations with their
 * classes' families, the principal's with every family that wrote, a parent's about each child;
 * unread ones first, each with its unread badge and its newest message.
 */
export function ConversationsScreen() {
  const { t, locale } = useI18n();
  const timeZone = useSchoolTimeZone();
  const list = useConversations();

  let body: ReactNode;
  if (list.isError && !list.data) body = <FailureState error={list.error} retry={list.refetch} />;
  else if (!list.data) body = <LoadingState />;
  else if (list.data.length === 0) body = <EmptyState>{t('conversations.list.empty')}</EmptyState>;
  else
    body = (
      <ul className="conversation-list">
        {list.data.map((row) => {
          const last = row.last;
          const preview = last ? (last.type === 'text' ? last.text : t(TYPE_KEYS[last.type])) : null;
          return (
            <li key={row.studentId} className="conversation-list__item">
              <Link className="conversation-list__link" to={linkTo('/conversations/:id', row.studentId)}>
                <span className="conversation-list__name">{row.studentName}</span>
                {row.className ? <span className="conversation-list__class">{row.className}</span> : null}
                {row.unread > 0 ? (
                  <span className="conversation-list__badge">
                    {t('conversations.list.unread', { count: row.unread })}
                  </span>
                ) : null}
                <span className="conversation-list__last">
                  {last && preview
                    ? `${preview} · ${formatDayTime(last.sentAt, timeZone, locale)}`
                    : t('conversations.list.noMessages')}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    );

  return (
    <SchoolPanel title={t('conversations.list.title')} className="conversation-panel">
      {body}
    </SchoolPanel>
  );
}
