import { EmptyState, FailureState, LoadingState } from '../../../components/school/QueryState.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { useI18n } from '../../../lib/i18n.js';
import { formatWhen } from '../../../lib/school-time.js';
import { useSettings } from '../../../lib/settings.js';
import { useAccessLog } from '../api/get-access-log.js';

/**
 * Who opened the child's records (docs/decisions/0106-who-looked.md), under the care details of
 * those who keep them: the principal reads every entry with its address, a guardian the staff's
 * openings of the care details.
 */
export function AccessLogPanel({ studentId }: { studentId: number }) {
  const { t, locale } = useI18n();
  const log = useAccessLog(studentId);
  const timeZone = useSettings().data?.timeZone;
  const scope = log.data?.pages[0]?.scope;
  const body = () => {
    if (log.isPending) return <LoadingState />;
    if (log.isError) return <FailureState error={log.error} retry={() => void log.refetch()} />;
    const entries = log.data.pages.flatMap((page) => page.entries);
    if (entries.length === 0) return <EmptyState>{t('family.access.empty')}</EmptyState>;
    return (
      <>
        <ol className="access-log__list">
          {entries.map((entry) => (
            <li key={entry.id} className="access-log__entry">
              <p className="access-log__what">
                {t(`family.access.kind.${entry.kind}`)}
                {entry.detail ? <span className="access-log__detail"> · {entry.detail}</span> : null}
              </p>
              <p className="access-log__who">
                <strong>{entry.isYou ? t('family.access.you') : entry.viewerName}</strong> (
                {t(`common.userType.${entry.viewerType}`)}),{' '}
                <time dateTime={entry.at}>{formatWhen(entry.at, timeZone, locale)}</time>
                {entry.address ? (
                  <span className="access-log__address">
                    {' '}
                    · {t('family.access.from', { address: entry.address })}
                  </span>
                ) : null}
              </p>
            </li>
          ))}
        </ol>
        {log.hasNextPage ? (
          <button
            type="button"
            className="btn btn-outline-primary rounded-pill"
            disabled={log.isFetchingNextPage}
            onClick={() => void log.fetchNextPage()}
          >
            {log.isFetchingNextPage ? t('family.access.loadingMore') : t('family.access.more')}
          </button>
        ) : null}
      </>
    );
  };
  return (
    <SchoolPanel
      title={t('family.access.title')}
      lead={t(scope === 'all' ? 'family.access.leadAll' : 'family.access.leadFamily')}
      className="access-log"
    >
      {body()}
    </SchoolPanel>
  );
}
