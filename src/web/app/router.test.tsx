import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  isAppPath,
  PUBLIC_ROUTE_PATTERNS,
  SCHOOL_ROUTE_PATTERNS,
  SCHOOL_ROUTE_PREFIXES,
} from '../../shared/routes.js';
import { bannerTitleFor } from '../../shared/screens.js';
import { allowConsoleErrors } from '../test/console.js';
import { renderApp, setCookieToken } from '../test/render-app.js';
import { requireSession } from './require-session.js';
import { publicRoutePaths, schoolRoutePaths } from './router.js';
import { PageErrorBoundary } from './routes/errors.js';

const concrete = (pattern: string): string => pattern.replace(/:[a-z]+/gi, '12');

describe('requireSession (the authenticated routes’ loader)', () => {
  const redirectTarget = (): string | null => {
    try {
      requireSession();
      return null;
    } catch (thrown) {
      expect(thrown).toBeInstanceOf(Response);
      const response = thrown as Response;
      expect(response.status).toBe(302);
      return response.headers.get('Location');
    }
  };

  it('redirects to /login when the cookie is missing', () => {
    expect(redirectTarget()).toBe('/login');
  });

  it('redirects to /login when the cookie is empty', () => {
    setCookieToken('');
    expect(redirectTarget()).toBe('/login');
  });

  it('lets the visitor through with a token', () => {
    setCookieToken('a-token');
    expect(redirectTarget()).toBeNull();
  });
});

describe('routes', () => {
  it('are the shared route list the server answers 200 for, and nothing else', () => {
    expect(publicRoutePaths).toEqual([...PUBLIC_ROUTE_PATTERNS]);
    expect(schoolRoutePaths).toEqual([...SCHOOL_ROUTE_PATTERNS]);
    for (const pattern of [...publicRoutePaths, ...schoolRoutePaths]) {
      expect(isAppPath(concrete(pattern))).toBe(true);
    }
    expect(isAppPath('/nowhere')).toBe(false);
    expect(isAppPath('/mark-history')).toBe(false);
  });

  it('has a guarded route for every school path prefix', () => {
    const prefixes = new Set(schoolRoutePaths.map((path) => path.split('/')[1]));
    for (const prefix of SCHOOL_ROUTE_PREFIXES) expect(prefixes).toContain(prefix);
  });

  it('has both /student-attendence and /student-attendence/:id', () => {
    expect(schoolRoutePaths).toEqual(
      expect.arrayContaining(['/student-attendence', '/student-attendence/:id', '/student-profile/:id']),
    );
  });

  it.each(schoolRoutePaths)('sends %s to /login without the cookie', async (pattern) => {
    const { router } = renderApp(concrete(pattern));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign Up' })).toBeInTheDocument();
  });

  it('sends an authenticated page to /login when the cookie is empty', async () => {
    const { router } = renderApp('/profile', { token: '' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it.each(schoolRoutePaths)('shows %s with a token', async (pattern) => {
    // No server here: the screen's own calls fail (and log), but the route itself must render
    // under its banner title and not send the visitor away.
    allowConsoleErrors();
    const { router } = renderApp(concrete(pattern), { token: 'a-token' });
    const title = bannerTitleFor(concrete(pattern)) ?? '';
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(concrete(pattern));
  });

  it.each(publicRoutePaths.filter((path) => path !== '/'))('shows %s without a cookie', async (path) => {
    const { router } = renderApp(path);
    const title = bannerTitleFor(path) ?? '';
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('.page-fallback')).toBeNull());
    expect(router.state.location.pathname).toBe(path);
  });

  it('checks the session again on every navigation inside the school area', async () => {
    allowConsoleErrors(); // the dashboard's profile call has no server to answer it
    const { router } = renderApp('/dashboard', { token: 'a-token' });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    // The cookie expires without anyone noticing; the next navigation must.
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
    document.cookie = 'kids_pre_token=; Max-Age=0; Path=/';
    await router.navigate('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

function Broken(): never {
  throw new Error('Broken screen');
}

describe('PageErrorBoundary', () => {
  it('explains a failed page and offers Retry', async () => {
    allowConsoleErrors(); // React reports the error it caught.
    const router = createMemoryRouter([{ path: '/', Component: Broken, ErrorBoundary: PageErrorBoundary }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Oops! Something went wrong.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});
