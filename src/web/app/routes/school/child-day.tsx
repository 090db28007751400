import { useParams } from 'react-router';
import { NotFoundScreen } from '../../../components/school/NotFoundScreen.js';
import { ChildDayScreen } from '../../../features/day-log/components/ChildDayScreen.js';
import { MomentCard } from '../../../features/photo-moments/components/MomentCard.js';
import { parseId } from '../../../lib/school/format.js';

/** /dashboard/children/:id/day (docs/decisions/0078-the-daily-log.md): a child's day as a timeline. */
export default function ChildDayRoute() {
  const id = parseId(useParams().id);
  return id === undefined ? (
    <NotFoundScreen />
  ) : (
    <ChildDayScreen key={id} studentId={id} renderMoment={(moment) => <MomentCard moment={moment} />} />
  );
}
