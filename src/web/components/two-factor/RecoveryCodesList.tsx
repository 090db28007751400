import { useId, useState } from 'react';
import { useI18n } from '../../lib/i18n.js';

/**
 * The ten recovery codes, shown once (docs/decisions/0108-two-factor-for-staff.md), with a copy and a
 * print button; `onDone` when the person says they kept them.
 */
export function RecoveryCodesList({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useI18n();
  const id = useId();
  const [said, setSaid] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setSaid(t('two-factor.codes.copied'));
    } catch {
      setSaid(t('two-factor.failed'));
    }
  };
  return (
    <section className="two-factor-codes" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="h5">
        {t('two-factor.codes.title')}
      </h3>
      <p>{t('two-factor.codes.intro')}</p>
      <ol className="two-factor-codes__list row row-cols-2 g-2 list-unstyled" dir="ltr" translate="no">
        {codes.map((code) => (
          <li key={code} className="col">
            <code className="fs-6">{code}</code>
          </li>
        ))}
      </ol>
      <div className="d-flex flex-wrap gap-2 mt-3">
        <button
          type="button"
          className="btn btn-outline-primary rounded-pill px-4"
          onClick={() => void copy()}
        >
          {t('two-factor.codes.copy')}
        </button>
        <button
          type="button"
          className="btn btn-outline-primary rounded-pill px-4"
          onClick={() => window.print()}
        >
          {t('two-factor.codes.print')}
        </button>
        <button type="button" className="btn btn-primary rounded-pill px-4" onClick={onDone}>
          {t('two-factor.codes.done')}
        </button>
      </div>
      <p role="status" className="mt-2 mb-0">
        {said}
      </p>
    </section>
  );
}
