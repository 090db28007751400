import { Link, useParams } from 'react-router';
import { NotFoundScreen } from '../../../components/school/NotFoundScreen.js';
import { schoolPaths } from '../../../config/school-paths.js';
import { pupilYearsQueryOptions } from '../../../features/rollover/api/rollover.js';
import { PastYearsScreen } from '../../../features/rollover/components/PastYearsScreen.js';
import { useI18n } from '../../../lib/i18n.js';
import { parseId } from '../../../lib/school/format.js';
import { recordLoader } from '../../../lib/school/prefetch.js';

export const clientLoader = recordLoader((queryClient, id) => [
  queryClient.ensureQueryData(pupilYearsQueryOptions(id)),
]);

/** /past-years/:id (docs/decisions/0091-the-year-rollover.md): a pupil's school years, with the way to their attendance. */
export default function PastYearsRoute() {
  const { t } = useI18n();
  const id = parseId(useParams().id);
  if (id === undefined) return <NotFoundScreen />;
  return (
    <PastYearsScreen studentId={id}>
      <Link to={schoolPaths.attendanceHistory(id)}>{t('rollover.years.attendanceLink')}</Link>
    </PastYearsScreen>
  );
}
