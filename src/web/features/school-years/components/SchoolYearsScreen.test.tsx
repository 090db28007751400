import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SchoolYear } from '../../../../shared/api/school-years.js';
import { answer, apiError, mockApi, profile, renderScreen } from '../../../test/school-test-utils.js';
import { SchoolYearsScreen } from './SchoolYearsScreen.js';

const AUTUMN = { id: 11, yearId: 1, name: 'Autumn 2026', firstDay: '2026-09-01', lastDay: '2026-12-18' };
const THIS_YEAR: SchoolYear = {
  id: 1,
  name: '2026–2027',
  firstDay: '2026-09-01',
  lastDay: '2027-07-09',
  current: true,
  terms: [AUTUMN],
};
const LAST_YEAR: SchoolYear = {
  id: 2,
  name: '2025–2026',
  firstDay: '2025-09-01',
  lastDay: '2026-07-10',
  current: false,
  terms: [],
};

function renderYears(routes: Record<string, unknown> = {}) {
  const api = mockApi({
    'GET users/profile': profile('Principle'),
    'GET admin/school-years': { data: [THIS_YEAR, LAST_YEAR] },
    ...routes,
  });
  return { ...renderScreen(<SchoolYearsScreen />, { path: '/school-years', pattern: '/school-years' }), api };
}

const newYearForm = () => screen.getByRole('form', { name: 'Add a school year' });

describe('the school years screen', () => {
  it('lists the years, latest first, each with its terms and the current one marked', async () => {
    renderYears();
    const current = await screen.findByRole('article', { name: /2026–2027/ });
    expect(within(current).getByText('Current')).toBeInTheDocument();
    expect(within(current).getByText('Autumn 2026')).toBeInTheDocument();
    expect(within(current).getByText('1 September 2026 – 18 December 2026')).toBeInTheDocument();
    // The current year is neither made current again nor deleted.
    expect(within(current).queryByRole('button', { name: /Delete 2026–2027/ })).toBeNull();
    const last = screen.getByRole('article', { name: '2025–2026' });
    expect(within(last).getByText('No terms yet.')).toBeInTheDocument();
    expect(within(last).getByRole('button', { name: 'Make 2025–2026 current' })).toBeInTheDocument();
  });

  it('adds a year with the shared schema’s checks first, then the server’s', async () => {
    const { user, api } = renderYears({
      'POST admin/school-years': answer(201, {
        data: { ...LAST_YEAR, id: 3, name: '2027–2028', firstDay: '2027-09-01', lastDay: '2028-07-07' },
      }),
    });
    await screen.findByRole('article', { name: '2025–2026' });
    const form = newYearForm();
    await user.type(within(form).getByLabelText('Name of the school year'), '2027–2028');
    await user.type(within(form).getByLabelText('First day'), '2027-09-01');
    await user.type(within(form).getByLabelText('Last day'), '2027-08-01');
    await user.click(within(form).getByRole('button', { name: 'Add the year' }));
    // The last day before the first: said at the last day, nothing sent.
    expect(await within(form).findByText('The last day cannot be before the first day')).toBeInTheDocument();
    expect(within(form).getByLabelText('Last day')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST')).toEqual([]);

    await user.clear(within(form).getByLabelText('Last day'));
    await user.type(within(form).getByLabelText('Last day'), '2028-07-07');
    await user.click(within(form).getByLabelText('Make it the current year'));
    await user.click(within(form).getByRole('button', { name: 'Add the year' }));
    await waitFor(() => expect(api.calls('POST')).toEqual(['POST admin/school-years']));
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: '2027–2028',
      firstDay: '2027-09-01',
      lastDay: '2028-07-07',
      current: true,
    });
    // The list loads again, and the form is empty for the next one.
    await waitFor(() =>
      expect(api.calls('GET').filter((c) => c === 'GET admin/school-years')).toHaveLength(2),
    );
    expect(within(form).getByLabelText('Name of the school year')).toHaveValue('');
  });

  it('shows the server’s refusals at their fields: overlapping days at the first day, a taken name at the name', async () => {
    let calls = 0;
    const { user } = renderYears({
      'POST admin/school-years': () => {
        calls += 1;
        return calls === 1
          ? apiError(409, 'DATES_OVERLAP', 'These dates overlap the school year “2026–2027”.')
          : answer(409, {
              error: {
                code: 'NAME_TAKEN',
                message: 'There is already a school year with this name.',
                details: [{ field: 'name', message: 'There is already a school year with this name.' }],
              },
            });
      },
    });
    await screen.findByRole('article', { name: '2025–2026' });
    const form = newYearForm();
    await user.type(within(form).getByLabelText('Name of the school year'), '2026–2027');
    await user.type(within(form).getByLabelText('First day'), '2026-10-01');
    await user.type(within(form).getByLabelText('Last day'), '2027-06-30');
    await user.click(within(form).getByRole('button', { name: 'Add the year' }));
    expect(
      await within(form).findByText('These dates overlap the school year “2026–2027”.'),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText('First day')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('First day')).toHaveFocus();

    await user.click(within(form).getByRole('button', { name: 'Add the year' }));
    expect(
      await within(form).findByText('There is already a school year with this name.'),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText('Name of the school year')).toHaveAttribute('aria-invalid', 'true');
  });

  it('adds a term to a year, changes a term, and deletes one once asked', async () => {
    const { user, api } = renderYears({
      'POST admin/school-years/1/terms': answer(201, {
        data: { id: 12, yearId: 1, name: 'Spring 2027', firstDay: '2027-01-04', lastDay: '2027-03-26' },
      }),
      'PUT admin/school-terms/11': { data: { ...AUTUMN, name: 'Autumn term' } },
      'DELETE admin/school-terms/11': answer(204),
    });
    const year = await screen.findByRole('article', { name: /2026–2027/ });
    await user.click(within(year).getByRole('button', { name: 'Add a term to 2026–2027' }));
    const termForm = within(year).getByRole('form', { name: 'Add a term to 2026–2027' });
    await user.type(within(termForm).getByLabelText('Name of the term'), 'Spring 2027');
    await user.type(within(termForm).getByLabelText('First day'), '2027-01-04');
    await user.type(within(termForm).getByLabelText('Last day'), '2027-03-26');
    await user.click(within(termForm).getByRole('button', { name: 'Add the term' }));
    await waitFor(() => expect(api.calls('POST')).toEqual(['POST admin/school-years/1/terms']));
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Spring 2027',
      firstDay: '2027-01-04',
      lastDay: '2027-03-26',
    });

    await user.click(within(year).getByRole('button', { name: 'Edit Autumn 2026' }));
    const editForm = within(year).getByRole('form', { name: 'Edit the term Autumn 2026' });
    await user.clear(within(editForm).getByLabelText('Name of the term'));
    await user.type(within(editForm).getByLabelText('Name of the term'), 'Autumn term');
    await user.click(within(editForm).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('PUT')).toEqual(['PUT admin/school-terms/11']));
    expect(api.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      name: 'Autumn term',
      firstDay: '2026-09-01',
      lastDay: '2026-12-18',
    });

    await user.click(await within(year).findByRole('button', { name: 'Delete Autumn 2026' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the term Autumn 2026?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls('DELETE')).toEqual(['DELETE admin/school-terms/11']));
  });

  it('makes another year current', async () => {
    const { user, api } = renderYears({
      'POST admin/school-years/2/current': { data: { ...LAST_YEAR, current: true } },
    });
    await user.click(await screen.findByRole('button', { name: 'Make 2025–2026 current' }));
    await waitFor(() => expect(api.calls('POST')).toEqual(['POST admin/school-years/2/current']));
  });
});
