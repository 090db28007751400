import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSessionToken } from '../../../lib/session.js';
import { jsonResponse, renderApp } from '../../../test/render-app.js';
import { errorResponse, makeUser, mockApi } from '../testing/mock-api.js';

/** The log-in's second step (docs/decisions/0108-two-factor-for-staff.md). */
describe('the log-in with two-factor', () => {
  const challenge = { challenge: 'c'.repeat(43), enrol: false };

  it('a right password asks for the code; a wrong code says so; the right one, remembered, starts the session', async () => {
    let attempts = 0;
    const api = mockApi({
      'POST users/login': () => errorResponse(401, 'SECOND_FACTOR_REQUIRED', 'Enter the code.', challenge),
      'POST users/login/second-factor': () => {
        attempts += 1;
        return attempts === 1
          ? errorResponse(401, 'CODE_INVALID', 'That code is not right.')
          : jsonResponse({ token: 'tok-2fa' });
      },
      'GET users/profile': () => jsonResponse({ results: makeUser() }),
      'GET notification': () => jsonResponse({ data: [] }),
    });
    const { user, router } = renderApp('/login');
    const form = await screen.findByRole('form', { name: 'Welcome back!' });
    await user.type(within(form).getByLabelText(/^Email/), 'teacher@example.com');
    await user.type(within(form).getByLabelText(/^Password/), 'demo12345');
    await user.click(within(form).getByRole('button', { name: 'Login' }));

    const step = await screen.findByRole('form', { name: 'Two-step sign-in' });
    const code = within(step).getByLabelText('6-digit code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '123456');
    await user.click(within(step).getByRole('button', { name: 'Sign in' }));
    expect(await within(step).findByRole('alert')).toHaveTextContent('That code is not right');
    expect(getSessionToken()).toBeUndefined();

    await user.type(within(step).getByLabelText('6-digit code'), '654321');
    await user.click(within(step).getByLabelText('Remember this device for 30 days'));
    await user.click(within(step).getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(getSessionToken()).toBe('tok-2fa');
    const calls = api.callsTo('POST users/login/second-factor');
    expect(JSON.parse(String(calls[1]?.body))).toEqual({
      challenge: challenge.challenge,
      code: '654321',
      rememberDevice: true,
    });
  });

  it('"Use a recovery code" sends a recovery code instead', async () => {
    const api = mockApi({
      'POST users/login': () => errorResponse(401, 'SECOND_FACTOR_REQUIRED', 'Enter the code.', challenge),
      'POST users/login/second-factor': () => jsonResponse({ token: 'tok-rc' }),
      'GET users/profile': () => jsonResponse({ results: makeUser() }),
      'GET notification': () => jsonResponse({ data: [] }),
    });
    const { user, router } = renderApp('/login');
    const form = await screen.findByRole('form', { name: 'Welcome back!' });
    await user.type(within(form).getByLabelText(/^Email/), 'teacher@example.com');
    await user.type(within(form).getByLabelText(/^Password/), 'demo12345');
    await user.click(within(form).getByRole('button', { name: 'Login' }));
    const step = await screen.findByRole('form', { name: 'Two-step sign-in' });
    await user.click(within(step).getByRole('button', { name: 'Use a recovery code' }));
    await user.type(within(step).getByLabelText('Recovery code'), 'abcd-efgh-jkmn-pqrs');
    await user.click(within(step).getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(JSON.parse(String(api.callsTo('POST users/login/second-factor')[0]?.body))).toEqual({
      challenge: challenge.challenge,
      recoveryCode: 'abcd-efgh-jkmn-pqrs',
      rememberDevice: false,
    });
  });
});
