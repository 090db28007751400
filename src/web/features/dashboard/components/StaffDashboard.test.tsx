import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DashboardToday } from '../../../../shared/api/dashboard.js';
import { USER_TYPE } from '../../../../shared/constants.js';
import { groupedTilesOf } from '../../../../shared/dashboard-groups.js';
import { dashboardTilesOf } from '../../../../shared/screens.js';
import { seriousAxeViolations } from '../../../test/axe.js';
import { allowConsoleErrors } from '../../../test/console.js';
import { renderApp } from '../../../test/render-app.js';
import { answer, mockApi } from '../../../test/school-test-utils.js';
import { makeUser } from '../../accounts/testing/mock-api.js';
import { todayAnswer } from '../testing/today.js';

const KG = {
  classId: 3,
  className: 'KG',
  pupils: 15,
  arrived: 12,
  present: 0,
  absent: 1,
  marked: 0,
  closedFor: null,
};
// Its register taken without every child checked in at the door: 7 came through Today, 9 are
// marked Present.
const CLASS_2 = {
  classId: 6,
  className: 'Class 2',
  pupils: 10,
  arrived: 7,
  present: 9,
  absent: 1,
  marked: 10,
  closedFor: null,
};
const PRINCIPAL_DAY = todayAnswer({
  classes: [KG, CLASS_2],
  approvals: 2,
  inbox: 1,
  blogComments: 4,
  outbox: { waiting: 3, failed: 1 },
  overdue: { invoices: 1, byCurrency: [{ currency: 'USD', outstanding: 7_000 }] },
  events: [
    { kind: 'exam', date: '2026-11-28', time: '09:00 - 10:00', className: 'KG', subjectName: 'Maths' },
  ],
});

function openDashboard(
  type: typeof USER_TYPE.principal | typeof USER_TYPE.teacher,
  today: DashboardToday | object,
  unreadMessages = 0,
) {
  const api = mockApi({
    'GET conversations/unread': { data: { total: unreadMessages, children: [] } },
    'GET users/profile': { results: makeUser({ type, name: 'Asha Verma' }) },
    'GET notification': { data: [] },
    'GET users?status=pending': { data: [] },
    'GET admin/inbox?handled=false': { data: [], meta: { total: 0, unhandled: 0 } },
    'GET dashboard/today': today,
  });
  return { ...renderApp('/dashboard', { token: 'tok' }), api };
}

/** The route's module loads lazily: on a busy machine that takes more than findBy's usual second. */
const LOADED = { timeout: 10_000 };

// The router imports the screen when it is first opened; importing it here first keeps that
// (its transform, on a busy machine seconds long) out of the first test's wait.
beforeAll(async () => {
  await import('../../../app/routes/school/dashboard.js');
});

const hrefOf = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href');
const tileHrefs = () =>
  within(screen.getByRole('list', { name: 'Your school area' }))
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));

