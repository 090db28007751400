import { useId } from 'react';
import { Link } from 'react-router';
import { linkTo } from '../../shared/screens.js';
import { ConversationPeek } from '../features/conversations/components/ConversationPeek.js';
import { ChildDayTimeline } from '../features/day-log/components/ChildDayTimeline.js';
import { ChildPhotos } from '../features/photo-moments/components/ChildPhotos.js';
import { MomentCard } from '../features/photo-moments/components/MomentCard.js';
import { useI18n } from '../lib/i18n.js';
import type { ChildRow } from '../lib/school/get-children.js';
import { todayInZone, useSchoolTimeZone } from '../lib/school-time.js';

/**
 * The day a parent's dashboard starts with, for the chosen child (docs/decisions/0082-the-parents-day.md):
 * today's timeline (arrival, log, the day's photos, collection), the conversation with the school,
 * then the newest photos. The three features are put together here, where the app composes them;
 * loaded with the parent's dashboard only, so staff's dashboards do not carry it.
 */
export default function ParentChildDay({ child }: { child: ChildRow }) {
  const { t } = useI18n();
  const headingId = useId();
  const today = todayInZone(useSchoolTimeZone());
  return (
    <>
      <section className="child-today" aria-labelledby={headingId}>
        <h4 id={headingId} className="child-today__title">
          {t('family.parent.today')}
        </h4>
        <ChildDayTimeline
          studentId={child.studentId}
          date={today}
          renderMoment={(moment) => <MomentCard moment={moment} />}
        />
        <p className="mt-2 mb-0">
          <Link to={linkTo('/dashboard/children/:id/day', child.studentId)}>
            {t('family.parent.wholeDay')}
          </Link>
        </p>
      </section>
      <ConversationPeek studentId={child.studentId} />
      <ChildPhotos childId={child.studentId} childName={child.studentName} />
    </>
  );
}
