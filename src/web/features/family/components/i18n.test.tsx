import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { CareAnswer } from '../../../../shared/api/family.js';
import { childPlacesOf } from '../../../../shared/app-navigation.js';
import type { AnyLocale } from '../../../../shared/i18n/locales.js';
import { isolated } from '../../../../shared/i18n/translator.js';
import { I18nProvider } from '../../../lib/i18n.js';
import { testTranslator, untranslatedTexts } from '../../../test/i18n.js';
import { mockApi, renderScreen } from '../../../test/school-test-utils.js';
import { child, consentsAnswer, parentProfile } from '../testing/family-api.js';
import { CareScreen } from './CareScreen.js';
import { ParentDashboard } from './ParentDashboard.js';

/** The first answer may take a while on a busy machine. */
const LOADED = { timeout: 15_000 };

const inLocale = (ui: ReactElement, locale: AnyLocale) => (
  <I18nProvider translator={testTranslator(locale)}>{ui}</I18nProvider>
);

const ASHA = child();
const RAVI = child({ studentId: 32, studentName: 'Ravi Verma', classId: 6, className: 'Class 2' });
/** `GET conversations/unread`'s children: Asha's conversation has 3 unread messages, Ravi's 1. */
const UNREAD = [
  { studentId: 31, unread: 3 },
  { studentId: 32, unread: 1 },
];
/** A day and time as the pseudo-locale writes it (as English: it has no calendar of its own). */
const WHEN = /\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}/g;
const withoutWhen = (texts: string[]) =>
  texts.map((text) => text.replace(WHEN, '')).filter((text) => /[A-Za-z]{2,}/.test(text));

const CARE: CareAnswer = {
  studentId: 31,
  studentName: 'Asha Verma',
  details: {
    emergencyContacts: [{ name: 'Maria Verma', relationship: 'Aunt', phone: '+1 555 0100' }],
    medical: { allergies: 'Peanuts', conditions: '', medications: [], doctorName: 'Dr Lee', doctorPhone: '' },
    pickups: [{ name: 'Grandma Rose', relationship: 'Grandmother', phone: '+1 555 0123', photo: null }],
    photoConsent: { website: true, ownFamily: true, otherFamilies: true },
  },
  updatedAt: '2026-11-20T09:00:00.000Z',
  updatedBy: 'Maria Verma',
  mayEdit: false,
  guardians: [{ name: 'Maria Verma', relationship: 'Mother' }],
};
const CARE_DATA = ['Asha Verma', 'Maria Verma', 'Aunt', 'Peanuts', 'Dr Lee', 'Grandma Rose', 'Grandmother'];

function openCare(locale: AnyLocale, mayEdit: boolean) {
  mockApi({
    'GET users/profile': parentProfile(),
    'GET pupils/31/care': { data: { ...CARE, mayEdit } },
    'GET pupils/31/care/history': {
      data: [
        {
          id: 3,
          at: '2026-11-20T09:00:00.000Z',
          by: 'Maria Verma',
          changes: [{ field: 'Allergies', from: '', to: 'Peanuts' }],
        },
      ],
    },
    'GET pupils/31/data-exports': { data: { studentId: 31, studentName: 'Asha Verma', exports: [] } },
    'GET pupils/31/consents': consentsAnswer({ mayChange: mayEdit }),
    'GET pupils/31/access-log': {
      data: {
        studentId: 31,
        studentName: 'Asha Verma',
        scope: 'staff-care',
        entries: [
          {
            id: 4,
            kind: 'care-details',
            detail: '',
            viewerName: 'Tara Teacher',
            viewerType: 'Teacher',
            isYou: false,
            at: '2026-11-21T14:30:00.000Z',
            address: null,
          },
        ],
        next: null,
      },
    },
  });
  return renderScreen(inLocale(<CareScreen studentId={31} />, locale), {
    path: '/care/31',
    pattern: '/care/:id',
  });
}

describe('the family screens in another language', () => {
  it('a parent’s dashboard: no text outside the catalogs', async () => {
    mockApi({ 'GET family/children': { data: [ASHA, RAVI] } });
    const { container } = renderScreen(
      inLocale(<ParentDashboard unreadNotes={2} unreadMessages={UNREAD} dayOf={() => null} />, 'en-XA'),
      { path: '/dashboard', pattern: '/dashboard' },
    );
    await screen.findByRole('navigation', {}, LOADED);
    // The child's places (shared/app-navigation.ts) are said by their keys, as the navigation says them;
    // the unread counts (the switcher's and the tiles') by theirs.
    expect(untranslatedTexts(container, ['Asha Verma', 'KG', 'Ravi Verma', 'Class 2'])).toEqual([]);
    expect(childPlacesOf(ASHA).length).toBeGreaterThan(0);
  });

  it('a parent’s dashboard in French: the child’s tiles and unread messages', async () => {
    mockApi({ 'GET family/children': { data: [ASHA, RAVI] } });
    renderScreen(inLocale(<ParentDashboard unreadMessages={UNREAD} dayOf={() => null} />, 'fr'), {
      path: '/dashboard',
      pattern: '/dashboard',
    });
    // The class's week by its name.
    expect(await screen.findByText('La semaine de la classe KG', {}, LOADED)).toBeInTheDocument();
    expect(screen.getByText('Bulletin')).toBeInTheDocument();
    expect(screen.getByText('3 nouveaux messages')).toBeInTheDocument();
    expect(screen.getByText('1 nouveau message')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Messages, 3 nouveaux' })).toHaveAttribute(
      'href',
      '/conversations/31',
    );
  });

  it('care details to read and their editor with its history and who opened them: no text outside the catalogs', async () => {
    const view = openCare('en-XA', false);
    await screen.findByText('Grandma Rose', {}, LOADED);
    expect(withoutWhen(untranslatedTexts(view.container, CARE_DATA))).toEqual([]);
    view.unmount();

    const editor = openCare('en-XA', true);
    await screen.findByRole('form', {}, LOADED);
    await screen.findByText('Peanuts', {}, LOADED);
    await screen.findByText('Tara Teacher', {}, LOADED);
    expect(
      withoutWhen(untranslatedTexts(editor.container, [...CARE_DATA, 'Allergies', 'Tara Teacher'])),
    ).toEqual([]);
  });

  it('care details in Arabic: the title, and a guardian’s relationship in Arabic', async () => {
    openCare('ar', false);
    expect(
      await screen.findByRole('heading', { name: `بيانات رعاية ${isolated('Asha Verma')}` }, LOADED),
    ).toBeInTheDocument();
    expect(
      screen.getByText(`${isolated('Maria Verma')} (صلة القرابة: الأم)`, { exact: false }),
    ).toBeInTheDocument();
    const medical = screen.getByRole('heading', { name: 'ملاحظات طبية' }).closest('section') as HTMLElement;
    expect(within(medical).getByText('الحساسية')).toBeInTheDocument();
  });
});
