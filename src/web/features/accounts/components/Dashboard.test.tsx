import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type SchoolType, USER_TYPE, type UserType } from '../../../../shared/constants.js';
import { setUnauthorizedHandler } from '../../../lib/api-client.js';
import { getSessionToken } from '../../../lib/session.js';
import { PHONE_QUERY } from '../../../lib/use-media-query.js';
import { allowConsoleErrors } from '../../../test/console.js';
import { wholeText } from '../../../test/i18n.js';
import { noteRow } from '../../../test/notifications.js';
import { jsonResponse, renderApp } from '../../../test/render-app.js';
import { todayAnswer } from '../../dashboard/testing/today.js';
import { dashboardTilesFor, PRINCIPAL_DAILY_PATHS } from '../lib/tiles.js';
import { errorResponse, makeUser, mockApi, routeUnauthorizedTo } from '../testing/mock-api.js';

/**
 * docs/contract/product.md#school-screens (labels) with docs/contract/fixes-and-gaps.md#fix-5 (targets), plus
 * Marks and Send Notification for staff and Approvals, Website and Inbox for the principal.
 */
const EXPECTED: Record<Exclude<SchoolType, typeof USER_TYPE.parent>, [string, string][]> = {
  [USER_TYPE.student]: [
    ['Profile', '/profile'],
    ['Student-Class', '/student-class'],
    ['Exam', '/exam'],
    ['Results', '/results'],
    ['Notification', '/notification'],
    ['Attendance-Report', '/attendance-report'],
    ['Notification settings', '/notification-settings'],
    ['Calendar', '/calendar'],
    // docs/decisions/0090-report-cards.md
    ['Report cards', '/report-cards'],
  ],
  [USER_TYPE.teacher]: [
    ['Profile', '/profile'],
    ['Today', '/today'],
    ['Student-Attendence', '/student-attendence'],
    ['Teacher-Class', '/teacher-class'],
    ['Exams', '/exams'],
    ['Final-Results', '/final-results'],
    ['Notification', '/notification'],
    ['Schedule', '/schedule'],
    ['ClassWise-Student', '/classwise-student'],
    ['Marks', '/marks'],
    ['Send Notification', '/send-notification'],
    ['Photos', '/photos'],
    ['Messages', '/conversations'],
    ['Notification settings', '/notification-settings'],
    ['Calendar', '/calendar'],
    ['Report card comments', '/report-card-comments'],
    // docs/decisions/0108-two-factor-for-staff.md
    ['Sign-in security', '/security'],
  ],
  [USER_TYPE.principal]: [
    ['Profile', '/profile'],
    ['Attendence', '/attendence'],
    ['Class', '/student-class'],
    ['Exams', '/exams'],
    ['Results', '/results'],
    ['Schedule', '/schedule'],
    ['Notification', '/notification'],
    ['Payment', '/payment'],
    ['Marks', '/marks'],
    ['Send Notification', '/send-notification'],
    ['School Set-up', '/school-setup'],
    ['Import Pupils', '/import-pupils'],
    ['Approvals', '/approvals'],
    ['Website', '/website'],
    ['Inbox', '/inbox'],
    ['Today', '/today'],
    ['Guardians', '/guardians'],
    ['Outbox', '/outbox'],
    ['Newsletters', '/newsletters'],
    ['Blog Comments', '/blog-comments'],
    ['Words', '/words'],
    ['Photos', '/photos'],
    ['Messages', '/conversations'],
    ['Notification settings', '/notification-settings'],
    ['School years', '/school-years'],
    ['Calendar', '/calendar'],
    ['New school year', '/rollover'],
    ['Review report cards', '/report-cards-review'],
    ['Forms', '/school-forms'],
    ['Admissions', '/admissions'],
    ['Keeping records', '/retention'],
    // docs/decisions/0108-two-factor-for-staff.md
    ['Sign-in security', '/security'],
  ],
};

/** A row of `GET users?status=pending`. */
const pendingUser = (id: number) => ({
  ...makeUser({ type: 'Parent', name: `Waiting ${id}` }),
  id,
  email: `waiting${id}@example.org`,
  status: 'pending',
  createdAt: '2026-11-20T08:00:00.000Z',
  photos: [],
});

