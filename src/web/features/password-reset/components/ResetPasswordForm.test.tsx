import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MAIL_MESSAGES } from '../../../../shared/api/mail.js';
import { USER_MESSAGES } from '../../../../shared/api/users.js';
import { getSessionToken } from '../../../lib/session.js';
import { seriousAxeViolations } from '../../../test/axe.js';
import { jsonResponse, renderApp } from '../../../test/render-app.js';
import { errorResponse, mockApi } from '../../accounts/testing/mock-api.js';

const CONFIRM = 'POST users/password-reset/confirm';
const TOKEN = 'k3Y_-abcdefghijklmnopqrstuvwxyz0123456789AB';
const done = () => jsonResponse({ data: { message: MAIL_MESSAGES.passwordReset } });
const form = () => screen.getByRole('form', { name: 'Set a new password' });

async function openReset(path = `/reset-password?token=${TOKEN}`, options: { token?: string } = {}) {
  const app = renderApp(path, options);
  await screen.findByRole('heading', { level: 2, name: 'Set a new password' });
  return app;
}

async function setPassword(user: UserEvent, password: string, repeat = password) {
  await user.type(within(form()).getByLabelText(/^New password \*/), password);
  await user.type(within(form()).getByLabelText(/^New password again/), repeat);
  await user.click(within(form()).getByRole('button', { name: 'Set the new password' }));
}

describe('reset password (the page of the mail’s link)', () => {
  it('sends the token with the new password, then offers to log in; the ended session leaves this browser too', async () => {
    const api = mockApi({ [CONFIRM]: done });
    const { user, container } = await openReset(undefined, { token: 'revoked-by-the-reset' });
    expect(screen.getByRole('heading', { level: 1, name: 'New password' })).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
    await setPassword(user, 'a-new-secret-9');
    expect(await screen.findByRole('status')).toHaveTextContent(MAIL_MESSAGES.passwordReset);
    const [call] = api.callsTo(CONFIRM);
    expect(JSON.parse(String(call?.body))).toEqual({ token: TOKEN, password: 'a-new-secret-9' });
    expect(call?.headers.has('Authorization')).toBe(false);
    expect(getSessionToken()).toBeUndefined();
    expect(within(form()).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(within(form()).queryByLabelText(/^New password/)).toBeNull();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('checks the two passwords before calling', async () => {
    const api = mockApi({ [CONFIRM]: done });
    const { user } = await openReset();
    await setPassword(user, 'short');
    expect(await screen.findByText(USER_MESSAGES.passwordTooShort)).toBeInTheDocument();
    await user.clear(within(form()).getByLabelText(/^New password \*/));
    await user.clear(within(form()).getByLabelText(/^New password again/));
    await setPassword(user, 'a-new-secret-9', 'a-new-secret-8');
    expect(await screen.findByText('The two passwords are not the same')).toBeInTheDocument();
    expect(api.callsTo(CONFIRM)).toHaveLength(0);
  });

  it('a link that is used up or expired says so and offers to ask again', async () => {
    mockApi({ [CONFIRM]: () => errorResponse(400, 'RESET_LINK_INVALID', MAIL_MESSAGES.resetLinkInvalid) });
    const { user, container } = await openReset();
    await setPassword(user, 'a-new-secret-9');
    expect(await within(form()).findByRole('alert')).toHaveTextContent(MAIL_MESSAGES.resetLinkInvalid);
    expect(within(form()).getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(within(form()).queryByLabelText(/^New password/)).toBeNull();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('a link without its token is not a link', async () => {
    const api = mockApi({});
    await openReset('/reset-password');
    expect(within(form()).getByRole('alert')).toHaveTextContent(MAIL_MESSAGES.resetLinkInvalid);
    expect(api.callsTo(CONFIRM)).toHaveLength(0);
  });

  it("puts the server's password message at the field and its 429 above the form", async () => {
    let answer = () =>
      errorResponse(400, 'VALIDATION_FAILED', 'Please check the form.', [
        { field: 'password', message: USER_MESSAGES.passwordTooLong },
      ]);
    mockApi({ [CONFIRM]: () => answer() });
    const { user } = await openReset();
    await setPassword(user, 'a-new-secret-9');
    expect(await screen.findByText(USER_MESSAGES.passwordTooLong)).toBeInTheDocument();

    answer = () => errorResponse(429, 'TOO_MANY_RESETS', MAIL_MESSAGES.tooManyResets(1));
    await user.click(within(form()).getByRole('button', { name: 'Set the new password' }));
    await waitFor(() =>
      expect(within(form()).getByRole('alert')).toHaveTextContent(MAIL_MESSAGES.tooManyResets(1)),
    );
    expect(within(form()).getByLabelText(/^New password \*/)).toBeInTheDocument();
  });
});
