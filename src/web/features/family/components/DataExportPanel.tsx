import { EXPORT_LINK_DAYS } from '../../../../shared/api/family-export.js';
import { USER_TYPE } from '../../../../shared/constants.js';
import { EmptyState, FailureState, LoadingState } from '../../../components/school/QueryState.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { useCurrentUser } from '../../../lib/current-user.js';
import { useI18n } from '../../../lib/i18n.js';
import { formatWhen } from '../../../lib/school-time.js';
import { useSettings } from '../../../lib/settings.js';
import { useDataExports, useRequestDataExport } from '../api/data-exports.js';

/**
 * The child's data, on request (docs/decisions/0109-a-familys-data-on-request.md), under the care
 * details of a guardian and of the principal: ask for an archive, and see the requests with their
 * states. The archive itself comes by a mailed link.
 */
export function DataExportPanel({ studentId, studentName }: { studentId: number; studentName: string }) {
  const { t, locale } = useI18n();
  const exports = useDataExports(studentId);
  const request = useRequestDataExport(studentId);
  const timeZone = useSettings().data?.timeZone;
  const isPrincipal = useCurrentUser().data?.type === USER_TYPE.principal;
  const when = (at: string | null) =>
    at ? <time dateTime={at}>{formatWhen(at, timeZone, locale)}</time> : '—';
  const body = () => {
    if (exports.isPending) return <LoadingState />;
    if (exports.isError) return <FailureState error={exports.error} retry={() => void exports.refetch()} />;
    const list = exports.data.exports;
    if (list.length === 0) return <EmptyState>{t('family.export.none')}</EmptyState>;
    return (
      <div className="table-responsive">
        <table className="table table-sm align-middle">
          <caption className="visually-hidden">{t('family.export.history')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('family.export.col.requested')}</th>
              <th scope="col">{t('family.export.col.by')}</th>
              <th scope="col">{t('family.export.col.state')}</th>
              <th scope="col">{t('family.export.col.expires')}</th>
              <th scope="col">{t('family.export.col.downloads')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((item) => (
              <tr key={item.id}>
                <td>{when(item.requestedAt)}</td>
                <td>{item.isYours ? t('family.access.you') : item.requestedBy}</td>
                <td>{t(`family.export.state.${item.state}`)}</td>
                <td>{item.state === 'ready' ? when(item.expiresAt) : '—'}</td>
                <td>{item.downloads}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  };
  return (
    <SchoolPanel
      title={t('family.export.titleOf', { name: studentName })}
      lead={t(isPrincipal ? 'family.export.leadPrincipal' : 'family.export.lead', {
        name: studentName,
        days: EXPORT_LINK_DAYS,
      })}
      className="data-export"
    >
      <p>
        <button
          type="button"
          className="btn btn-primary rounded-pill"
          disabled={request.isPending}
          onClick={() => request.mutate()}
        >
          {t('family.export.request')}
        </button>
      </p>
      <div aria-live="polite">
        {request.isSuccess ? <p className="text-success-emphasis">{t('family.export.requested')}</p> : null}
        {request.isError ? (
          <p className="text-danger-emphasis" role="alert">
            {request.error.message}
          </p>
        ) : null}
      </div>
      <h3 className="h6">{t('family.export.history')}</h3>
      {body()}
    </SchoolPanel>
  );
}
