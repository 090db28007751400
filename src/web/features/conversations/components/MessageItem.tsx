import type { ConversationMessage, ConversationSide } from '../../../../shared/api/conversations.js';
import { downloadApiFile } from '../../../lib/download.js';
import { type Translator, useI18n } from '../../../lib/i18n.js';
import { formatDayTime, useSchoolTimeZone } from '../../../lib/school-time.js';
import { notify } from '../../../lib/toast.js';
import { useObjectUrl } from '../../../lib/use-object-url.js';
import { useAttachment } from '../api/get-attachment.js';

/** What a typed message says, before any words of its own. */
export function typedLine(
  t: Translator['t'],
  message: Pick<ConversationMessage, 'type' | 'reason' | 'time' | 'name' | 'phone'>,
) {
  switch (message.type) {
    case 'absent':
      return t('conversations.message.absent', { reason: message.reason ?? '' });
    case 'late-pickup':
      return t('conversations.message.late-pickup', { time: message.time ?? '' });
    case 'other-collector':
      return t('conversations.message.other-collector', {
        name: message.name ?? '',
        phone: message.phone ?? '',
      });
    default:
      return undefined;
  }
}

function Photo({ message }: { message: ConversationMessage }) {
  const { t } = useI18n();
  const url = message.attachment?.url ?? '';
  const { data } = useAttachment(message.studentId, message.id, url);
  const src = useObjectUrl(data);
  return src ? (
    <img
      className="conversation-message__photo"
      src={src}
      alt={t('conversations.message.photo', { sender: message.senderName })}
    />
  ) : null;
}

function PdfLink({ message }: { message: ConversationMessage }) {
  const { t } = useI18n();
  const attachment = message.attachment;
  if (!attachment) return null;
  return (
    <button
      type="button"
      className="btn btn-outline-primary conversation-message__file"
      onClick={() =>
        void downloadApiFile(attachment.url.replace(/^\/api\//, ''), attachment.name).catch(
          (error: unknown) => notify.error(error instanceof Error ? error.message : String(error)),
        )
      }
    >
      {t('conversations.message.pdf', { name: attachment.name })}
    </button>
  );
}

/**
 * One message: the sender and time, a typed message's line, its text and attachment; on the
 * viewer's own side's messages, who of the other side read it.
 */
export function MessageItem({
  message,
  viewerSide,
}: {
  message: ConversationMessage;
  viewerSide: ConversationSide;
}) {
  const { t, locale } = useI18n();
  const timeZone = useSchoolTimeZone();
  const typed = typedLine(t, message);
  const ours = message.side === viewerSide;
  const names = message.readBy.map((reader) => reader.name).join(', ');
  return (
    <li className={ours ? 'conversation-message conversation-message--ours' : 'conversation-message'}>
      <p className="conversation-message__from">
        {t('conversations.message.from', {
          sender: message.senderName,
          time: formatDayTime(message.sentAt, timeZone, locale),
        })}
      </p>
      {typed ? (
        <p className={`conversation-message__typed conversation-message__typed--${message.type}`}>{typed}</p>
      ) : null}
      {message.text ? <p className="conversation-message__text">{message.text}</p> : null}
      {message.attachment?.kind === 'image' ? <Photo message={message} /> : null}
      {message.attachment?.kind === 'pdf' ? <PdfLink message={message} /> : null}
      {ours ? (
        <p className="conversation-message__receipt">
          {message.readBy.length === 0
            ? t('conversations.message.notRead')
            : message.side === 'family'
              ? t('conversations.message.readBySchool', { names })
              : t('conversations.message.readByFamily', { names })}
        </p>
      ) : null}
    </li>
  );
}
