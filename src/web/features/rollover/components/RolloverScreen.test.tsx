import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ClassProgression, RolloverSummary } from '../../../../shared/api/rollover.js';
import type { SchoolYear } from '../../../../shared/api/school-years.js';
import { I18nProvider } from '../../../lib/i18n.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';
import { seriousAxeViolations } from '../../../test/axe.js';
import { allowConsoleErrors } from '../../../test/console.js';
import { testTranslator, untranslatedTexts } from '../../../test/i18n.js';
import { apiError, mockApi, renderScreen } from '../../../test/school-test-utils.js';
import { RolloverScreen } from './RolloverScreen.js';

const row = (
  classId: number,
  className: string,
  next: number | null | undefined,
  pupils = 3,
): ClassProgression => ({
  classId,
  className,
  nextClassId: next ?? null,
  nextClassName: next ? (['', 'KG', 'Class 1', 'Class 2'][next] ?? null) : null,
  leaves: next === null,
  mapped: next !== undefined,
  pupils,
});
const CLASSES = [row(1, 'KG', 2), row(2, 'Class 1', 3), row(3, 'Class 2', null, 4)];

const year = (id: number, name: string, firstDay: string, lastDay: string, current = false): SchoolYear => ({
  id,
  name,
  firstDay,
  lastDay,
  current,
  terms: [],
});
const YEARS = [
  year(8, '2027–2028', '2027-09-01', '2028-07-31'),
  year(7, '2026–2027', '2026-09-01', '2027-07-31', true),
];

const SUMMARY: RolloverSummary = {
  fromYear: { id: 7, name: '2026–2027', firstDay: '2026-09-01', lastDay: '2027-07-31' },
  toYear: { id: 8, name: '2027–2028', firstDay: '2027-09-01', lastDay: '2028-07-31' },
  classes: [
    { classId: 1, className: 'KG', pupils: 3, nextClassId: 2, nextClassName: 'Class 1', leaves: false },
    { classId: 2, className: 'Class 1', pupils: 3, nextClassId: 3, nextClassName: 'Class 2', leaves: false },
    { classId: 3, className: 'Class 2', pupils: 4, nextClassId: null, nextClassName: null, leaves: true },
  ],
  movingUp: 6,
  leaving: 4,
  archivedPupils: 4,
  archivedGuardians: 2,
  classAssignments: 12,
  timetableRows: 40,
  feePlansDrafted: 3,
  feePlansWithoutTerm: 0,
};

function renderRollover(routes: Record<string, unknown> = {}, locale?: 'fr' | 'ar' | 'en-XA') {
  const api = mockApi({
    'GET admin/rollover/classes': { data: CLASSES },
    'GET admin/school-years': { data: YEARS },
    'GET admin/rollover/preview?toYearId=8': { data: SUMMARY },
    'PUT admin/rollover/classes': { data: CLASSES },
    'POST admin/rollover': {
      data: { ...SUMMARY, runId: 1, ranAt: '2027-08-20T10:00:00.000Z', backupFile: 'schoolyard-x.jsonl.gz' },
    },
    ...routes,
  });
  const ui = <RolloverScreen />;
  return {
    ...renderScreen(locale ? <I18nProvider translator={testTranslator(locale)}>{ui}</I18nProvider> : ui, {
      path: '/rollover',
      pattern: '/rollover',
    }),
    api,
  };
}

describe('RolloverScreen', () => {
  it('shows where each class goes and saves a changed mapping', async () => {
    const { user, api } = renderRollover();
    const kg = await screen.findByRole('combobox', { name: 'Next class for KG' });
    expect(kg).toHaveValue('2');
    expect(screen.getByRole('combobox', { name: 'Next class for Class 2' })).toHaveValue('leaves');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Next class for Class 1' }), '');
    await user.click(screen.getByRole('button', { name: 'Save the classes' }));
    await waitFor(() => expect(api.calls('PUT')).toEqual(['PUT admin/rollover/classes']));
    expect(api.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      classes: [
        { classId: 1, nextClassId: 2 },
        { classId: 3, nextClassId: null },
      ],
    });
  });

  it('previews the chosen year and runs it only once confirmed', async () => {
    const { user, api } = renderRollover();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'New school year' }), '8');
    const preview = await screen.findByRole('region', { name: 'What will happen' });
    expect(within(preview).getByText('From 2026–2027 to 2027–2028')).toBeInTheDocument();
    expect(within(preview).getByText('KG: 3 pupils move up to Class 1')).toBeInTheDocument();
    expect(within(preview).getByText('Class 2: 4 pupils leave the school')).toBeInTheDocument();
    const run = within(preview).getByRole('button', { name: 'Start the new year' });
    expect(run).toBeDisabled();
    await user.click(within(preview).getByRole('checkbox', { name: /I have checked the preview/ }));
    await user.click(run);
    await waitFor(() => expect(api.calls('POST')).toEqual(['POST admin/rollover']));
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({ toYearId: 8 });
    expect(await screen.findByText(/The school is now in 2027–2028/, { selector: 'p' })).toBeInTheDocument();
  });

  it('reads the years under the school years screen’s key, and loads them again after the run', async () => {
    const { user, api, queryClient } = renderRollover();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'New school year' }), '8');
    expect(queryClient.getQueryData(schoolKeys.schoolYears())).toEqual(YEARS);
    const yearReads = () => api.calls('GET').filter((call) => call === 'GET admin/school-years').length;
    expect(yearReads()).toBe(1);
    const preview = await screen.findByRole('region', { name: 'What will happen' });
    await user.click(within(preview).getByRole('checkbox', { name: /I have checked the preview/ }));
    await user.click(within(preview).getByRole('button', { name: 'Start the new year' }));
    await waitFor(() => expect(yearReads()).toBe(2));
  });

  it('says which class has no next class when the server refuses the preview', async () => {
    allowConsoleErrors();
    const message = 'The class “KG” has no next class. Choose where its pupils go, or mark it as leaving.';
    const { user } = renderRollover({
      'GET admin/rollover/preview?toYearId=8': apiError(409, 'CLASS_NOT_MAPPED', message),
    });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'New school year' }), '8');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: 'Start the new year' })).toBeNull();
  });

  it('speaks French', async () => {
    renderRollover({}, 'fr');
    expect(await screen.findByRole('combobox', { name: 'Classe suivante pour KG' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enregistrer les classes' })).toBeInTheDocument();
  });

  it('speaks Arabic', async () => {
    renderRollover({}, 'ar');
    expect(
      await screen.findByRole('combobox', { name: 'الصف التالي لـ \u2068KG\u2069' }),
    ).toBeInTheDocument();
  });

  it('speaks the pseudo-locale everywhere but the names of classes and years', async () => {
    const { container, user } = renderRollover({}, 'en-XA');
    await screen.findByRole('combobox', { name: /KG/ });
    // The last choice on the screen is the new year's.
    await user.selectOptions(screen.getAllByRole('combobox').at(-1) as HTMLElement, '8');
    await screen.findByRole('checkbox');
    expect(untranslatedTexts(container, ['KG', 'Class 1', 'Class 2', '2027–2028', '2026–2027'])).toEqual([]);
  });

  it('has no serious or critical axe violation, with the mapping and with a preview', async () => {
    const { user, container } = renderRollover();
    await screen.findByRole('combobox', { name: 'Next class for KG' });
    expect(await seriousAxeViolations(container)).toEqual([]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'New school year' }), '8');
    await screen.findByRole('region', { name: 'What will happen' });
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});
