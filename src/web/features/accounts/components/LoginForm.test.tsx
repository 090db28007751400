import { render, screen, waitFor, within } from '@testing-library/react';
import { type UserEvent, userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { USER_MESSAGES } from '../../../../shared/api/users.js';
import { MESSAGES } from '../../../../shared/constants.js';
import { AppNavigationContext, PAGE_NAVIGATION } from '../../../lib/app-navigation.js';
import { I18nProvider } from '../../../lib/i18n.js';
import { getSessionToken } from '../../../lib/session.js';
import { testTranslator, wholeText } from '../../../test/i18n.js';
import { jsonResponse, renderApp } from '../../../test/render-app.js';
import { errorResponse, type Handler, makeUser, mockApi, toastTexts } from '../testing/mock-api.js';
import { LoginForm } from './LoginForm.js';

const form = () => screen.getByRole('form', { name: 'Welcome back!' });

async function logIn(user: UserEvent, email = 'asha@example.com', password = 'demo12345') {
  await user.type(within(form()).getByLabelText(/^Email/), email);
  await user.type(within(form()).getByLabelText(/^Password/), password);
  await user.click(within(form()).getByRole('button', { name: 'Login' }));
}

async function openLogin(path = '/login') {
  const app = renderApp(path);
  await screen.findByRole('heading', { name: 'Welcome back!' });
  return app;
}

describe('login form', () => {
  it('stores the token in kids_pre_token and goes to /dashboard', async () => {
    const api = mockApi({
      'POST users/login': () => jsonResponse({ token: 'tok-123' }),
      'GET users/profile': () => jsonResponse({ results: makeUser() }),
      'GET notification': () => jsonResponse({ data: [] }),
    });
    const { user, router } = await openLogin();
    await logIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(getSessionToken()).toBe('tok-123');
    const [call] = api.callsTo('POST users/login');
    expect(JSON.parse(String(call?.body))).toEqual({ email: 'asha@example.com', password: 'demo12345' });
    expect(call?.headers.has('Authorization')).toBe(false);
    expect(await screen.findByText(wholeText('Hello, Asha!'))).toBeInTheDocument();
  });

  it('asks for email and password before calling', async () => {
    const api = mockApi({});
    const { user } = await openLogin();
    await user.click(within(form()).getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(USER_MESSAGES.enterEmail)).toBeInTheDocument();
    expect(screen.getByText(USER_MESSAGES.enterPassword)).toBeInTheDocument();
    expect(api.callsTo('POST users/login')).toHaveLength(0);
  });

  const refusals: [string, Handler, string][] = [
    [
      'wrong email or password (401)',
      () => errorResponse(401, 'INVALID_CREDENTIALS', USER_MESSAGES.invalidCredentials),
      'Wrong email or password.',
    ],
    [
      'an account awaiting approval (403)',
      () => errorResponse(403, 'ACCOUNT_PENDING', USER_MESSAGES.accountPending),
      USER_MESSAGES.accountPending,
    ],
    [
      'a rejected account (403)',
      () => errorResponse(403, 'ACCOUNT_REJECTED', USER_MESSAGES.accountRejected),
      USER_MESSAGES.accountRejected,
    ],
    [
      'too many attempts (429 with Retry-After)',
      () =>
        errorResponse(429, 'TOO_MANY_ATTEMPTS', 'Too many failed log-in attempts.', undefined, {
          'Retry-After': '540',
        }),
      'Too many attempts. Please try again in 9 minutes.',
    ],
    [
      'a server failure (500)',
      () => errorResponse(500, 'INTERNAL', 'Something went wrong on our side. Please try again.'),
      'The school server could not log you in just now. Please try again in a moment.',
    ],
    [
      'no connection',
      () => {
        throw new TypeError('Failed to fetch');
      },
      'We could not reach the school server. Please check your connection and try again.',
    ],
  ];

  it.each(refusals)('on %s toasts Something Went Wrong! and says why', async (_name, handler, reason) => {
    mockApi({ 'POST users/login': handler });
    const { user, router } = await openLogin();
    await logIn(user);
    expect(await within(form()).findByRole('alert')).toHaveTextContent(reason);
    await waitFor(() => expect(toastTexts()).toContain(MESSAGES.loginFailed));
    expect(router.state.location.pathname).toBe('/login');
    expect(getSessionToken()).toBeUndefined();
  });

  it('tells a pending account that the principal approves new accounts', async () => {
    mockApi({
      'POST users/login': () => errorResponse(403, 'ACCOUNT_PENDING', USER_MESSAGES.accountPending),
    });
    const { user } = await openLogin();
    await logIn(user);
    expect(await screen.findByText(/can log in once the principal has approved them/)).toBeInTheDocument();
  });

  it('is shown to a logged-in visitor too, and a wrong password there does not end the session', async () => {
    mockApi({
      'POST users/login': () => errorResponse(401, 'INVALID_CREDENTIALS', 'Wrong email or password.'),
    });
    const { user, router } = renderApp('/login', { token: 'still-valid' });
    await screen.findByRole('heading', { name: 'Welcome back!' });
    await logIn(user);
    expect(await within(form()).findByRole('alert')).toHaveTextContent('Wrong email or password.');
    expect(getSessionToken()).toBe('still-valid');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('a SECOND_FACTOR_REQUIRED answer shows the second step, loaded then; no session, no failure, and back leads to the password form', async () => {
    const challenge = { challenge: 'c'.repeat(43), enrol: false };
    const api = mockApi({
      'POST users/login': () =>
        errorResponse(
          401,
          'SECOND_FACTOR_REQUIRED',
          'Enter the code from your authenticator app.',
          challenge,
        ),
    });
    const { user, router } = await openLogin();
    await logIn(user, 'teacher@example.com');
    // docs/decisions/0108-two-factor-for-staff.md: the step is a module of its own, fetched on this answer.
    const step = await screen.findByRole('form', { name: 'Two-step sign-in' }, { timeout: 10_000 });
    expect(within(step).getByLabelText('6-digit code')).toHaveAttribute('inputmode', 'numeric');
    expect(within(step).getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.queryByRole('form', { name: 'Welcome back!' })).toBeNull();
    expect(within(step).queryByRole('alert')).toBeNull();
    expect(toastTexts()).not.toContain(MESSAGES.loginFailed);
    expect(getSessionToken()).toBeUndefined();
    expect(router.state.location.pathname).toBe('/login');
    // The step makes no call of its own until a code is sent.
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).not.toContain(
      'POST users/login/second-factor',
    );

    await user.click(within(step).getByRole('button', { name: 'Back to the log-in' }));
    expect(await screen.findByRole('form', { name: 'Welcome back!' })).toBeInTheDocument();
  });

  it('links to the registration form', async () => {
    await openLogin();
    expect(screen.getByRole('link', { name: 'Register for an account' })).toHaveAttribute(
      'href',
      '/registation',
    );
  });
});

describe('login form as an island of /login (no router, no query client)', () => {
  /** The form as the islands entry hydrates it; `navigate` stands for the page load it asks for. */
  function renderIsland() {
    const navigate = vi.fn();
    const user = userEvent.setup();
    render(
      <AppNavigationContext value={{ ...PAGE_NAVIGATION, navigate }}>
        <LoginForm />
      </AppNavigationContext>,
    );
    return { navigate, user };
  }

  it('logs in, stores the token and loads the dashboard, saying so until the page goes', async () => {
    mockApi({ 'POST users/login': () => jsonResponse({ token: 'tok-456' }) });
    const { navigate, user } = renderIsland();
    await logIn(user);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/dashboard'));
    expect(getSessionToken()).toBe('tok-456');
    expect(within(form()).getByRole('button', { name: 'Logging in…' })).toBeDisabled();
  });

  it.each([
    ['/fr/login', [{ language: 'fr' }]],
    ['/login', []],
  ] as const)(
    'logged in from %s in French, the account keeps the page’s language: %j',
    async (address, saved) => {
      window.history.replaceState(null, '', address);
      const api = mockApi({
        'POST users/login': () => jsonResponse({ token: 'tok-789' }),
        'PUT users/language': () => jsonResponse({ data: { language: 'fr', locale: 'fr' } }),
      });
      const french = testTranslator('fr');
      const navigate = vi.fn();
      const user = userEvent.setup();
      render(
        <I18nProvider translator={french}>
          <AppNavigationContext value={{ ...PAGE_NAVIGATION, navigate }}>
            <LoginForm />
          </AppNavigationContext>
        </I18nProvider>,
      );
      const frenchForm = screen.getByRole('form', { name: french.t('accounts.login.title') });
      await user.type(
        within(frenchForm).getByLabelText(new RegExp(`^${french.t('accounts.login.email')}`)),
        'a@b.co',
      );
      await user.type(
        within(frenchForm).getByLabelText(new RegExp(`^${french.t('accounts.login.password')}`)),
        'demo12345',
      );
      await user.click(within(frenchForm).getByRole('button', { name: french.t('accounts.login.submit') }));
      await waitFor(() => expect(navigate).toHaveBeenCalledWith('/dashboard'));
      expect(api.callsTo('PUT users/language').map((call) => JSON.parse(String(call.body)))).toEqual(saved);
      window.history.replaceState(null, '', '/');
    },
  );

  it('checks the fields in the page’s language before it sends: French on a French page', async () => {
    document.documentElement.lang = 'fr';
    const api = mockApi({});
    const french = testTranslator('fr');
    const user = userEvent.setup();
    render(
      <I18nProvider translator={french}>
        <AppNavigationContext value={{ ...PAGE_NAVIGATION, navigate: vi.fn() }}>
          <LoginForm />
        </AppNavigationContext>
      </I18nProvider>,
    );
    await user.click(screen.getByRole('button', { name: french.t('accounts.login.submit') }));
    // The checks and the English sentences load on first use (a module transform, in a test).
    expect(
      await screen.findByText(french.t('validation.enterEmail'), undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText(USER_MESSAGES.enterEmail)).not.toBeInTheDocument();
    expect(api.calls).toEqual([]);
    document.documentElement.lang = 'en';
  });

  it('says why a log-in was refused, and stays', async () => {
    mockApi({
      'POST users/login': () => errorResponse(401, 'INVALID_CREDENTIALS', USER_MESSAGES.invalidCredentials),
    });
    const { navigate, user } = renderIsland();
    await logIn(user);
    expect(await within(form()).findByRole('alert')).toHaveTextContent('Wrong email or password.');
    expect(navigate).not.toHaveBeenCalled();
    expect(within(form()).getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('links to the registration form and to a reset with plain links', () => {
    renderIsland();
    expect(screen.getByRole('link', { name: 'Register for an account' })).toHaveAttribute(
      'href',
      '/registation',
    );
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});
