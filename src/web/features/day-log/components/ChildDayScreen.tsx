import type { ReactNode } from 'react';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import type { PhotoMoment } from '../../../../shared/api/photo-moments.js';
import { SchoolDateField } from '../../../components/school/SchoolField.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { useI18n } from '../../../lib/i18n.js';
import { isIsoDate, shortDate, todayInZone, useSchoolTimeZone } from '../../../lib/school-time.js';
import { useChildDay } from '../api/get-child-day.js';
import { ChildDayTimeline } from './ChildDayTimeline.js';

/**
 * /dashboard/children/:id/day (docs/decisions/0078-the-daily-log.md): a child's day for their
 * guardians, class teachers and the principal; an earlier day by `?date=`.
 */
export function ChildDayScreen({
  studentId,
  renderMoment,
}: {
  studentId: number;
  /** How a photo moment of the day is shown (features/photo-moments, given by the route). */
  renderMoment?: (moment: PhotoMoment) => ReactNode;
}) {
  const id = useId();
  const { t, locale } = useI18n();
  const [params, setParams] = useSearchParams();
  const today = todayInZone(useSchoolTimeZone());
  const wanted = params.get('date');
  const date = isIsoDate(wanted) && wanted <= today ? wanted : today;
  const day = useChildDay(studentId, date);
  const title = day.data
    ? t('day-log.day.title', { child: day.data.studentName })
    : t('day-log.day.screenTitle');
  return (
    <SchoolPanel title={title} lead={shortDate(date, locale)}>
      <div className="attendance-toolbar">
        <SchoolDateField
          id={`${id}-date`}
          label={t('day-log.day.date')}
          value={date}
          max={today}
          onChange={(value) =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                if (value === '' || value >= today) next.delete('date');
                else next.set('date', value);
                return next;
              },
              { replace: true },
            )
          }
        />
      </div>
      <ChildDayTimeline studentId={studentId} date={date} renderMoment={renderMoment} />
    </SchoolPanel>
  );
}
