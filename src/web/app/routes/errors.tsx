import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '../../config/paths.js';
import { useI18n } from '../../lib/i18n.js';
import { useSettings } from '../../lib/settings.js';

const reload = (): void => window.location.reload();

function ErrorMessage({ status }: { status?: number }) {
  const { t } = useI18n();
  const notFound = status === 404;
  return (
    <div className="error-message" role="alert">
      <p className="error-message__title">
        {notFound ? t('layout.error.notFoundTitle') : t('layout.error.title')}
      </p>
      <p>{notFound ? t('layout.error.notFoundText') : t('layout.error.text')}</p>
      <div className="d-flex flex-wrap gap-2 justify-content-center">
        <button type="button" className="btn btn-primary rounded-pill px-4" onClick={reload}>
          {t('layout.error.retry')}
        </button>
        <Link to={paths.home} className="btn btn-outline-primary rounded-pill px-4">
          {t('layout.error.home')}
        </Link>
      </div>
    </div>
  );
}

const statusOf = (error: unknown): number | undefined =>
  isRouteErrorResponse(error) ? error.status : undefined;

/** A page failed: the navigation and footer stay, the page area explains and offers a retry. */
export function PageErrorBoundary() {
  const error = useRouteError();
  return (
    <section className="container py-5">
      <ErrorMessage status={statusOf(error)} />
    </section>
  );
}

/**
 * The frame itself failed: a plain page that needs nothing else to work. It names the school when
 * its settings are known (they are in the page the server sent), and nothing else in its place.
 */
export function RootErrorBoundary() {
  const error = useRouteError();
  const school = useSettings().data?.name;
  return (
    <main className="root-error container py-5">
      {school ? <p className="site-brand">{school}</p> : null}
      <ErrorMessage status={statusOf(error)} />
    </main>
  );
}
