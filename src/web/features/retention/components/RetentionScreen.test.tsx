import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Leaver, RetentionRun } from '../../../../shared/api/retention.js';
import { RETENTION_KINDS, RETENTION_RULES } from '../../../../shared/rules/retention.js';
import { I18nProvider } from '../../../lib/i18n.js';
import { seriousAxeViolations } from '../../../test/axe.js';
import { allowConsoleErrors } from '../../../test/console.js';
import { testTranslator } from '../../../test/i18n.js';
import { apiError, mockApi, renderScreen } from '../../../test/school-test-utils.js';
import { RetentionScreen } from './RetentionScreen.js';

const SETTINGS = {
  data: {
    periods: RETENTION_KINDS.map((kind) => ({
      kind,
      months: RETENTION_RULES[kind].defaultMonths,
      defaultMonths: RETENTION_RULES[kind].defaultMonths,
      minimumMonths: RETENTION_RULES[kind].minimumMonths,
      what: RETENTION_RULES[kind].what,
      reason: RETENTION_RULES[kind].reason,
    })),
    longestMonths: 84,
  },
};
const LEAVERS: Leaver[] = [
  { id: 41, name: 'Rita Recent', leftOn: '2027-07-31', erased: false },
  { id: 40, name: 'Former pupil #40', leftOn: '2024-07-31', erased: true },
];
const RUN: RetentionRun = {
  id: 3,
  kind: 'erasure',
  startedAt: '2027-09-01T10:00:00.000Z',
  finishedAt: '2027-09-01T10:00:01.000Z',
  studentIds: [40],
  rows: { dayLog: 2, fees: 3 },
  files: 4,
  backups: 0,
  requestedBy: 'Her mother, by letter',
  ranByName: 'Principal',
  message: null,
};

function renderRetention(routes: Record<string, unknown> = {}, locale?: 'fr' | 'ar') {
  const api = mockApi({
    'GET admin/retention': SETTINGS,
    'GET admin/retention/leavers': { data: LEAVERS },
    'GET admin/retention/runs': { data: [RUN] },
    'PUT admin/retention': SETTINGS,
    'POST admin/retention/erasures': { data: { ...RUN, studentIds: [41] } },
    ...routes,
  });
  const ui = <RetentionScreen />;
  return {
    ...renderScreen(locale ? <I18nProvider translator={testTranslator(locale)}>{ui}</I18nProvider> : ui, {
      path: '/retention',
      pattern: '/retention',
    }),
    api,
  };
}

describe('RetentionScreen', () => {
  it('shows each kind with its period and its law, and saves a change', async () => {
    const { user, api } = renderRetention();
    const fees = await screen.findByRole('spinbutton', {
      name: 'Fees and receipts: months kept after leaving',
    });
    expect(fees).toHaveValue(84);
    expect(screen.getByText(/Accounting and tax law/)).toBeInTheDocument();
    expect(screen.getByText(/At least 72 months/)).toBeInTheDocument();
    const dayLog = screen.getByRole('spinbutton', { name: 'Daily logs: months kept after leaving' });
    await user.clear(dayLog);
    await user.type(dayLog, '6');
    await user.click(screen.getByRole('button', { name: 'Save the periods' }));
    await waitFor(() => expect(api.calls('PUT')).toEqual(['PUT admin/retention']));
    const body = api.requests.find((r) => r.method === 'PUT')?.body as { periods: Record<string, number> };
    expect(body.periods.dayLog).toBe(6);
    expect(body.periods.fees).toBe(84);
  });

  it('shows the server’s refusal of a period under the law’s minimum', async () => {
    allowConsoleErrors();
    const message = 'Invoices, receipts: the law asks for at least 72 months.';
    const { user } = renderRetention({
      'PUT admin/retention': apiError(400, 'VALIDATION_FAILED', message),
    });
    await user.click(await screen.findByRole('button', { name: 'Save the periods' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('erases a leaver only once confirmed, saying who asked', async () => {
    const { user, api } = renderRetention();
    await user.click(await screen.findByRole('button', { name: 'Erase Rita Recent' }));
    const form = screen.getByRole('form', { name: 'Erase Rita Recent’s records' });
    const submit = within(form).getByRole('button', { name: 'Erase now' });
    expect(submit).toBeDisabled();
    await user.type(within(form).getByRole('textbox', { name: 'Who asked for the erasure' }), 'Her mother');
    await user.click(within(form).getByRole('checkbox'));
    await user.click(submit);
    await waitFor(() => expect(api.calls('POST')).toEqual(['POST admin/retention/erasures']));
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      studentId: 41,
      requestedBy: 'Her mother',
    });
    // The erased leaver has no button.
    expect(screen.queryByRole('button', { name: /Erase Former pupil/ })).toBeNull();
  });

  it('lists the runs with what they removed', async () => {
    renderRetention();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Daily logs: 2, Fees and receipts: 3')).toBeInTheDocument();
    expect(within(table).getByText(/Her mother, by letter/)).toBeInTheDocument();
  });

  it('speaks French and Arabic', async () => {
    const { unmount } = renderRetention({}, 'fr');
    expect(await screen.findByRole('button', { name: 'Enregistrer les durées' })).toBeInTheDocument();
    unmount();
    renderRetention({}, 'ar');
    expect(await screen.findByRole('button', { name: 'حفظ المدد' })).toBeInTheDocument();
  });

  it('has no serious or critical axe violation, with the erasure form open', async () => {
    const { user, container } = renderRetention();
    await screen.findByRole('table');
    expect(await seriousAxeViolations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Erase Rita Recent' }));
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});
