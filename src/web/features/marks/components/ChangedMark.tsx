import { useI18n } from '../../../lib/i18n.js';

/** "changed": a mark changed after its exam's marks were released (docs/decisions/0087-released-marks.md). */
export function ChangedMark() {
  const { t } = useI18n();
  return (
    <span className="badge text-bg-warning ms-2" title={t('marks.results.changedTitle')}>
      {t('marks.results.changed')}
      <span className="visually-hidden">: {t('marks.results.changedTitle')}</span>
    </span>
  );
}

/** "not released": what staff see on a mark pupils and parents do not see yet. */
export function NotReleasedMark() {
  const { t } = useI18n();
  return <span className="badge text-bg-secondary ms-2">{t('marks.results.notReleased')}</span>;
}