function openDashboard(
  type: UserType,
  name = 'Asha Verma',
  notes = [noteRow(1, false)],
  waiting: { pending?: number; openMessages?: number } = {},
) {
  const api = mockApi({
    'GET users/profile': () => jsonResponse({ results: makeUser({ type, name }) }),
    'GET notification': () => jsonResponse({ data: notes }),
    'GET family/children': () => jsonResponse({ data: [] }),
    // Staff's dashboards start with the day (features/dashboard); its figures are tested there.
    'GET dashboard/today': () => jsonResponse(todayAnswer()),
    'GET users?status=pending': () =>
      jsonResponse({ data: Array.from({ length: waiting.pending ?? 0 }, (_, i) => pendingUser(100 + i)) }),
    'GET admin/inbox?handled=false': () =>
      jsonResponse({
        data: [],
        meta: { total: waiting.openMessages ?? 0, unhandled: waiting.openMessages ?? 0 },
      }),
  });
  return { ...renderApp('/dashboard', { token: 'tok' }), api };
}

const tileLinks = () =>
  within(screen.getByRole('list', { name: 'Your school area' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

/** The screen itself, without the app shell's navigation and title bar (AppShell.tsx). */
const inMain = () => within(screen.getByRole('main'));

describe('dashboard', () => {
  afterEach(() => setUnauthorizedHandler(() => undefined));

  it.each(Object.keys(EXPECTED) as (keyof typeof EXPECTED)[])('shows exactly the %s tiles', async (type) => {
    openDashboard(type);
    expect(await screen.findByText(wholeText('Hello, Asha!'))).toBeInTheDocument();
    expect(tileLinks()).toEqual(EXPECTED[type]);
    // Each tile is a card with a heading whose link is the label alone.
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(
      EXPECTED[type].map(([label]) => label),
    );
  });

  it.each([USER_TYPE.student, USER_TYPE.teacher, USER_TYPE.principal] as const)(
    "the %s's Notification tile says how many notes are not yet read",
    async (type) => {
      openDashboard(type, 'Asha Verma', [noteRow(1, true), noteRow(2, false), noteRow(3, true)]);
      const link = await screen.findByRole('link', { name: 'Notification, 2 new' });
      expect(link).toHaveAttribute('href', '/notification');
      // The other tiles keep their label alone.
      expect(screen.getByRole('link', { name: 'Profile' })).toBeInTheDocument();
    },
  );

  /** A window as wide as a phone (PHONE_QUERY matches) or a desktop (nothing matches). */
  const screenIs = (kind: 'phone' | 'desktop') =>
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: kind === 'phone' && query === PHONE_QUERY,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }));
  const tileHrefs = () =>
    within(screen.getByRole('list', { name: 'Your school area' }))
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));

  it('on a phone the principal’s daily tiles come first (Approvals, Inbox, Attendence, Notification); on a desktop the contract’s order', async () => {
    screenIs('phone');
    openDashboard(USER_TYPE.principal);
    await inMain().findByRole('link', { name: 'Approvals' });
    const all = (dashboardTilesFor(USER_TYPE.principal) ?? []).map((tile) => tile.path);
    const phone = tileHrefs();
    expect(phone.slice(0, 4)).toEqual([...PRINCIPAL_DAILY_PATHS]);
    expect(phone.slice(4)).toEqual(all.filter((path) => !PRINCIPAL_DAILY_PATHS.includes(path)));
    vi.unstubAllGlobals();
  });

  it('on a desktop the principal’s tiles keep the contract’s order; a pupil’s phone order is unchanged', async () => {
    screenIs('desktop');
    const first = openDashboard(USER_TYPE.principal);
    await inMain().findByRole('link', { name: 'Approvals' });
    expect(tileHrefs()).toEqual((dashboardTilesFor(USER_TYPE.principal) ?? []).map((tile) => tile.path));
    first.unmount();
    screenIs('phone');
    openDashboard(USER_TYPE.student);
    await inMain().findByRole('link', { name: 'Profile' });
    expect(tileHrefs()).toEqual((dashboardTilesFor(USER_TYPE.student) ?? []).map((tile) => tile.path));
    vi.unstubAllGlobals();
  });

  it('the principal’s Approvals and Inbox tiles say how many registrations wait and messages are open', async () => {
    openDashboard(USER_TYPE.principal, 'Asha Verma', [noteRow(1, false)], { pending: 2, openMessages: 3 });
    expect(await screen.findByRole('link', { name: 'Approvals, 2 waiting' })).toHaveAttribute(
      'href',
      '/approvals',
    );
    expect(await screen.findByRole('link', { name: 'Inbox, 3 open' })).toHaveAttribute('href', '/inbox');
    expect(screen.getByText('2 waiting')).toHaveClass('badge');
  });

  it('nothing waiting: the principal’s tiles keep their labels alone', async () => {
    const { api } = openDashboard(USER_TYPE.principal);
    await waitFor(() => expect(api.callsTo('GET admin/inbox?handled=false')).toHaveLength(1));
    await waitFor(() => expect(api.callsTo('GET users?status=pending')).toHaveLength(1));
    expect(await inMain().findByRole('link', { name: 'Approvals' })).toBeInTheDocument();
    expect(inMain().getByRole('link', { name: 'Inbox' })).toBeInTheDocument();
  });

  it.each([USER_TYPE.student, USER_TYPE.teacher] as const)(
    'a %s’s dashboard asks nothing of approvals or the inbox',
    async (type) => {
      const { api } = openDashboard(type);
      await waitFor(() => expect(api.callsTo('GET notification')).toHaveLength(1));
      expect(api.callsTo('GET users?status=pending')).toEqual([]);
      expect(api.callsTo('GET admin/inbox?handled=false')).toEqual([]);
    },
  );

  it('no badge when every note is read', async () => {
    const { api } = openDashboard(USER_TYPE.student, 'Asha Verma', [noteRow(1, false)]);
    const link = await screen.findByRole('link', { name: 'Notification' });
    await waitFor(() => expect(api.callsTo('GET notification')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(link.textContent).toBe('Notification');
    expect(screen.queryByText(/ new$/)).not.toBeInTheDocument();
  });

  it('types without a school area do not ask for notifications', async () => {
    const { api } = openDashboard('Director');
    await screen.findByRole('heading', { name: 'The school area is not open for Director accounts yet' });
    expect(api.callsTo('GET notification')).toHaveLength(0);
  });

  it('a Parent gets their children’s area, not the “not open” message (docs/decisions/0021-families.md)', async () => {
    const { api } = openDashboard(USER_TYPE.parent, 'Maria Verma');
    expect(await screen.findByText(wholeText('Hello, Maria!'))).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Your children will appear here soon' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /not open/ })).not.toBeInTheDocument();
    expect(api.callsTo('GET family/children')).toHaveLength(1);
    // The family screens' own tests (features/family) cover the children and their tiles.
  });

  it('greets the user by name and shows the account type', async () => {
    openDashboard(USER_TYPE.teacher, 'Ravi Kumar');
    expect(await screen.findByText(wholeText('Hello, Ravi!'))).toBeInTheDocument();
    expect(inMain().getByText('Ravi Kumar')).toBeInTheDocument();
    expect(inMain().getByText('Teacher')).toBeInTheDocument();
  });

  it.each(['Director', 'HOD', 'Pion', 'Gard', 'Driver'] as const)(
    'explains to a %s that the school area is not open yet, with a profile link',
    async (type) => {
      openDashboard(type);
      expect(
        await screen.findByRole('heading', { name: `The school area is not open for ${type} accounts yet` }),
      ).toBeInTheDocument();
      expect(screen.queryByRole('list', { name: 'Your school area' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to my profile' })).toHaveAttribute('href', '/profile');
      expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    },
  );

  it('offers Retry when the profile cannot load', async () => {
    allowConsoleErrors(); // the query client logs the failed load
    mockApi({
      'GET users/profile': () => errorResponse(500, 'INTERNAL', 'Something went wrong on our side.'),
    });
    renderApp('/dashboard', { token: 'tok' });
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('a 401 (expired or revoked token) clears the cookie and lands on /login', async () => {
    allowConsoleErrors();
    mockApi({ 'GET users/profile': () => errorResponse(401, 'UNAUTHORIZED', 'Your session has ended.') });
    const { router } = renderApp('/dashboard', { token: 'old-token' });
    routeUnauthorizedTo(router);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getSessionToken()).toBeUndefined();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign Up' })).toBeInTheDocument();
  });
});
