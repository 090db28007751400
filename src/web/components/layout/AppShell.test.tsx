import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../shared/api/users.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { dashboardTilesOf } from '../../../shared/screens.js';
import { makeUser, mockApi } from '../../features/accounts/testing/mock-api.js';
import { seriousAxeViolations } from '../../test/axe.js';
import { allowConsoleErrors } from '../../test/console.js';
import { noteRow } from '../../test/notifications.js';
import { jsonResponse, renderApp } from '../../test/render-app.js';
import { NAV_LABEL, SIDE_NAV_QUERY } from './AppShell.js';

const CHILD = {
  studentId: 31,
  studentName: 'Mia Stone',
  classId: 4,
  className: 'Sunflowers',
  image: null,
  relationship: 'Mother',
} as const;

/**
 * The school area at `path` for a user of `type` (the screen's own calls answer nothing, `answers`
 * aside).
 */
function renderAs(type: User['type'], path = '/profile', answers: Record<string, unknown> = {}) {
  allowConsoleErrors(); // screens' own calls have no mock here; only the frame matters
  mockApi({
    'GET users/profile': () => jsonResponse({ results: makeUser({ name: 'Ravi Kumar', type }) }),
    'GET family/children': () => jsonResponse({ data: [CHILD] }),
    ...Object.fromEntries(Object.entries(answers).map(([call, body]) => [call, () => jsonResponse(body)])),
  });
  return renderApp(path, { token: 'a-token' });
}

/** `GET conversations/unread`: `total` unread, all of them in Mia's conversation. */
const unreadMessages = (total: number) => ({
  data: { total, children: total > 0 ? [{ studentId: CHILD.studentId, unread: total }] : [] },
});
/** `GET notification` with `unread` notes not yet read and one read. */
const notices = (unread: number) => ({
  data: Array.from({ length: unread + 1 }, (_, index) => noteRow(index + 1, index < unread)),
});

/** The visible badge of a link or button: hidden from assistive technology, which hears its name. */
const badgeOf = (element: HTMLElement) => element.querySelector('.app-badge');

/** A window as wide as a phone or a desktop (the side navigation's query matches). */
const screenIs = (kind: 'phone' | 'desktop') =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: kind === 'desktop' && query === SIDE_NAV_QUERY,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));

const navLinks = async () => {
  const nav = await screen.findByRole('navigation', { name: NAV_LABEL });
  await waitFor(() => expect(within(nav).getAllByRole('link').length).toBeGreaterThan(1));
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
};

afterEach(() => vi.unstubAllGlobals());

