import { isApiError } from '../../../lib/api-client.js';
import { useI18n } from '../../../lib/i18n.js';

/** What a family's admission link says when it opens nothing: not valid, closed, or a failure to retry. */
export function LinkProblem({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useI18n();
  const status = isApiError(error) ? error.status : ((error as { status?: number } | null)?.status ?? 0);
  if (status === 409) {
    return (
      <div className="alert alert-warning" role="alert">
        {t('admissions.link.closed')}
      </div>
    );
  }
  if (status >= 400 && status < 500 && status !== 429) {
    return (
      <div className="alert alert-warning" role="alert">
        {t('admissions.link.invalid')}
      </div>
    );
  }
  return (
    <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert">
      <span>{t('admissions.link.failed')}</span>
      {onRetry ? (
        <button type="button" className="btn btn-outline-danger btn-sm" onClick={onRetry}>
          {t('admissions.link.retry')}
        </button>
      ) : null}
    </div>
  );
}

/** The token of the page's link (`?token=`), read from the address as the password reset page does. */
export const tokenOf = (search: URLSearchParams): string => search.get('token')?.trim() ?? '';
