import { useId } from 'react';
import type { PublicDate } from '../../../../shared/api/public-calendar.js';
import { SectionState, sectionStatus } from '../../../components/ui/SectionState.js';
import { useI18n } from '../../../lib/i18n.js';
import { shortDate } from '../../../lib/school-time.js';
import { usePublicCalendar } from '../api/public-calendar.js';
import { isSectionHidden } from '../lib/content-rules.js';
import { PublicSectionHeading } from './PublicSectionHeading.js';

/** A day, or the first and last of several, in the page's language. */
function Days({ first, last }: { first: string; last: string }) {
  const { t, locale } = useI18n();
  if (first === last) return <time dateTime={first}>{shortDate(first, locale)}</time>;
  return (
    <>
      {t('public-site.calendar.from')} <time dateTime={first}>{shortDate(first, locale)}</time>{' '}
      {t('public-site.calendar.to')} <time dateTime={last}>{shortDate(last, locale)}</time>
    </>
  );
}

function DateItem({ date }: { date: PublicDate }) {
  const { t } = useI18n();
  return (
    <li className={`school-dates__item school-dates__item--${date.kind}`}>
      <p className="school-dates__when">
        <Days first={date.startDate} last={date.endDate} />
        {/* Times are the school's wall clock (HH:MM), as the calendar keeps them. */}
        {date.startTime !== null && date.endTime !== null ? (
          <>
            {', '}
            <span dir="ltr">
              {date.startTime}–{date.endTime}
            </span>
          </>
        ) : null}
      </p>
      <h4 className="school-dates__title">
        {date.kind === 'closure' ? (
          <>
            <span className="school-dates__closed">{t('public-site.calendar.closed')}</span>{' '}
          </>
        ) : null}
        {date.title}
      </h4>
      {date.place ? <p className="school-dates__place">{date.place}</p> : null}
      {date.description ? <p className="school-dates__text">{date.description}</p> : null}
    </li>
  );
}

/**
 * The school calendar on the home page (docs/decisions/0088-closed-days.md): the current year's term
 * dates and its public dates (whole-school closures and public events), server-rendered, no
 * JavaScript of its own. The titles are the principal's words; the rest is the page's language.
 * Left out when the school keeps neither a year nor a public date.
 */
export function SchoolCalendarSection() {
  const { t } = useI18n();
  const headingId = useId();
  const termsId = useId();
  const datesId = useId();
  const query = usePublicCalendar();
  const status = sectionStatus(query);
  const calendar = query.data;
  const terms = calendar?.year?.terms ?? [];
  const dates = calendar?.dates ?? [];
  if (isSectionHidden(status, terms.length > 0 || dates.length > 0)) return null;
  return (
    <section className="school-calendar section-pad" aria-labelledby={headingId} aria-busy={status.pending}>
      <div className="container">
        <PublicSectionHeading
          id={headingId}
          label={t('public-site.calendar.label')}
          title={t('public-site.calendar.title')}
        />
        <SectionState status={status} className="mx-auto" />
        <div className="row g-4 justify-content-center">
          {terms.length > 0 && calendar?.year ? (
            <div className="col-lg-5">
              <h3 id={termsId} className="school-calendar__heading">
                {t('public-site.calendar.terms', { year: calendar.year.name })}
              </h3>
              <ul className="school-terms" aria-labelledby={termsId}>
                {terms.map((term) => (
                  <li key={term.name} className="school-terms__item">
                    <span className="school-terms__name">{term.name}</span>{' '}
                    <span className="school-terms__days">
                      <Days first={term.firstDay} last={term.lastDay} />
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {dates.length > 0 ? (
            <div className="col-lg-7">
              <h3 id={datesId} className="school-calendar__heading">
                {t('public-site.calendar.dates')}
              </h3>
              <ul className="school-dates" aria-labelledby={datesId}>
                {dates.map((date) => (
                  <DateItem key={date.uid} date={date} />
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}