describe('the app shell on a desktop', () => {
  it.each([
    [
      USER_TYPE.student,
      [
        '/dashboard',
        '/student-class',
        '/exam',
        '/results',
        '/notification',
        '/profile',
        '/attendance-report',
        '/notification-settings',
        '/calendar',
        '/report-cards',
      ],
    ],
    [
      USER_TYPE.teacher,
      [
        '/dashboard',
        '/today',
        '/student-attendence',
        '/teacher-class',
        '/notification',
        '/profile',
        '/exams',
        '/final-results',
        '/schedule',
        '/classwise-student',
        '/marks',
        '/send-notification',
        '/photos',
        '/conversations',
        '/notification-settings',
        '/calendar',
        '/report-card-comments',
        '/security',
      ],
    ],
  ])('a %s has every place of their dashboard in the side navigation', async (type, hrefs) => {
    screenIs('desktop');
    renderAs(type);
    const links = await navLinks();
    expect(links.map(([, href]) => href)).toEqual(hrefs);
    expect(links[0]?.[0]).toBe('Dashboard');
  });

  it('a principal has every tile and the dashboard, in sections', async () => {
    screenIs('desktop');
    renderAs(USER_TYPE.principal);
    const links = await navLinks();
    // Every tile of the principal's dashboard, and the dashboard itself.
    expect(links).toHaveLength(dashboardTilesOf(USER_TYPE.principal).length + 1);
    const nav = screen.getByRole('navigation', { name: NAV_LABEL });
    for (const section of ['Teaching', 'Office', 'Website']) {
      expect(within(nav).getByRole('heading', { name: section })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('list', { name: 'Website' })).toHaveTextContent('WebsiteNewsletters');
  });

  it('a parent reaches their child’s places, Care details among them', async () => {
    screenIs('desktop');
    renderAs(USER_TYPE.parent, '/fees');
    const nav = await screen.findByRole('navigation', { name: NAV_LABEL });
    const child = await within(nav).findByRole('list', { name: 'Mia Stone' });
    expect(within(child).getByRole('link', { name: 'Care details' })).toHaveAttribute('href', '/care/31');
    expect(within(child).getByRole('link', { name: 'Timetable' })).toHaveAttribute(
      'href',
      '/schedule-summary?classId=4',
    );
    expect(within(nav).getByRole('link', { name: 'Fees' })).toHaveAttribute('aria-current', 'page');
  });

  it('marks only the shown child’s timetable as the current place, not every child’s', async () => {
    screenIs('desktop');
    allowConsoleErrors(); // the timetable's own calls have no mock here; only the frame matters
    mockApi({
      'GET users/profile': () =>
        jsonResponse({ results: makeUser({ name: 'Ravi Kumar', type: USER_TYPE.parent }) }),
      'GET family/children': () =>
        jsonResponse({ data: [CHILD, { ...CHILD, studentId: 32, studentName: 'Leo Stone', classId: 6 }] }),
    });
    renderApp('/schedule-summary?classId=6', { token: 'a-token' });
    const nav = await screen.findByRole('navigation', { name: NAV_LABEL });
    const leo = await within(nav).findByRole('list', { name: 'Leo Stone' });
    const mia = within(nav).getByRole('list', { name: 'Mia Stone' });
    expect(within(leo).getByRole('link', { name: 'Timetable' })).toHaveAttribute('aria-current', 'page');
    expect(within(mia).getByRole('link', { name: 'Timetable' })).not.toHaveAttribute('aria-current');
  });

  it('has a title bar with the page’s title, the school and the user, a slim footer, and no site frame', async () => {
    screenIs('desktop');
    renderAs(USER_TYPE.teacher, '/profile');
    const bar = screen.getByRole('banner');
    expect(within(bar).getByRole('heading', { level: 1, name: 'Personal Profile' })).toBeInTheDocument();
    expect(within(bar).getByRole('link', { name: /: Dashboard$/ })).toHaveAttribute('href', '/dashboard');
    expect(await within(bar).findByText('Ravi Kumar')).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'LogOut' })).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'The school’s website' })).toHaveAttribute('href', '/');
    expect(footer).not.toHaveTextContent('Newsletter');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link')).toHaveAttribute(
      'href',
      '/dashboard',
    );
    await navLinks();
    expect(await seriousAxeViolations(document.body)).toEqual([]);
  });

  it('Messages and Notification carry unread badges, said in the links’ names; nothing unread, no badge', async () => {
    screenIs('desktop');
    renderAs(USER_TYPE.teacher, '/profile', {
      'GET conversations/unread': unreadMessages(3),
      'GET notification': notices(0),
    });
    const nav = await screen.findByRole('navigation', { name: NAV_LABEL });
    const messages = await within(nav).findByRole('link', { name: 'Messages, 3 unread' });
    expect(messages).toHaveAttribute('href', '/conversations');
    expect(badgeOf(messages)).toHaveTextContent(/^3$/);
    expect(badgeOf(messages)).toHaveAttribute('aria-hidden', 'true');
    const notification = within(nav).getByRole('link', { name: 'Notification' });
    expect(badgeOf(notification)).toBeNull();
    expect(await seriousAxeViolations(document.body)).toEqual([]);
  });

  it('a badge over 99 says 99+, the name the whole count', async () => {
    screenIs('desktop');
    renderAs(USER_TYPE.principal, '/profile', {
      'GET conversations/unread': unreadMessages(0),
      'GET notification': notices(120),
    });
    const nav = await screen.findByRole('navigation', { name: NAV_LABEL });
    const notification = await within(nav).findByRole('link', { name: 'Notification, 120 unread' });
    expect(badgeOf(notification)).toHaveTextContent(/^99\+$/);
    expect(badgeOf(within(nav).getByRole('link', { name: 'Messages' }))).toBeNull();
  });

  it('LogOut ends the session and leaves the school area for /login', async () => {
    screenIs('desktop');
    const { router, user } = renderAs(USER_TYPE.student);
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'LogOut' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });
});

