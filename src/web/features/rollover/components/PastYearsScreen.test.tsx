import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PupilYear } from '../../../../shared/api/rollover.js';
import { I18nProvider } from '../../../lib/i18n.js';
import { seriousAxeViolations } from '../../../test/axe.js';
import { testTranslator } from '../../../test/i18n.js';
import { mockApi, renderScreen } from '../../../test/school-test-utils.js';
import { PastYearsScreen } from './PastYearsScreen.js';

const YEARS: PupilYear[] = [
  {
    yearId: 8,
    name: '2027–2028',
    firstDay: '2027-09-01',
    lastDay: '2028-07-31',
    current: true,
    classes: ['Class 1'],
    attendance: { present: 0, absent: 0, onLeave: 0 },
    fees: { invoices: 0, total: 0 },
    terms: [{ termId: 21, name: 'Autumn 2027', firstDay: '2027-09-01', lastDay: '2027-12-17', marks: null }],
  },
  {
    yearId: 7,
    name: '2026–2027',
    firstDay: '2026-09-01',
    lastDay: '2027-07-31',
    current: false,
    classes: ['KG'],
    attendance: { present: 150, absent: 4, onLeave: 2 },
    fees: { invoices: 1, total: 45_000 },
    terms: [
      {
        termId: 11,
        name: 'Autumn 2026',
        firstDay: '2026-09-01',
        lastDay: '2026-12-18',
        marks: {
          subjects: [
            { subjectName: 'English', marks: 81 },
            { subjectName: 'Maths', marks: 64 },
          ],
          total: 145,
          percentage: 72.5,
          division: 'First Division',
        },
      },
      { termId: 12, name: 'Spring 2027', firstDay: '2027-01-05', lastDay: '2027-03-27', marks: null },
    ],
  },
];

function renderYears(data: PupilYear[] = YEARS, locale?: 'ar') {
  mockApi({ 'GET pupils/5/years': { data } });
  const ui = <PastYearsScreen studentId={5} />;
  return renderScreen(locale ? <I18nProvider translator={testTranslator(locale)}>{ui}</I18nProvider> : ui, {
    path: '/past-years/5',
    pattern: '/past-years/:id',
  });
}

describe('PastYearsScreen', () => {
  it('shows each year under its name, last year’s class and attendance among them', async () => {
    renderYears();
    const list = await screen.findByRole('list', { name: 'The school years' });
    const [current, last] = within(list).getAllByRole('listitem');
    expect(within(current as HTMLElement).getByRole('heading')).toHaveTextContent('2027–2028Current year');
    const lastYear = within(last as HTMLElement);
    expect(lastYear.getByRole('heading', { level: 3 })).toHaveTextContent('2026–2027');
    expect(lastYear.getByText('KG')).toBeInTheDocument();
    expect(lastYear.getByText('150')).toBeInTheDocument();
  });

  it('shows last year’s marks by term, with the way to that term’s mark sheet', async () => {
    const { user, location } = renderYears();
    const list = await screen.findByRole('list', { name: 'The school years' });
    const [current, last] = within(list).getAllByRole('listitem');
    expect(within(current as HTMLElement).getByText('No marks in this year.')).toBeInTheDocument();
    const autumn = within(last as HTMLElement).getByRole('region', { name: 'Autumn 2026 – 2026–2027' });
    const table = within(autumn).getByRole('table', { name: 'Marks, Autumn 2026 – 2026–2027' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['SubjectMarks', 'English81', 'Maths64']);
    expect(autumn).toHaveTextContent('Total145 / 200');
    expect(autumn).toHaveTextContent('Percentage72.5%');
    expect(autumn).toHaveTextContent('DivisionFirst Division');
    // A term without marks shows nothing of its own.
    expect(within(last as HTMLElement).queryByRole('region', { name: /Spring 2027/ })).toBeNull();
    await user.click(within(autumn).getByRole('link', { name: 'Mark sheet, Autumn 2026 – 2026–2027' }));
    expect(location()).toBe('/result-summary/5?term=11');
  });

  it('says when no year is recorded', async () => {
    renderYears([]);
    expect(await screen.findByText('No school year is recorded for this pupil yet.')).toBeInTheDocument();
  });

  it('speaks Arabic', async () => {
    renderYears(YEARS, 'ar');
    expect(await screen.findByRole('list', { name: 'السنوات الدراسية' })).toBeInTheDocument();
  });

  it('has no serious or critical axe violation', async () => {
    const { container } = renderYears();
    await screen.findByRole('list', { name: 'The school years' });
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});
