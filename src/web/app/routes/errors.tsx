import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '../../config/paths.js';

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

/** The frame itself failed: a plain page that needs nothing else to work. */
export function RootErrorBoundary() {
  const error = useRouteError();
  return (
    <main className="root-error container py-5">
      <p className="site-brand">Schoolyard</p>
      <ErrorMessage status={statusOf(error)} />
    </main>
  );
}
