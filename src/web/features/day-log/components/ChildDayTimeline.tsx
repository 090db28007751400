import '../../../styles/day-log.css';
import type { ReactNode } from 'react';
import type { LogEntry, TimelineItem } from '../../../../shared/api/day-log.js';
import type { PhotoMoment } from '../../../../shared/api/photo-moments.js';
import { timelineWords } from '../../../../shared/day-log-words.js';
import { EmptyState, FailureState, LoadingState } from '../../../components/school/QueryState.js';
import { isApiError } from '../../../lib/api-client.js';
import { useI18n } from '../../../lib/i18n.js';
import { formatDayTime, useSchoolTimeZone } from '../../../lib/school-time.js';
import { useAcknowledgeIncident } from '../api/acknowledge-incident.js';
import { useChildDay } from '../api/get-child-day.js';

/** An incident's acknowledgement: who and when, the guardian's button, or "not yet" for staff. */
function Acknowledgement({ entry, isGuardian }: { entry: LogEntry; isGuardian: boolean }) {
  const { t, locale } = useI18n();
  const timeZone = useSchoolTimeZone();
  const acknowledge = useAcknowledgeIncident();
  if (entry.acknowledged)
    return (
      <p className="day-timeline__by">
        {t('day-log.item.acknowledged', {
          name: entry.acknowledged.by,
          when: formatDayTime(entry.acknowledged.at, timeZone, locale),
        })}
      </p>
    );
  if (!isGuardian) return <p className="day-timeline__by">{t('day-log.item.notAcknowledged')}</p>;
  return (
    <>
      <button
        type="button"
        className="btn btn-primary rounded-pill day-timeline__acknowledge"
        disabled={acknowledge.isPending}
        onClick={() => acknowledge.mutate(entry.id)}
      >
        {acknowledge.isPending ? t('day-log.item.acknowledging') : t('day-log.item.acknowledge')}
      </button>
      {acknowledge.isError ? (
        <p className="invalid-feedback d-block" role="alert">
          {isApiError(acknowledge.error) ? acknowledge.error.message : t('day-log.item.acknowledgeFailed')}
        </p>
      ) : null}
    </>
  );
}

function TimelineRow({
  item,
  isGuardian,
  renderMoment,
}: {
  item: TimelineItem;
  isGuardian: boolean;
  renderMoment?: (moment: PhotoMoment) => ReactNode;
}) {
  const translator = useI18n();
  const words = timelineWords(translator, item);
  const incident = item.type === 'log' && item.entry.detail.kind === 'incident';
  return (
    <li className={incident ? 'day-timeline__item day-timeline__item--incident' : 'day-timeline__item'}>
      <span className="day-timeline__time">{item.time}</span>
      <div>
        <p className="day-timeline__headline">{words.headline}</p>
        {words.lines.map((line) => (
          <p key={line} className="day-timeline__line">
            {line}
          </p>
        ))}
        {item.type === 'log' ? (
          <p className="day-timeline__by">
            {translator.t('day-log.item.recordedBy', { name: item.entry.recordedBy })}
          </p>
        ) : null}
        {incident && item.type === 'log' ? (
          <Acknowledgement entry={item.entry} isGuardian={isGuardian} />
        ) : null}
        {item.type === 'photo' && renderMoment ? renderMoment(item.moment) : null}
      </div>
    </li>
  );
}

/**
 * A child's day as a timeline (docs/decisions/0078-the-daily-log.md): arrival, log entries and
 * collection in time order, with the photos of the day, with the guardian's acknowledgement of an incident. For a parent's
 * screen and the staff's.
 */
export function ChildDayTimeline({
  studentId,
  date,
  renderMoment,
}: {
  studentId: number;
  date: string;
  /** How a photo moment is shown (features/photo-moments, given by the route); else its words only. */
  renderMoment?: (moment: PhotoMoment) => ReactNode;
}) {
  const { t } = useI18n();
  const day = useChildDay(studentId, date);
  if (day.isError && !day.data) return <FailureState error={day.error} retry={day.refetch} />;
  if (!day.data) return <LoadingState />;
  const { items, isGuardian, unacknowledged, studentName } = day.data;
  return (
    <>
      {isGuardian && unacknowledged > 0 ? (
        <p className="school-state school-state--notice">
          {t('day-log.day.waiting', { count: unacknowledged })}
        </p>
      ) : null}
      {items.length === 0 ? (
        <EmptyState>{t('day-log.day.empty')}</EmptyState>
      ) : (
        <ol className="day-timeline" aria-label={t('day-log.day.title', { child: studentName })}>
          {items.map((item) => (
            <TimelineRow
              key={
                item.type === 'log'
                  ? `log-${item.entry.id}`
                  : item.type === 'photo'
                    ? `photo-${item.moment.id}`
                    : `${item.type}-${item.at}`
              }
              item={item}
              isGuardian={isGuardian}
              renderMoment={renderMoment}
            />
          ))}
        </ol>
      )}
    </>
  );
}
