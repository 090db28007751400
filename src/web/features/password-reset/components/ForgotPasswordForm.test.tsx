import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MAIL_MESSAGES } from '../../../../shared/api/mail.js';
import { seriousAxeViolations } from '../../../test/axe.js';
import { jsonResponse, renderApp } from '../../../test/render-app.js';
import { errorResponse, mockApi } from '../../accounts/testing/mock-api.js';

const REQUEST = 'POST users/password-reset';
const requested = () => jsonResponse({ data: { message: MAIL_MESSAGES.resetRequested } }, 202);
const form = () => screen.getByRole('form', { name: 'Forgot your password?' });

async function openForgot(options: { token?: string } = {}) {
  const app = renderApp('/forgot-password', options);
  await screen.findByRole('heading', { name: 'Forgot your password?' });
  return app;
}

describe('forgot password', () => {
  it('is linked from the login form as "Forgot password?"', async () => {
    mockApi({});
    const { user, router } = renderApp('/login');
    const link = await screen.findByRole('link', { name: 'Forgot password?' });
    expect(link).toHaveAttribute('href', '/forgot-password');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot password' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });

  it('sends the email without a session token and says what the server answers, whatever the email', async () => {
    const api = mockApi({ [REQUEST]: requested });
    const { user, container } = await openForgot({ token: 'someone-else' });
    await user.type(within(form()).getByLabelText(/^Email/), '  Teacher2@Demo.School ');
    await user.click(within(form()).getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MAIL_MESSAGES.resetRequested);
    const [call] = api.callsTo(REQUEST);
    expect(JSON.parse(String(call?.body))).toEqual({ email: 'Teacher2@Demo.School' });
    expect(call?.headers.has('Authorization')).toBe(false);
    // Asked once: the field and its button are gone.
    expect(within(form()).queryByLabelText(/^Email/)).toBeNull();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('asks for a valid email before calling', async () => {
    const api = mockApi({ [REQUEST]: requested });
    const { user } = await openForgot();
    await user.click(within(form()).getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByText(MAIL_MESSAGES.enterEmail)).toBeInTheDocument();
    await user.type(within(form()).getByLabelText(/^Email/), 'not-an-email');
    await user.click(within(form()).getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByText(MAIL_MESSAGES.invalidEmail)).toBeInTheDocument();
    expect(within(form()).getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(REQUEST)).toHaveLength(0);
  });

  it("shows the server's message on too many requests and keeps the form", async () => {
    const message = MAIL_MESSAGES.tooManyResets(42);
    mockApi({
      [REQUEST]: () => errorResponse(429, 'TOO_MANY_RESETS', message, undefined, { 'Retry-After': '2520' }),
    });
    const { user, container } = await openForgot();
    await user.type(within(form()).getByLabelText(/^Email/), 'teacher2@demo.school');
    await user.click(within(form()).getByRole('button', { name: 'Send me a link' }));
    expect(await within(form()).findByRole('alert')).toHaveTextContent(message);
    expect(within(form()).getByLabelText(/^Email/)).toHaveValue('teacher2@demo.school');
    expect(screen.queryByRole('status')).toBeNull();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it("puts the server's field message at the field, and says when the school cannot be reached", async () => {
    let answer = () =>
      errorResponse(400, 'VALIDATION_FAILED', 'Please check the form.', [
        { field: 'email', message: MAIL_MESSAGES.invalidEmail },
      ]);
    mockApi({ [REQUEST]: () => answer() });
    const { user } = await openForgot();
    await user.type(within(form()).getByLabelText(/^Email/), 'a@b.co');
    await user.click(within(form()).getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByText(MAIL_MESSAGES.invalidEmail)).toBeInTheDocument();

    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await user.click(within(form()).getByRole('button', { name: 'Send me a link' }));
    expect(await within(form()).findByRole('alert')).toHaveTextContent(/could not reach the school/);
  });
});
