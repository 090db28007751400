import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SCHOOL_ROUTE_PREFIXES } from '../../../shared/routes.js';
import { BANNER_TITLES } from '../../../shared/screens.js';
import { publicRoutePaths, schoolRoutePaths } from '../../app/router.js';
import { ApiError } from '../../lib/api-client.js';
import { allowConsoleErrors } from '../../test/console.js';
import { urlOf } from '../../test/content-fetch.js';
import { jsonResponse, renderApp } from '../../test/render-app.js';

/** A concrete URL for the route whose first segment is `segment` (ids filled in). */
function urlFor(segment: string): string {
  const pattern = [...publicRoutePaths, ...schoolRoutePaths].find((path) => path.split('/')[1] === segment);
  if (!pattern) throw new Error(`No route starts with /${segment}`);
  return pattern.replace(/:[a-z]+/gi, '7');
}

const HOME = {
  data: [
    {
      id: 1,
      heading: 'Welcome to Schoolyard',
      heading2: 'The best start for little learners',
      learm_more: 'Learn More',
      discription: 'Play, stories and friends, every day.',
      images: [{ image: 'home/hero.jpg', alt: 'Children painting together' }],
    },
  ],
};

/** Answers the home call with `home()`; the home page's other sections get no content. */
const mockHomeContent = (home: () => Response) =>
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    if (urlOf(input) === '/api/home') return home();
    // The home page's school calendar (docs/decisions/0088-closed-days.md): none kept.
    if (urlOf(input) === '/api/calendar/public') return jsonResponse({ year: null, dates: [] });
    // The classes' free seats (docs/decisions/0101-seats-that-mean-something.md): no year kept.
    if (urlOf(input) === '/api/admissions/seats') return jsonResponse({ year: null, classes: [] });
    return jsonResponse({ data: [] });
  });

const homeCalls = (fetchMock: ReturnType<typeof mockHomeContent>): number =>
  fetchMock.mock.calls.filter(([input]) => urlOf(input) === '/api/home').length;

describe('PageBanner', () => {
  it.each(Object.entries(BANNER_TITLES))('shows the title of /%s: %s', async (segment, title) => {
    allowConsoleErrors(); // the screen's own calls have no server here; only the banner matters
    renderApp(urlFor(segment), { token: 'a-token' });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    // The school area's title bar leads back to the dashboard (docs/decisions/0051-app-shell.md), the
    // site's banner home; the dashboard itself has no way back.
    const school = SCHOOL_ROUTE_PREFIXES.includes(segment);
    if (segment === 'dashboard') {
      expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
      return;
    }
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: school ? 'Dashboard' : 'Home' })).toHaveAttribute(
      'href',
      school ? '/dashboard' : '/',
    );
    expect(within(breadcrumb).getByText(title)).toHaveAttribute('aria-current', 'page');
  });

  it('says "Page not found" on a path the site does not have', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  });

  it('says "Page not found" on a known first segment whose route needs an id', async () => {
    allowConsoleErrors();
    renderApp('/student-profile', { token: 'a-token' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('shows the home hero from the home content on /', async () => {
    const fetchMock = mockHomeContent(() => jsonResponse(HOME));
    renderApp('/');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'The best start for little learners' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Welcome to Schoolyard')).toBeInTheDocument();
    expect(screen.getByText('Play, stories and friends, every day.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Learn More about our school' })).toHaveAttribute(
      'href',
      '/about',
    );
    const image = screen.getByRole('img', { name: 'Children painting together' });
    expect(image).toHaveAttribute('src', '/uploads/home/hero.jpg');
    expect(image).toHaveAttribute('width');
    expect(image).toHaveAttribute('height');
    expect(fetchMock).toHaveBeenCalledWith('/api/home', expect.objectContaining({ method: 'GET' }));
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
  });

  it('leaves out the button when the home content has no button label', async () => {
    const record = { ...HOME.data[0], learm_more: '' };
    mockHomeContent(() => jsonResponse({ data: [record] }));
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'The best start for little learners' });
    expect(screen.queryByRole('link', { name: /^Learn More/ })).not.toBeInTheDocument();
  });

  it('says the home content could not load, logs it, and retries on request', async () => {
    allowConsoleErrors();
    const logged = vi.mocked(console.error);
    let serverUp = false;
    const fetchMock = mockHomeContent(() =>
      serverUp ? jsonResponse(HOME) : jsonResponse({ error: { code: 'INTERNAL', message: 'Boom' } }, 500),
    );
    const { user } = renderApp('/');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sorry, we could not load this part of the page.');
    const failedCalls = homeCalls(fetchMock);
    expect(logged).toHaveBeenCalledWith('Could not load ["content","home"]:', expect.any(ApiError));
    serverUp = true;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'The best start for little learners' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Retry asked again (a retry of the failed load may still have been under way when the alert
    // showed, so the count is a floor, not an exact number).
    expect(homeCalls(fetchMock)).toBeGreaterThan(failedCalls);
  });
});
