import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allowConsoleErrors } from '../../../test/console.js';
import { jsonResponse, renderApp } from '../../../test/render-app.js';
import { errorResponse, makeApplicant, mockApi, toastTexts } from '../testing/mock-api.js';
import { APPROVAL_TEXTS } from './Approvals.js';

const RAVI = makeApplicant();
const NINA = makeApplicant({
  id: 42,
  name: 'Nina Shah',
  email: 'nina@example.com',
  type: 'Parent',
  photos: [],
});

const card = (name: string) => screen.getByRole('article', { name });

describe('approvals', () => {
  it('lists each pending account with its details and photos', async () => {
    mockApi({ 'GET users?status=pending': () => jsonResponse({ data: [RAVI, NINA] }) });
    renderApp('/approvals', { token: 'tok' });
    expect(await screen.findByRole('heading', { level: 3, name: 'Ravi Kumar' })).toBeInTheDocument();
    const ravi = card('Ravi Kumar');
    expect(ravi).toHaveTextContent('Teacher');
    expect(ravi).toHaveTextContent('ravi@example.com');
    expect(ravi).toHaveTextContent('Registered on 20 November 2026');
    expect(
      within(ravi)
        .getAllByRole('img')
        .map((img) => img.getAttribute('src')),
    ).toEqual(['/uploads/users/ravi-1.webp', '/uploads/users/ravi-2.webp']);
    expect(within(card('Nina Shah')).getByText('No Photo')).toBeInTheDocument();
    expect(screen.getByText(/2 waiting/)).toBeInTheDocument();
  });

  it('Approve sets the account active, takes it off the list and says so', async () => {
    let pending = [RAVI, NINA];
    const api = mockApi({
      'GET users?status=pending': () => jsonResponse({ data: pending }),
      'PATCH users/41/status': () => {
        pending = [NINA];
        return jsonResponse({ data: { ...RAVI, status: 'active' } });
      },
    });
    const { user } = renderApp('/approvals', { token: 'tok' });
    await screen.findByRole('heading', { level: 3, name: 'Ravi Kumar' });
    await user.click(within(card('Ravi Kumar')).getByRole('button', { name: 'Approve' }));

    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Ravi Kumar' })).not.toBeInTheDocument(),
    );
    expect(card('Nina Shah')).toBeInTheDocument();
    const [call] = api.callsTo('PATCH users/41/status');
    expect(JSON.parse(String(call?.body))).toEqual({ status: 'active' });
    await waitFor(() => expect(toastTexts()).toContain(APPROVAL_TEXTS.approved('Ravi Kumar')));
  });

  it('Reject asks first, then sets the account rejected', async () => {
    let pending = [RAVI];
    const api = mockApi({
      'GET users?status=pending': () => jsonResponse({ data: pending }),
      'PATCH users/41/status': () => {
        pending = [];
        return jsonResponse({ data: { ...RAVI, status: 'rejected' } });
      },
    });
    const { user } = renderApp('/approvals', { token: 'tok' });
    await screen.findByRole('heading', { level: 3, name: 'Ravi Kumar' });
    await user.click(within(card('Ravi Kumar')).getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Reject Ravi Kumar?' });
    expect(api.callsTo('PATCH users/41/status')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

    expect(await screen.findByText(APPROVAL_TEXTS.none)).toBeInTheDocument();
    expect(JSON.parse(String(api.callsTo('PATCH users/41/status')[0]?.body))).toEqual({ status: 'rejected' });
    await waitFor(() => expect(toastTexts()).toContain(APPROVAL_TEXTS.rejected('Ravi Kumar')));
  });

  it('says when nobody is waiting', async () => {
    mockApi({ 'GET users?status=pending': () => jsonResponse({ data: [] }) });
    renderApp('/approvals', { token: 'tok' });
    expect(await screen.findByText(APPROVAL_TEXTS.none)).toBeInTheDocument();
  });

  it('tells anyone but the principal (403) that only the principal may review', async () => {
    allowConsoleErrors(); // the query client logs the refused load
    mockApi({
      'GET users?status=pending': () => errorResponse(403, 'FORBIDDEN', 'Only the principal may do that.'),
    });
    renderApp('/approvals', { token: 'tok' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(APPROVAL_TEXTS.principalOnly);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