describe('the app shell on a phone', () => {
  it.each([
    [USER_TYPE.student, ['Home', 'Class', 'Exam', 'Results', 'News']],
    [USER_TYPE.teacher, ['Home', 'Today', 'Register', 'Classes', 'News']],
    [USER_TYPE.principal, ['Home', 'Approvals', 'Inbox', 'Register', 'News']],
    [USER_TYPE.parent, ['Home', 'News', 'Fees', 'Care']],
  ])('a %s has a bottom bar with the places used most, then More', async (type, labels) => {
    screenIs('phone');
    renderAs(type);
    const links = await navLinks();
    await waitFor(async () => expect((await navLinks()).map(([label]) => label)).toEqual(labels));
    const nav = screen.getByRole('navigation', { name: NAV_LABEL });
    expect(within(nav).getByRole('button', { name: 'More' })).toBeInTheDocument();
    expect(links.length).toBeLessThanOrEqual(5);
  });

  it('More opens a sheet with the rest; Escape closes it and a chosen place closes it too', async () => {
    screenIs('phone');
    const { user, router } = renderAs(USER_TYPE.teacher, '/today');
    await navLinks();
    const more = screen.getByRole('button', { name: 'More' });
    await user.click(more);
    const sheet = screen.getByRole('dialog', { name: 'More' });
    expect(within(sheet).getByRole('button', { name: 'Close' })).toHaveFocus();
    expect(within(sheet).getByRole('link', { name: 'Marks' })).toHaveAttribute('href', '/marks');
    expect(within(sheet).queryByRole('link', { name: 'Today' })).not.toBeInTheDocument();
    expect(await seriousAxeViolations(document.body)).toEqual([]);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(more).toHaveFocus();

    await user.click(more);
    await user.click(
      within(screen.getByRole('dialog', { name: 'More' })).getByRole('link', { name: 'Marks' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/marks'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'More' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('a parent’s bar shows the unread notes on News, and More the child’s unread messages inside it', async () => {
    screenIs('phone');
    const { user } = renderAs(USER_TYPE.parent, '/fees', {
      'GET conversations/unread': unreadMessages(2),
      'GET notification': notices(1),
    });
    const nav = await screen.findByRole('navigation', { name: NAV_LABEL });
    const news = await within(nav).findByRole('link', { name: 'News, 1 unread' });
    expect(badgeOf(news)).toHaveTextContent(/^1$/);
    const more = await within(nav).findByRole('button', { name: 'More, 2 unread' });
    expect(badgeOf(more)).toHaveTextContent(/^2$/);
    expect(badgeOf(more)).toHaveAttribute('aria-hidden', 'true');

    await user.click(more);
    const sheet = screen.getByRole('dialog', { name: 'More' });
    const mia = within(sheet).getByRole('list', { name: 'Mia Stone' });
    expect(within(mia).getByRole('link', { name: 'Messages, 2 unread' })).toHaveAttribute(
      'href',
      '/conversations/31',
    );
    expect(await seriousAxeViolations(document.body)).toEqual([]);
  });

  it('More has no badge when nothing in it is unread', async () => {
    screenIs('phone');
    renderAs(USER_TYPE.teacher, '/profile', {
      'GET conversations/unread': unreadMessages(0),
      'GET notification': notices(4),
    });
    const nav = await screen.findByRole('navigation', { name: NAV_LABEL });
    expect(await within(nav).findByRole('link', { name: 'News, 4 unread' })).toBeInTheDocument();
    const more = within(nav).getByRole('button', { name: 'More' });
    expect(badgeOf(more)).toBeNull();
  });
});
