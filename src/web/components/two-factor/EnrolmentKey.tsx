import type { Enrolment } from '../../../shared/api/two-factor.js';
import { useI18n } from '../../lib/i18n.js';

/**
 * What an authenticator app needs to add the account (docs/decisions/0108-two-factor-for-staff.md):
 * the QR code of the otpauth:// link, and the key as text for typing in. Used by the log-in's
 * enrolment and by the security screen.
 */
export function EnrolmentKey({ enrolment }: { enrolment: Enrolment }) {
  const { t } = useI18n();
  const grouped = enrolment.secret.match(/.{1,4}/g)?.join(' ') ?? enrolment.secret;
  return (
    <div className="two-factor-key text-center mb-3">
      <img
        src={enrolment.qrCode}
        alt={t('two-factor.enrol.qrAlt')}
        width={192}
        height={192}
        className="two-factor-key__qr bg-white p-2 border rounded"
      />
      <p className="mt-3 mb-1">{t('two-factor.enrol.key')}</p>
      <p className="mb-0">
        <code className="two-factor-key__secret fs-6" dir="ltr" translate="no">
          {grouped}
        </code>
      </p>
    </div>
  );
}
