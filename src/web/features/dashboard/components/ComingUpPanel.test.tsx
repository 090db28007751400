import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ComingUp, ComingUpEntry } from '../../../../shared/api/dashboard.js';
import { USER_TYPE } from '../../../../shared/constants.js';
import { setFallbackTranslator } from '../../../lib/i18n.js';
import { seriousAxeViolations } from '../../../test/axe.js';
import { allowConsoleErrors } from '../../../test/console.js';
import { testTranslator, untranslatedTexts } from '../../../test/i18n.js';
import { renderApp } from '../../../test/render-app.js';
import { answer, mockApi, renderScreen } from '../../../test/school-test-utils.js';
import { makeUser } from '../../accounts/testing/mock-api.js';
import { ComingUpPanel } from './ComingUpPanel.js';

const entry = (overrides: Partial<ComingUpEntry>): ComingUpEntry => ({
  id: 1,
  kind: 'event',
  title: 'Sports day',
  place: '',
  startDate: '2026-11-30',
  endDate: '2026-11-30',
  startTime: null,
  endTime: null,
  allDay: true,
  audience: 'everyone',
  classes: [],
  familiesInvited: false,
  ...overrides,
});

const AHEAD: ComingUp = {
  date: '2026-11-26',
  data: [
    entry({
      id: 1,
      kind: 'closure',
      title: 'Holiday week',
      startDate: '2026-11-26',
      endDate: '2026-11-30',
    }),
    entry({
      id: 2,
      title: 'KG trip to the farm',
      place: 'Meadow Farm',
      startDate: '2026-12-02',
      endDate: '2026-12-02',
      startTime: '09:00',
      endTime: '15:00',
      allDay: false,
      audience: 'classes',
      classes: [{ id: 3, name: 'KG' }],
      familiesInvited: true,
    }),
    entry({
      id: 3,
      title: 'Staff training',
      startDate: '2026-12-03',
      endDate: '2026-12-03',
      audience: 'staff',
    }),
  ],
};
// The test's data: titles, places, class names and the dates (the pseudo-locale writes English's).
const USER_DATA = [
  'Holiday week',
  'KG trip to the farm',
  'Meadow Farm',
  'KG',
  'Staff training',
  'Thu, 26 Nov 2026',
  'Mon, 30 Nov 2026',
  'Wed, 2 Dec 2026',
  'Thu, 3 Dec 2026',
];

const show = (ahead: ComingUp | ReturnType<typeof answer>) => {
  const api = mockApi({ 'GET dashboard/coming-up': ahead });
  return { ...renderScreen(<ComingUpPanel />), api };
};

afterEach(() => setFallbackTranslator(testTranslator()));

describe('Coming up', () => {
  it('lists what is ahead: when, a closure marked Closed, the place, the classes and whether families are invited', async () => {
    const { container } = show(AHEAD);
    const list = await screen.findByRole('list', { name: 'Coming up' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Thu, 26 Nov 2026 to Mon, 30 Nov 2026, all dayClosed Holiday week',
      'Wed, 2 Dec 2026, 09:00–15:00 KG trip to the farmMeadow Farm · KG · Families invited',
      'Thu, 3 Dec 2026, all day Staff trainingStaff',
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Coming up' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the calendar' })).toHaveAttribute('href', '/calendar');
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('says when nothing is ahead', async () => {
    const { container } = show({ date: '2026-11-26', data: [] });
    expect(
      await screen.findByText('Nothing on the school calendar in the next two weeks.'),
    ).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('says it could not load, with a retry', async () => {
    allowConsoleErrors();
    show(answer(500, { error: { code: 'INTERNAL', message: 'boom' } }));
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('has no text that no catalog gave, and speaks French and Arabic', async () => {
    setFallbackTranslator(testTranslator('en-XA'));
    const { container, unmount } = show(AHEAD);
    await screen.findAllByRole('listitem');
    expect(untranslatedTexts(container, USER_DATA)).toEqual([]);
    unmount();

    setFallbackTranslator(testTranslator('fr'));
    const french = show(AHEAD);
    expect(await screen.findByText('Fermé')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'À venir' })).toBeInTheDocument();
    expect(screen.getByText(/Familles invitées/)).toBeInTheDocument();
    french.unmount();

    setFallbackTranslator(testTranslator('ar'));
    show(AHEAD);
    expect(await screen.findByText('مغلق')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'قريبًا' })).toBeInTheDocument();
  });
});

describe('Coming up on each home', () => {
  const LOADED = { timeout: 10_000 };
  beforeAll(async () => {
    await import('../../../app/routes/school/dashboard.js');
  }, 60_000);

  it('a pupil’s home opens on it, above the tiles; axe-clean', async () => {
    mockApi({
      'GET users/profile': { results: makeUser({ type: USER_TYPE.student, name: 'Aisha Rahman' }) },
      'GET dashboard/coming-up': AHEAD,
    });
    const { container } = renderApp('/dashboard', { token: 'tok' });
    const panel = (await screen.findByRole('heading', { name: 'Coming up' }, LOADED)).closest('section');
    expect(panel).not.toBeNull();
    expect(await within(panel as HTMLElement).findByText(/KG trip to the farm/)).toBeInTheDocument();
    expect(
      await screen.findAllByRole('link', { name: /Attendance|Result|Schedule/ }, LOADED),
    ).not.toHaveLength(0);
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('a teacher’s comes after the day', async () => {
    mockApi({
      'GET users/profile': { results: makeUser({ type: USER_TYPE.teacher, name: 'Asha Verma' }) },
      'GET dashboard/today': {
        date: '2026-11-26',
        classes: [],
        approvals: null,
        inbox: null,
        blogComments: null,
        outbox: null,
        overdue: null,
        events: [],
      },
      'GET dashboard/coming-up': AHEAD,
    });
    const { container } = renderApp('/dashboard', { token: 'tok' });
    const panel = (await screen.findByRole('heading', { name: 'Coming up' }, LOADED)).closest('section');
    const today = container.querySelector('section.dash-today');
    expect(today).not.toBeNull();
    // The day first, then what is coming up.
    expect(today?.compareDocumentPosition(panel as Node)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(await within(panel as HTMLElement).findByText(/Staff training/)).toBeInTheDocument();
  });
});
