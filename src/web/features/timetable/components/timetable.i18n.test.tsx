import { screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { USER_TYPE } from '../../../../shared/constants.js';
import type { AnyLocale } from '../../../../shared/i18n/locales.js';
import { I18nProvider } from '../../../lib/i18n.js';
import { testTranslator, untranslatedTexts } from '../../../test/i18n.js';
import { columnsOf, mockApi, profile, renderScreen } from '../../../test/school-test-utils.js';
import { ScheduleScreen, ScheduleSummaryScreen } from './ScheduleScreens.js';
import { StudentClassScreen } from './StudentClassScreen.js';

const inLocale = (locale: AnyLocale, element: ReactElement) => (
  <I18nProvider translator={testTranslator(locale)}>{element}</I18nProvider>
);

const CLASSES = { data: [{ id: 2, classes: 'KG' }] };
const SLOTS = { data: [{ id: 1, time: '08:00 - 08:45' }] };
const LESSONS = {
  data: [{ day: 'Monday', time: '08:00 - 08:45', subject_name: 'English', Teacher: 'Amara Okafor' }],
};
const USER_DATA = ['KG', 'English', 'Amara Okafor', 'Priya Raman', 'Science'];

describe('the timetable screens in other languages', () => {
  it('the list of timetables has no text that no catalog gave', async () => {
    mockApi({ 'GET schedule': CLASSES });
    const { container } = renderScreen(inLocale('en-XA', <ScheduleScreen />));
    await screen.findByRole('table');
    expect(untranslatedTexts(container, USER_DATA)).toEqual([]);
  });

  it('a class’s week has no text that no catalog gave, and its days in French', async () => {
    mockApi({ 'GET schedule': CLASSES, 'GET time': SLOTS, 'GET schedule/2': LESSONS });
    const { container, unmount } = renderScreen(inLocale('en-XA', <ScheduleSummaryScreen classId={2} />));
    await screen.findByText('Amara Okafor');
    expect(untranslatedTexts(container, USER_DATA)).toEqual([]);
    unmount();
    renderScreen(inLocale('fr', <ScheduleSummaryScreen classId={2} />));
    const table = await screen.findByRole('table', {}, { timeout: 3000 });
    await within(table).findByText('Amara Okafor');
    expect(columnsOf(table)).toEqual(['Heure', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi']);
    expect(screen.getByText('Classe : KG')).toBeInTheDocument();
  });

  it('the class assignments and their modal have no text that no catalog gave; Arabic', async () => {
    mockApi({
      'GET users/profile': profile(USER_TYPE.principal),
      'GET studentclass': {
        data: [
          {
            id: 1,
            Teacher: 'Amara Okafor',
            class_name: 'KG',
            subject_name: 'English',
            time: '08:00 - 08:45',
          },
        ],
      },
      'GET users/teacher': { results: [{ id: 3, name: 'Priya Raman' }] },
      'GET classes': { result: [{ id: 2, classes: 'KG' }] },
      'GET subject': { data: [{ id: 5, sub_name: 'Science' }] },
      'GET time': SLOTS,
    });
    vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { container, user, unmount } = renderScreen(inLocale('en-XA', <StudentClassScreen />));
    await screen.findByRole('table');
    const add = await screen.findByRole('button', {
      name: testTranslator('en-XA').t('timetable.assignments.add'),
    });
    await user.click(add);
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Science' })).toBeInTheDocument());
    expect(untranslatedTexts(container, USER_DATA)).toEqual([]);
    expect(untranslatedTexts(dialog, USER_DATA)).toEqual([]);
    unmount();
    renderScreen(inLocale('ar', <StudentClassScreen />));
    const table = await screen.findByRole('table');
    expect(columnsOf(table)).toEqual(['الرقم', 'اسم المعلّم', 'الفصل', 'المادة', 'الوقت']);
  });
});
