import { MAIL_STATUS_LABELS, type MailStatus } from '../../../../shared/api/mail.js';

/** Each state's badge, spelt whole so the build's CSS cut sees it (scripts/bootstrap-used-only.mjs). */
const BADGE: Record<MailStatus, string> = {
  waiting: 'badge rounded-pill text-bg-warning',
  sending: 'badge rounded-pill text-bg-info',
  sent: 'badge rounded-pill text-bg-success',
  failed: 'badge rounded-pill text-bg-danger',
};

export function StateBadge({ status }: { status: MailStatus }) {
  return <span className={BADGE[status]}>{MAIL_STATUS_LABELS[status]}</span>;
}
