import { Link } from 'react-router';
import { linkTo } from '../../../../shared/screens.js';
import '../../../styles/dashboard.css';
import { useId } from 'react';
import type { ComingUpEntry } from '../../../../shared/api/dashboard.js';
import { SectionState, sectionStatus } from '../../../components/ui/SectionState.js';
import { useI18n } from '../../../lib/i18n.js';
import { shortDate } from '../../../lib/school-time.js';
import { useComingUp } from '../api/get-coming-up.js';

/** When an entry is, in words: its day or days, and its times or "all day". */
function When({ entry }: { entry: ComingUpEntry }) {
  const { t, locale } = useI18n();
  const days =
    entry.startDate === entry.endDate
      ? shortDate(entry.startDate, locale)
      : t('dashboard.comingUp.days', {
          first: shortDate(entry.startDate, locale),
          last: shortDate(entry.endDate, locale),
        });
  // Times are the school's wall clock (HH:MM), as the calendar stores them.
  const times =
    entry.startTime !== null && entry.endTime !== null
      ? t('dashboard.comingUp.times', { start: entry.startTime, end: entry.endTime })
      : t('dashboard.comingUp.allDay');
  return (
    <span className="dash-coming__when">
      <time dateTime={entry.startDate}>{days}</time>, <span dir="auto">{times}</span>
    </span>
  );
}

function Entry({ entry }: { entry: ComingUpEntry }) {
  const { t } = useI18n();
  const details = [
    entry.place,
    entry.audience === 'classes' ? entry.classes.map((schoolClass) => schoolClass.name).join(', ') : '',
    entry.audience === 'staff' ? t('dashboard.comingUp.staff') : '',
    entry.familiesInvited ? t('dashboard.comingUp.familiesInvited') : '',
  ].filter((detail) => detail !== '');
  return (
    <li className={`dash-coming__entry dash-coming__entry--${entry.kind}`}>
      <When entry={entry} />
      <span className="dash-coming__title">
        {entry.kind === 'closure' ? (
          <span className="dash-coming__closed">{t('dashboard.comingUp.closed')}</span>
        ) : null}{' '}
        {entry.title}
      </span>
      {details.length > 0 ? <span className="dash-coming__details">{details.join(' · ')}</span> : null}
    </li>
  );
}

/**
 * "Coming up" on every account type's home (docs/decisions/0088-closed-days.md): the school
 * calendar's closures and events of the next two weeks that concern the viewer (their children's
 * classes for a parent, their class for a pupil, their classes and the staff's for a teacher), a
 * closure marked as one, so "is the school open on Friday?" is answered where the day starts.
 */
export function ComingUpPanel() {
  const { t } = useI18n();
  const headingId = useId();
  const query = useComingUp();
  const status = sectionStatus(query);
  const entries = query.data?.data;
  return (
    <section className="dash-coming" aria-labelledby={headingId} aria-busy={status.pending}>
      <h2 id={headingId} className="dash-coming__heading">
        {t('dashboard.comingUp.title')}
      </h2>
      <SectionState status={status} />
      {entries === undefined ? null : entries.length === 0 ? (
        <p className="dash-today__empty">{t('dashboard.comingUp.nothing')}</p>
      ) : (
        <ul className="dash-coming__list" aria-labelledby={headingId}>
          {entries.map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
      <p className="dash-coming__more">
        <Link to={linkTo('/calendar')}>{t('dashboard.comingUp.seeCalendar')}</Link>
      </p>
    </section>
  );
}
