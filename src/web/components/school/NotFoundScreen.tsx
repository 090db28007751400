import { useI18n } from '../../lib/i18n.js';
import { NotFoundState } from './QueryState.js';
import { SchoolPanel } from './SchoolPanel.js';

/** A school address whose id is not a record id at all (`/result-summary/abc`). */
export function NotFoundScreen() {
  const { t } = useI18n();
  return (
    <SchoolPanel title={t('navigation.school.notFound')}>
      <NotFoundState />
    </SchoolPanel>
  );
}
