import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../../test/render-app.js';
import { errorResponse, mockApi } from '../testing/mock-api.js';

/** The login page with the school's provider (docs/decisions/0107-sign-in-with-the-schools-provider.md). */
describe('login page with the school’s provider', () => {
  it('offers "Sign in with {name}", leading to the server’s start', async () => {
    mockApi({
      'GET users/login/sso': () => jsonResponse({ enabled: true, name: 'Google', audience: 'both' }),
    });
    renderApp('/login');
    // The first render loads the page's code: a slow machine takes a while.
    const link = await screen.findByRole('link', { name: 'Sign in with Google' }, { timeout: 10_000 });
    expect(link).toHaveAttribute('href', '/api/users/login/sso/start');
  });

  it('says whom the provider is for when the school lets only staff or only parents use it', async () => {
    mockApi({
      'GET users/login/sso': () => jsonResponse({ enabled: true, name: 'Google', audience: 'staff' }),
    });
    renderApp('/login');
    await screen.findByRole('link', { name: 'Sign in with Google' }, { timeout: 10_000 });
    expect(screen.getByText('For the school’s staff')).toBeInTheDocument();
    expect(screen.queryByText('For parents')).toBeNull();
  });

  it('offers nothing when the school has no provider, or the call fails', async () => {
    mockApi({ 'GET users/login/sso': () => jsonResponse({ enabled: false, name: '', audience: 'both' }) });
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome back!' });
    expect(screen.queryByRole('link', { name: /^Sign in with/ })).toBeNull();
  });

  it('says why the provider’s sign-in was refused', async () => {
    mockApi({
      'GET users/login/sso': () => jsonResponse({ enabled: true, name: 'Google', audience: 'both' }),
    });
    window.history.replaceState(null, '', '/login?sso=unverified');
    renderApp('/login?sso=unverified');
    expect(
      await screen.findByText(
        'Your provider did not confirm this email address, so it cannot open an account here.',
      ),
    ).toBeInTheDocument();
    window.history.replaceState(null, '', '/');
  });

  it('tells staff to use the provider when their password is refused', async () => {
    mockApi({
      'GET users/login/sso': () => jsonResponse({ enabled: true, name: 'Google', audience: 'both' }),
      'POST users/login': () =>
        errorResponse(403, 'SSO_REQUIRED', 'Please sign in with the school’s account provider.'),
    });
    const { user } = renderApp('/login');
    await screen.findByRole('link', { name: 'Sign in with Google' });
    await user.type(screen.getByLabelText(/^Email/), 'teacher@demo.school');
    await user.type(screen.getByLabelText(/^Password/), 'demo12345');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() =>
      expect(
        screen.getByText('Staff sign in with the school’s account: use the button above.'),
      ).toBeInTheDocument(),
    );
  });
});
