import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '../../shared/api/users.js';
import { makeUser, mockApi } from '../features/accounts/testing/mock-api.js';
import { todayAnswer } from '../features/dashboard/testing/today.js';
import { currentUserQueryKey } from '../lib/current-user.js';
import { jsonResponse, renderApp } from '../test/render-app.js';

const TEACHER = makeUser({ id: 2, name: 'Amara Okafor', type: 'Teacher', email: 'amara@example.com' });

/**
 * The accounts screens and the school screens read the logged-in user through one query
 * (lib/current-user.ts): a school screen's copy is the profile's, so a rename shows at once.
 */
describe('one current-user query', () => {
  it('a school screen and the profile share it: one GET users/profile, and a saved name shows at once', async () => {
    let current: User = TEACHER;
    const api = mockApi({
      'GET users/profile': () => jsonResponse({ results: current }),
      'PUT users/profile': (call) => {
        const sent = JSON.parse(String(call.body)) as Record<string, string>;
        current = { ...current, name: sent.name ?? current.name };
        return jsonResponse({ results: current });
      },
      'GET exam/2': () => jsonResponse({ data: [] }),
      'GET notification': () => jsonResponse({ data: [] }),
      // The teacher's dashboard starts with the day (features/dashboard).
      'GET dashboard/today': () => jsonResponse(todayAnswer()),
    });
    const { router, queryClient, user } = renderApp('/exams', { token: 'tok' });
    expect(await screen.findByRole('heading', { name: 'Your exams' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET exam/2')).toHaveLength(1));

    // The profile reuses what the school screen fetched: no second call under another key.
    await router.navigate('/profile');
    await user.click(await screen.findByRole('button', { name: 'Update' }));
    expect(api.callsTo('GET users/profile')).toHaveLength(1);

    const form = screen.getByRole('form', { name: 'Update your profile' });
    await user.clear(within(form).getByLabelText(/^Name/));
    await user.type(within(form).getByLabelText(/^Name/), 'Amara Mensah');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PUT users/profile')).toHaveLength(1));
    await waitFor(() =>
      expect(queryClient.getQueryData<User>(currentUserQueryKey)?.name).toBe('Amara Mensah'),
    );

    // The school area's dashboard shows the new name at once, from the one cache entry.
    await router.navigate('/dashboard');
    expect(await screen.findByText('Amara Mensah', { selector: 'strong bdi' })).toBeInTheDocument();
    expect(screen.queryByText('Amara Okafor')).not.toBeInTheDocument();
  });
});
