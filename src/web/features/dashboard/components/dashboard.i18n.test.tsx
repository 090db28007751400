import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardToday } from '../../../../shared/api/dashboard.js';
import { USER_TYPE } from '../../../../shared/constants.js';
import type { AnyLocale } from '../../../../shared/i18n/locales.js';
import { setFallbackTranslator } from '../../../lib/i18n.js';
import { testTranslator, untranslatedTexts } from '../../../test/i18n.js';
import { renderApp } from '../../../test/render-app.js';
import { mockApi } from '../../../test/school-test-utils.js';
import { makeUser } from '../../accounts/testing/mock-api.js';
import { todayAnswer } from '../testing/today.js';

const KG = {
  classId: 3,
  className: 'KG',
  pupils: 15,
  arrived: 12,
  present: 0,
  absent: 1,
  marked: 4,
  closedFor: null,
};
const DAY = todayAnswer({
  classes: [KG],
  approvals: 2,
  inbox: 1,
  blogComments: 0,
  outbox: { waiting: 3, failed: 1 },
  overdue: { invoices: 2, byCurrency: [{ currency: 'USD', outstanding: 7_000 }] },
  events: [
    { kind: 'exam', date: '2026-11-28', time: '09:00 - 10:00', className: 'KG', subjectName: 'Maths' },
  ],
});
const LOADED = { timeout: 10_000 };
// The pseudo-locale's dates are English's own; the rest is the test's data.
const USER_DATA = ['KG', 'Maths', 'Thu, 26 Nov 2026', 'Sat, 28 Nov 2026', 'USD'];

function openDashboard(type: typeof USER_TYPE.principal | typeof USER_TYPE.teacher, locale: AnyLocale) {
  setFallbackTranslator(testTranslator(locale));
  mockApi({
    'GET users/profile': { results: makeUser({ type, name: 'Asha Verma' }) },
    'GET notification': { data: [] },
    'GET users?status=pending': { data: [] },
    'GET admin/inbox?handled=false': { data: [], meta: { total: 0, unhandled: 0 } },
    'GET dashboard/today': DAY as DashboardToday,
  });
  return renderApp('/dashboard', { token: 'tok' });
}

/** Today and the tiles: the dashboard's own parts (the greeting is the accounts screen's). */
const ownParts = () =>
  [document.querySelector('section.dash-today'), document.querySelector('.dash-tiles')].flatMap((part) =>
    part ? untranslatedTexts(part, USER_DATA) : ['(missing part)'],
  );

beforeAll(async () => {
  await import('../../../app/routes/school/dashboard.js');
}, 60_000);
afterEach(() => setFallbackTranslator(testTranslator()));

describe('the staff dashboards in other languages', () => {
  it.each([USER_TYPE.principal, USER_TYPE.teacher] as const)(
    'a %s’s Today and tiles have no text that no catalog gave',
    async (type) => {
      openDashboard(type, 'en-XA');
      await screen.findByText(/4/, { selector: '.dash-register' }, LOADED);
      await screen.findAllByRole('link', { name: /⟦/ }, LOADED);
      expect(ownParts()).toEqual([]);
    },
  );

  it('the principal’s speaks French', async () => {
    openDashboard(USER_TYPE.principal, 'fr');
    expect(await screen.findByRole('link', { name: '2 inscriptions à valider' }, LOADED)).toHaveAttribute(
      'href',
      '/approvals',
    );
    expect(screen.getByRole('button', { name: 'Enseignement' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Saisie des notes|^Notes/ })).toBeInTheDocument();
  });

  it('in Arabic, an amount overdue reads left to right inside its right-to-left sentence', async () => {
    openDashboard(USER_TYPE.principal, 'ar');
    const amount = await screen.findByText(/70\.00/, { selector: '.dash-figure__count' }, LOADED);
    expect(amount).toHaveAttribute('dir', 'ltr');
    // A count is a number alone: the sentence's direction is its own.
    expect(screen.getByText('2', { selector: '.dash-figure__count' })).not.toHaveAttribute('dir');
  });
});