describe('the principal’s dashboard', () => {
  afterEach(() => vi.restoreAllMocks());

  it('starts with today: each class’s arrivals, absences and register, what waits, money overdue, the week’s exams; every figure a link', async () => {
    openDashboard(USER_TYPE.principal, PRINCIPAL_DAY);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Today, Thu, 26 Nov 2026' }, LOADED),
    ).toBeInTheDocument();
    const classes = within(screen.getByRole('list', { name: 'Classes today' }));
    const kg = within(
      classes.getAllByRole('listitem').find((item) => item.textContent?.startsWith('KG')) as HTMLElement,
    );
    expect(kg.getByRole('link', { name: '12 of 15 arrived' })).toHaveAttribute('href', '/today?classId=3');
    expect(kg.getByRole('link', { name: '1 absent' })).toHaveAttribute('href', '/attendence?date=2026-11-26');
    expect(kg.getByRole('link', { name: 'Attendance not taken yet' })).toHaveAttribute(
      'href',
      '/attendence?date=2026-11-26',
    );
    // Taken, the register says who is present (not "7 arrived" beside "Attendance taken").
    const class2 = within(
      classes.getAllByRole('listitem').find((item) => item.textContent?.startsWith('Class 2')) as HTMLElement,
    );
    expect(class2.getByRole('link', { name: '9 of 10 present' })).toHaveAttribute(
      'href',
      '/attendence?date=2026-11-26',
    );
    expect(class2.queryByRole('link', { name: /arrived$/ })).not.toBeInTheDocument();
    expect(class2.getByRole('link', { name: 'Attendance taken' })).toBeInTheDocument();

    const waiting = within(screen.getByRole('list', { name: 'Waiting for you' }));
    expect(waiting.getByRole('link', { name: '2 registrations to approve' })).toHaveAttribute(
      'href',
      '/approvals',
    );
    expect(waiting.getByRole('link', { name: '1 message in the inbox' })).toHaveAttribute('href', '/inbox');
    expect(waiting.getByRole('link', { name: '4 blog comments to approve' })).toHaveAttribute(
      'href',
      '/blog-comments',
    );
    expect(waiting.getByRole('link', { name: '3 mails waiting to go' })).toHaveAttribute(
      'href',
      '/outbox?status=waiting',
    );
    expect(waiting.getByRole('link', { name: '1 mail failed' })).toHaveAttribute(
      'href',
      '/outbox?status=failed',
    );
    expect(waiting.getByRole('link', { name: '$70.00 overdue on 1 invoice' })).toHaveAttribute(
      'href',
      '/payment?tab=overdue',
    );
    expect(
      within(screen.getByRole('list', { name: 'This week' })).getByRole('link', {
        name: 'Sat, 28 Nov 2026, 09:00 - 10:00 Maths exam, KG',
      }),
    ).toHaveAttribute('href', '/exams');
  });

  it('then the contract’s tiles, all of them at first; a group’s button shows that group alone, in the registry’s order', async () => {
    const { user, router } = openDashboard(USER_TYPE.principal, PRINCIPAL_DAY);
    await screen.findByRole('heading', { level: 2, name: /^Today/ }, LOADED);
    const all = dashboardTilesOf(USER_TYPE.principal).map((tile) => tile.path);
    expect(tileHrefs()).toEqual(all);
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    for (const { group, tiles } of groupedTilesOf(USER_TYPE.principal) ?? []) {
      await user.click(screen.getByRole('button', { name: group }));
      // The choice goes through the router (the address), which renders again after it.
      await screen.findByRole('button', { name: group, pressed: true });
      expect(tileHrefs()).toEqual(tiles.map((tile) => tile.path));
      expect(router.state.location.search).toBe(`?tiles=${group}`);
    }
    await user.click(screen.getByRole('button', { name: 'All' }));
    await screen.findByRole('button', { name: 'All', pressed: true });
    expect(tileHrefs()).toEqual(all);
    expect(router.state.location.search).toBe('');
  });

  it('the Blog Comments tile says how many wait, from the day’s figures', async () => {
    openDashboard(USER_TYPE.principal, PRINCIPAL_DAY);
    await screen.findByRole('heading', { level: 2, name: /^Today/ }, LOADED);
    const tiles = within(screen.getByRole('list', { name: 'Your school area' }));
    const tile = tiles.getAllByRole('link').find((link) => link.getAttribute('href') === '/blog-comments');
    expect(tile).toBeDefined();
    expect(tile?.textContent).toContain('4 waiting');
  });

  it('no blog comment waiting: the figure says 0 and the tile has no pill', async () => {
    openDashboard(USER_TYPE.principal, { ...PRINCIPAL_DAY, blogComments: 0 });
    await screen.findByRole('heading', { level: 2, name: /^Today/ }, LOADED);
    expect(
      within(screen.getByRole('list', { name: 'Waiting for you' })).getByRole('link', {
        name: '0 blog comments to approve',
      }),
    ).toHaveAttribute('href', '/blog-comments');
    const tile = within(screen.getByRole('list', { name: 'Your school area' }))
      .getAllByRole('link')
      .find((link) => link.getAttribute('href') === '/blog-comments');
    expect(tile?.textContent).not.toContain('waiting');
  });

  it('nothing overdue says so, still linking to the ledger', async () => {
    openDashboard(USER_TYPE.principal, { ...PRINCIPAL_DAY, overdue: { invoices: 0, byCurrency: [] } });
    expect(await screen.findByRole('link', { name: '0 money overdue' }, LOADED)).toHaveAttribute(
      'href',
      '/payment?tab=overdue',
    );
    expect(hrefOf('1 mail failed')).toBe('/outbox?status=failed');
  });

  it('when the day cannot load: Retry in its place, and the tiles are still there', async () => {
    allowConsoleErrors();
    openDashboard(USER_TYPE.principal, () => answer(500, { error: { code: 'INTERNAL', message: 'x' } }));
    expect(await screen.findByRole('button', { name: 'Retry' }, LOADED)).toBeInTheDocument();
    expect(tileHrefs()).toEqual(dashboardTilesOf(USER_TYPE.principal).map((tile) => tile.path));
  });

  it('has no serious axe violation', async () => {
    const { container } = openDashboard(USER_TYPE.principal, PRINCIPAL_DAY);
    await screen.findByRole('list', { name: 'Waiting for you' }, LOADED);
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});

describe('the teacher’s dashboard', () => {
  afterEach(() => vi.restoreAllMocks());

  it('starts with their classes today, the register linking to their attendance screen; no office figures, no groups', async () => {
    openDashboard(USER_TYPE.teacher, todayAnswer({ classes: [KG] }));
    const classes = within(await screen.findByRole('list', { name: 'Your classes today' }, LOADED));
    expect(classes.getByRole('link', { name: '12 of 15 arrived' })).toHaveAttribute(
      'href',
      '/today?classId=3',
    );
    expect(classes.getByRole('link', { name: '1 absent' })).toHaveAttribute(
      'href',
      '/student-attendence?classId=3',
    );
    expect(classes.getByRole('link', { name: 'Attendance not taken yet' })).toHaveAttribute(
      'href',
      '/student-attendence?classId=3',
    );
    expect(screen.queryByRole('list', { name: 'Waiting for you' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'This week' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'All' })).not.toBeInTheDocument();
    expect(tileHrefs()).toEqual(dashboardTilesOf(USER_TYPE.teacher).map((tile) => tile.path));
  });

  it('the Messages tile says how many messages are unread', async () => {
    openDashboard(USER_TYPE.teacher, todayAnswer({ classes: [KG] }), 5);
    await screen.findByRole('list', { name: 'Your classes today' }, LOADED);
    const tiles = within(screen.getByRole('list', { name: 'Your school area' }));
    expect(await tiles.findByRole('link', { name: 'Messages, 5 new' })).toHaveAttribute(
      'href',
      '/conversations',
    );
  });

  it('a class the calendar closes today says so instead of asking for its register', async () => {
    openDashboard(USER_TYPE.teacher, todayAnswer({ classes: [{ ...KG, closedFor: 'Snow day' }] }));
    expect(await screen.findByText('Closed: Snow day', {}, LOADED)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Attendance not taken yet' })).not.toBeInTheDocument();
  });

  it('a teacher without a class is told why the day is empty', async () => {
    openDashboard(USER_TYPE.teacher, todayAnswer());
    expect(await screen.findByText(/You teach no class yet/, {}, LOADED)).toBeInTheDocument();
  });

  it('part marked: says how many of the class are marked', async () => {
    openDashboard(USER_TYPE.teacher, todayAnswer({ classes: [{ ...KG, marked: 4 }] }));
    expect(
      await screen.findByRole('link', { name: 'Attendance: 4 of 15 marked' }, LOADED),
    ).toBeInTheDocument();
  });

  it('has no serious axe violation', async () => {
    const { container } = openDashboard(USER_TYPE.teacher, todayAnswer({ classes: [KG, CLASS_2] }));
    await screen.findByRole('list', { name: 'Your classes today' }, LOADED);
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});
