import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '../../config/paths.js';
import { useSettings } from '../../lib/settings.js';

const reload = (): void => window.location.reload();

function ErrorMessage({ status }: { status?: number }) {
  const notFound = status === 404;
  return (
    <div className="error-message" role="alert">
      <p className="error-message__title">{notFound ? 'Page not found' : 'Oops! Something went wrong.'}</p>
      <p>
        {notFound
          ? 'We could not find what you were looking for.'
          : 'Sorry, this page could not be shown. Please try again in a moment.'}
      </p>
      <div className="d-flex flex-wrap gap-2 justify-content-center">
        <button type="button" className="btn btn-primary rounded-pill px-4" onClick={reload}>
          Retry
        </button>
        <Link to={paths.home} className="btn btn-outline-primary rounded-pill px-4">
          Go to the home page
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
