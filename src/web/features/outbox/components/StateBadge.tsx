import type { MailStatus } from '../../../../shared/api/mail.js';
import { useI18n } from '../../../lib/i18n.js';
import { mailStatusKey } from './texts.js';

/** Each state's badge, spelt whole so the build's CSS cut sees it (scripts/bootstrap-used-only.mjs). */
const BADGE: Record<MailStatus, string> = {
  waiting: 'badge rounded-pill text-bg-warning',
  sending: 'badge rounded-pill text-bg-info',
  sent: 'badge rounded-pill text-bg-success',
  failed: 'badge rounded-pill text-bg-danger',
};

export function StateBadge({ status }: { status: MailStatus }) {
  const { t } = useI18n();
  return <span className={BADGE[status]}>{t(mailStatusKey(status))}</span>;
}
