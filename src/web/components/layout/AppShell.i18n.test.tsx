import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../shared/api/users.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { makeUser, mockApi } from '../../features/accounts/testing/mock-api.js';
import { setFallbackTranslator } from '../../lib/i18n.js';
import { allowConsoleErrors } from '../../test/console.js';
import { testTranslator, untranslatedTexts } from '../../test/i18n.js';
import { jsonResponse, renderApp } from '../../test/render-app.js';
import { TEST_SCHOOL } from '../../test/school.js';
import { SIDE_NAV_QUERY } from './AppShell.js';

const CHILD = {
  studentId: 31,
  studentName: 'Mia Stone',
  classId: 4,
  className: 'Sunflowers',
  image: null,
  relationship: 'Mother',
} as const;

/** The user data the shell shows: the user, their initials, the school, the child. */
const USER_DATA = ['Ravi Kumar', 'RK', TEST_SCHOOL.name, 'Mia Stone', 'Sunflowers'];

function renderAs(type: User['type'], locale: 'en-XA' | 'fr' | 'ar', phone = false) {
  allowConsoleErrors(); // the screens' own calls have no mock here; only the frame matters
  setFallbackTranslator(testTranslator(locale));
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: !phone && query === SIDE_NAV_QUERY,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
  mockApi({
    'GET users/profile': () => jsonResponse({ results: makeUser({ name: 'Ravi Kumar', type }) }),
    'GET family/children': () => jsonResponse({ data: [CHILD] }),
  });
  return renderApp('/schedule', { token: 'a-token' });
}

/** The shell's own parts: the title bar, the navigation, the breadcrumb and the footer. */
async function shellTexts(): Promise<string[]> {
  const nav = await waitFor(() => {
    const found = document.querySelector<HTMLElement>('nav.app-side, nav.app-tabbar');
    expect(found && within(found).getAllByRole('link').length).toBeGreaterThan(1);
    return found as HTMLElement;
  });
  await screen.findByText('Ravi Kumar');
  const parts = [
    document.querySelector('header.app-bar'),
    nav,
    document.querySelector('nav.app-crumbs'),
    document.querySelector('footer.app-footer'),
  ];
  return parts.flatMap((part) => (part ? untranslatedTexts(part, USER_DATA) : []));
}

afterEach(() => {
  vi.unstubAllGlobals();
  setFallbackTranslator(testTranslator());
});

describe('the app shell in other languages', () => {
  it.each([USER_TYPE.student, USER_TYPE.teacher, USER_TYPE.principal, USER_TYPE.parent, 'Director'] as const)(
    'a %s’s shell has no text that no catalog gave, on a desktop',
    async (type) => {
      renderAs(type, 'en-XA');
      expect(await shellTexts()).toEqual([]);
    },
  );

  it.each([USER_TYPE.student, USER_TYPE.teacher, USER_TYPE.principal, USER_TYPE.parent] as const)(
    'a %s’s bottom bar and More sheet have no text that no catalog gave',
    async (type) => {
      const { user } = renderAs(type, 'en-XA', true);
      expect(await shellTexts()).toEqual([]);
      const more = screen.queryByRole('button', { expanded: false });
      if (more) {
        await user.click(more);
        const sheet = await screen.findByRole('dialog');
        expect(untranslatedTexts(sheet, USER_DATA)).toEqual([]);
      }
    },
  );

  it('speaks French: the page’s title, the places and the way out', async () => {
    renderAs(USER_TYPE.teacher, 'fr');
    await shellTexts();
    expect(screen.getByRole('heading', { level: 1, name: 'Emploi du temps des classes' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Aujourd’hui' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Déconnexion' })).toBeTruthy();
  });

  it('speaks Arabic: the principal’s sections', async () => {
    renderAs(USER_TYPE.principal, 'ar');
    await shellTexts();
    expect(screen.getByRole('heading', { name: 'التدريس' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'صندوق الوارد' })).toBeTruthy();
  });
});
