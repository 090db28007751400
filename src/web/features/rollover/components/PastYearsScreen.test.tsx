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
    expect(lastYear.getByRole('heading')).toHaveTextContent('2026–2027');
    expect(lastYear.getByText('KG')).toBeInTheDocument();
    expect(lastYear.getByText('150')).toBeInTheDocument();
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
