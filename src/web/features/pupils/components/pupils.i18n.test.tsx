import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { AnyLocale } from '../../../../shared/i18n/locales.js';
import { I18nProvider } from '../../../lib/i18n.js';
import { testTranslator, untranslatedTexts } from '../../../test/i18n.js';
import { mockApi, renderScreen } from '../../../test/school-test-utils.js';
import { ClasswiseStudentScreen, StudentListScreen } from './ClasswiseStudentScreens.js';
import { ImportPupilsScreen } from './ImportPupilsScreen.js';
import { TeacherClassScreen } from './TeacherClassScreen.js';

const pseudo = testTranslator('en-XA');
const inLocale = (locale: AnyLocale, element: ReactElement) => (
  <I18nProvider translator={testTranslator(locale)}>{element}</I18nProvider>
);

const CLASSES = { data: [{ classId: 3, class_name: 'Class 1' }] };
const USER_DATA = ['Class 1', 'Ada Lovelace', 'Kofi Boateng', 'English', 'ada@demo.school'];
const CSV = new File(['name,email,class\nAda Lovelace,ada@demo.school,Class 1\n'], 'pupils.csv', {
  type: 'text/csv',
});

describe('the pupils screens in other languages', () => {
  it('the classes and a class’s pupils have no text that no catalog gave', async () => {
    mockApi({
      'GET teacher/assign_class': CLASSES,
      'GET student_class/3': { data: [{ studentId: 11, studentName: 'Ada Lovelace' }] },
    });
    const first = renderScreen(inLocale('en-XA', <ClasswiseStudentScreen />));
    await screen.findByRole('table');
    expect(untranslatedTexts(first.container, USER_DATA)).toEqual([]);
    first.unmount();
    const { container } = renderScreen(inLocale('en-XA', <StudentListScreen classId={3} />), {
      path: '/student-list/3',
      pattern: '/student-list/:id',
    });
    await screen.findByText('Ada Lovelace');
    await screen.findByRole('heading', { name: /Class 1/ });
    expect(untranslatedTexts(container, USER_DATA)).toEqual([]);
  });

  it('a teacher’s class has no text that no catalog gave, and speaks French', async () => {
    mockApi({
      'GET teacher/assign_class': CLASSES,
      'GET teacher/assign_class/3': {
        data: [
          { StudentId: 31, StudentName: 'Kofi Boateng', subject_name: 'English', time: '08:00 - 08:45' },
        ],
      },
    });
    const { container, user, unmount } = renderScreen(inLocale('en-XA', <TeacherClassScreen />), {
      path: '/teacher-class',
      pattern: '/teacher-class',
    });
    await screen.findByRole('table');
    expect(untranslatedTexts(container, USER_DATA)).toEqual([]);
    await user.click(screen.getByRole('button', { name: `${pseudo.t('pupils.teacher.view')} Class 1` }));
    await screen.findByText('Kofi Boateng');
    expect(untranslatedTexts(container, USER_DATA)).toEqual([]);
    unmount();
    renderScreen(inLocale('fr', <TeacherClassScreen />), {
      path: '/teacher-class?class=3',
      pattern: '/teacher-class',
    });
    expect(await screen.findByRole('heading', { name: 'Élèves de Class 1' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Profil de Kofi Boateng' })).toBeInTheDocument();
  });

  it('the import has no text that no catalog gave; its problems name the column in Arabic', async () => {
    mockApi({
      'POST admin/import/pupils?commit=false': {
        data: {
          committed: false,
          total: 1,
          invalid: 1,
          rows: [
            {
              line: 2,
              name: 'Ada Lovelace',
              email: 'ada@demo.school',
              className: 'Class 1',
              errors: [{ field: 'email', message: 'مسجّل من قبل' }],
            },
          ],
        },
      },
    });
    const pseudoView = renderScreen(inLocale('en-XA', <ImportPupilsScreen />));
    // The lead names the file's columns as the file must spell them.
    expect(
      untranslatedTexts(pseudoView.container, ['name, email, class, gender, dob, contact, address']),
    ).toEqual([]);
    pseudoView.unmount();
    const { user } = renderScreen(inLocale('ar', <ImportPupilsScreen />));
    await user.upload(screen.getByLabelText('ملف CSV'), CSV);
    await user.click(screen.getByRole('button', { name: 'معاينة' }));
    const table = await screen.findByRole('table');
    expect(within(table).getByText('البريد الإلكتروني (email): مسجّل من قبل')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('سطر واحد، منها 1 فيها مشكلات.');
  });
});
