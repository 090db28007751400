import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SETUP_ERROR_CODES, SETUP_MESSAGES } from '../../../../shared/api/setup.js';
import { USER_MESSAGES } from '../../../../shared/api/users.js';
import { DEFAULT_SCHOOL_SETTINGS } from '../../../../shared/school-settings.js';
import { seriousAxeViolations } from '../../../test/axe.js';
import { jsonResponse, renderApp } from '../../../test/render-app.js';
import { errorResponse, mockApi } from '../../accounts/testing/mock-api.js';

const TOKEN = 'k3Y_-abcdefghijklmnopqrstuvwxyz0123456789AB';
const SETUP = 'POST setup';
const done = () =>
  jsonResponse(
    {
      data: {
        id: 1,
        name: 'Ada Head',
        email: 'head@school.example',
        schoolName: 'Riverside Primary',
        message: SETUP_MESSAGES.done,
      },
    },
    201,
  );
const form = () => screen.getByRole('form', { name: 'Set up your school' });

async function openSetup(path = `/setup?token=${TOKEN}`) {
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 2, name: 'Set up your school' });
  return app;
}

async function fillIn(user: UserEvent, password = 'a-long-secret-1', repeat = password) {
  const inside = within(form());
  await user.type(await inside.findByLabelText(/^The school’s name/), 'Riverside Primary');
  await user.type(inside.getByLabelText(/^The principal’s full name/), 'Ada Head');
  await user.type(inside.getByLabelText(/^The principal’s email/), 'head@school.example');
  await user.type(inside.getByLabelText(/^Password \*/), password);
  await user.type(inside.getByLabelText(/^Password again/), repeat);
  await user.click(inside.getByRole('button', { name: 'Set up the school' }));
}

describe('set-up (the page of the link a real school’s first start prints)', () => {
  it('sends the token with the school’s name and the principal’s account, then offers to log in', async () => {
    const api = mockApi({
      [SETUP]: done,
      'GET settings': () => jsonResponse({ data: { ...DEFAULT_SCHOOL_SETTINGS, name: 'Riverside Primary' } }),
    });
    const { user, container } = await openSetup();
    expect(screen.getByRole('heading', { level: 1, name: 'Set up the school' })).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
    await fillIn(user);
    expect(await screen.findByRole('status')).toHaveTextContent(SETUP_MESSAGES.done);
    const [call] = api.callsTo(SETUP);
    expect(JSON.parse(String(call?.body))).toEqual({
      token: TOKEN,
      schoolName: 'Riverside Primary',
      name: 'Ada Head',
      email: 'head@school.example',
      password: 'a-long-secret-1',
    });
    expect(within(form()).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    // The header and footer read the school's new name.
    expect(api.callsTo('GET settings').length).toBeGreaterThan(0);
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('checks the fields with the shared rules before calling', async () => {
    const api = mockApi({ [SETUP]: done });
    const { user } = await openSetup();
    await fillIn(user, 'short', 'other');
    expect(await screen.findByText(USER_MESSAGES.passwordTooShort)).toBeInTheDocument();
    expect(screen.getByText(SETUP_MESSAGES.passwordsDiffer)).toBeInTheDocument();
    expect(api.callsTo(SETUP)).toHaveLength(0);
  });

  it('a used or replaced link says so', async () => {
    mockApi({
      [SETUP]: () => errorResponse(403, SETUP_ERROR_CODES.linkInvalid, SETUP_MESSAGES.linkInvalid),
    });
    const { user } = await openSetup();
    await fillIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(SETUP_MESSAGES.linkInvalid);
    expect(within(form()).queryByLabelText(/^Password/)).toBeNull();
  });

  it('without a token it asks for the printed link, and offers to log in', async () => {
    mockApi({});
    await openSetup('/setup');
    expect(await screen.findByRole('alert')).toHaveTextContent(SETUP_MESSAGES.noLink);
    expect(within(form()).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(within(form()).queryByLabelText(/^Password/)).toBeNull();
  });
});
