import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../../../shared/api/users.js';
import { USER_TYPE } from '../../../../shared/constants.js';
import { allowConsoleErrors } from '../../../test/console.js';
import { jsonResponse, renderApp } from '../../../test/render-app.js';
import { todayAnswer } from '../../dashboard/testing/today.js';
import { errorResponse, makeUser, mockApi, toastTexts } from '../testing/mock-api.js';

const ME = makeUser();
const PRINCIPAL = makeUser({
  id: 1,
  name: 'Grace Okafor',
  type: USER_TYPE.principal,
  email: 'principal@example.com',
});
const PUPIL = makeUser({ id: 12, name: 'Leo Park', email: 'leo@example.com', image: null });

/** The value shown for `label` in the profile list. */
const shownFor = (label: string): string | null => {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? null;
};

const editForm = () => screen.getByRole('form', { name: 'Update your profile' });
const editField = (label: RegExp) => within(editForm()).getByLabelText(label);

describe('own profile', () => {
  it('lists every field of docs/contract/product.md#school-screens and the photo', async () => {
    mockApi({ 'GET users/profile': () => jsonResponse({ results: ME }) });
    renderApp('/profile', { token: 'tok' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Asha Verma' })).toBeInTheDocument();
    expect(shownFor('Name')).toBe('Asha Verma');
    expect(shownFor('Designation')).toBe('Pupil, Class 2');
    expect(shownFor('Description')).toBe('Loves drawing and dinosaurs.');
    expect(shownFor('User type')).toBe('Student');
    expect(shownFor('Gender')).toBe('Female');
    expect(shownFor('Date of birth')).toBe('9 March 2016');
    expect(shownFor('Address')).toBe('12 Maple Street, Greenfield');
    expect(shownFor('Contact')).toBe('+1 555 0123 456');
    expect(shownFor('Email')).toBe('asha@example.com');
    expect(screen.getByRole('link', { name: 'https://example.com/asha' })).toHaveAttribute(
      'href',
      'https://example.com/asha',
    );
    expect(screen.getByRole('img', { name: 'Asha Verma' })).toHaveAttribute(
      'src',
      '/uploads/users/asha.webp',
    );
    expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it("shows 'No Photo' without a photo", async () => {
    mockApi({ 'GET users/profile': () => jsonResponse({ results: { ...ME, image: null } }) });
    renderApp('/profile', { token: 'tok' });
    expect(await screen.findByText('No Photo')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Asha Verma' })).not.toBeInTheDocument();
  });

  it('Update edits the profile, saves it with PUT users/profile and shows the new values', async () => {
    let current = ME;
    const api = mockApi({
      'GET users/profile': () => jsonResponse({ results: current }),
      'PUT users/profile': async (call) => {
        const sent = JSON.parse(String(call.body)) as Record<string, string>;
        current = { ...current, address: sent.address ?? current.address };
        return jsonResponse({ results: current });
      },
    });
    const { user } = renderApp('/profile', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Update' }));
    expect(editField(/^Name/)).toHaveValue('Asha Verma');
    expect(editField(/^Name/)).toHaveFocus();
    expect(within(editForm()).queryByLabelText(/User type/)).not.toBeInTheDocument();
    await user.clear(editField(/^Address/));
    await user.type(editField(/^Address/), '3 Birch Road, Greenfield');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(shownFor('Address')).toBe('3 Birch Road, Greenfield'));
    expect(screen.queryByRole('form', { name: 'Update your profile' })).not.toBeInTheDocument();
    await waitFor(() => expect(toastTexts()).toContain('Your profile has been updated.'));
    const body = JSON.parse(String(api.callsTo('PUT users/profile')[0]?.body)) as Record<string, string>;
    expect(body).toEqual({
      name: 'Asha Verma',
      degination: 'Pupil, Class 2',
      discription: 'Loves drawing and dinosaurs.',
      gender: 'Female',
      dob: '2016-03-09',
      address: '3 Birch Road, Greenfield',
      contact: '+1 555 0123 456',
      email: 'asha@example.com',
      social_link: 'https://example.com/asha',
    });
  });

  it('Cancel leaves the form unsaved and puts the keyboard back on Update', async () => {
    const api = mockApi({ 'GET users/profile': () => jsonResponse({ results: ME }) });
    const { user } = renderApp('/profile', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Update' }));
    await user.type(editField(/^Name/), ' X');
    await user.click(within(editForm()).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Update' })).toHaveFocus();
    expect(shownFor('Name')).toBe('Asha Verma');
    expect(api.callsTo('PUT users/profile')).toHaveLength(0);
  });

  it('a refused save keeps what was typed and shows the reasons at the fields', async () => {
    mockApi({
      'GET users/profile': () => jsonResponse({ results: ME }),
      'PUT users/profile': () =>
        errorResponse(400, 'VALIDATION_FAILED', USER_MESSAGES.wrongCurrentPassword, [
          { field: 'currentPassword', message: USER_MESSAGES.wrongCurrentPassword },
        ]),
    });
    const { user } = renderApp('/profile', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Update' }));
    await user.clear(editField(/^Name/));
    await user.type(editField(/^Name/), 'Asha V.');
    await user.type(editField(/^Current password/), 'not-my-password');
    await user.type(editField(/^New password/), 'brand-new-secret');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(USER_MESSAGES.wrongCurrentPassword)).toBeInTheDocument();
    expect(editField(/^Current password/)).toHaveAttribute('aria-invalid', 'true');
    expect(editField(/^Name/)).toHaveValue('Asha V.');
    expect(editField(/^New password/)).toHaveValue('brand-new-secret');
  });

  it('a new password needs the current one (shared rule), and nothing is sent without it', async () => {
    const api = mockApi({ 'GET users/profile': () => jsonResponse({ results: ME }) });
    const { user } = renderApp('/profile', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Update' }));
    await user.type(editField(/^New password/), 'brand-new-secret');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(USER_MESSAGES.enterCurrentPassword)).toBeInTheDocument();
    expect(api.callsTo('PUT users/profile')).toHaveLength(0);
  });

  it('a new email needs the current password: asked for first, then sent with it', async () => {
    const api = mockApi({
      'GET users/profile': () => jsonResponse({ results: ME }),
      'PUT users/profile': () => jsonResponse({ results: { ...ME, email: 'asha.new@example.com' } }),
    });
    const { user } = renderApp('/profile', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Update' }));
    await user.clear(editField(/^Email/));
    await user.type(editField(/^Email/), 'asha.new@example.com');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(USER_MESSAGES.currentPasswordForEmail)).toBeInTheDocument();
    expect(editField(/^Current password/)).toHaveFocus();
    expect(api.callsTo('PUT users/profile')).toHaveLength(0);

    await user.type(editField(/^Current password/), 'my-secret-1');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PUT users/profile')).toHaveLength(1));
    const body = JSON.parse(String(api.callsTo('PUT users/profile')[0]?.body)) as Record<string, string>;
    expect(body).toMatchObject({ email: 'asha.new@example.com', currentPassword: 'my-secret-1' });
  });
});

describe('student profile', () => {
  it('lets the principal delete the account after a confirmation, then goes to /dashboard', async () => {
    const api = mockApi({
      'GET users/profile': () => jsonResponse({ results: PRINCIPAL }),
      'GET users/student/12': () => jsonResponse({ results: PUPIL }),
      'DELETE users/12': () => new Response(null, { status: 204 }),
      // The principal's dashboard, where the deletion leads, counts what waits behind its tiles.
      'GET notification': () => jsonResponse({ data: [] }),
      'GET users?status=pending': () => jsonResponse({ data: [] }),
      'GET admin/inbox?handled=false': () => jsonResponse({ data: [], meta: { total: 0, unhandled: 0 } }),
      // The principal's dashboard starts with the day (features/dashboard).
      'GET dashboard/today': () => jsonResponse(todayAnswer()),
    });
    const { user, router } = renderApp('/student-profile/12', { token: 'tok' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Leo Park' })).toBeInTheDocument();
    expect(screen.getByText('No Photo')).toBeInTheDocument();
    // Not the principal's own profile: no Update.
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();

    const deleteButton = screen.getByRole('button', { name: 'Delete' });
    await user.click(deleteButton);
    let dialog = screen.getByRole('alertdialog', { name: 'Delete Leo Park?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();

    // Cancel (and Escape) leave everything as it was.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(deleteButton).toHaveFocus();
    await user.click(deleteButton);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.callsTo('DELETE users/12')).toHaveLength(0);

    await user.click(deleteButton);
    dialog = screen.getByRole('alertdialog', { name: 'Delete Leo Park?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.callsTo('DELETE users/12')).toHaveLength(1);
    await waitFor(() => expect(toastTexts()).toContain("Leo Park's account has been deleted."));
  });

  it('offers the principal the pupil’s mark history', async () => {
    mockApi({
      'GET users/profile': () => jsonResponse({ results: PRINCIPAL }),
      'GET users/student/12': () => jsonResponse({ results: PUPIL }),
    });
    renderApp('/student-profile/12', { token: 'tok' });
    expect(await screen.findByRole('link', { name: 'Mark history' })).toHaveAttribute(
      'href',
      '/mark-history/12',
    );
  });

  it('keeps Tab inside the dialog', async () => {
    mockApi({
      'GET users/profile': () => jsonResponse({ results: PRINCIPAL }),
      'GET users/student/12': () => jsonResponse({ results: PUPIL }),
    });
    const { user } = renderApp('/student-profile/12', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog');
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('shows no Delete to a teacher', async () => {
    mockApi({
      'GET users/profile': () =>
        jsonResponse({ results: makeUser({ id: 3, type: USER_TYPE.teacher, name: 'Ravi Kumar' }) }),
      'GET users/student/12': () => jsonResponse({ results: PUPIL }),
    });
    renderApp('/student-profile/12', { token: 'tok' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Leo Park' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Mark history' })).not.toBeInTheDocument();
  });

  it('lets a pupil update their own profile from their student profile', async () => {
    mockApi({
      'GET users/profile': () => jsonResponse({ results: PUPIL }),
      'GET users/student/12': () => jsonResponse({ results: PUPIL }),
    });
    renderApp('/student-profile/12', { token: 'tok' });
    expect(await screen.findByRole('button', { name: 'Update' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Mark history' })).not.toBeInTheDocument();
  });

  it('explains a 404 in friendly words', async () => {
    allowConsoleErrors(); // the query client logs the failed load
    mockApi({
      'GET users/profile': () => jsonResponse({ results: PRINCIPAL }),
      'GET users/student/404': () => errorResponse(404, 'NOT_FOUND', 'That pupil was not found.'),
    });
    renderApp('/student-profile/404', { token: 'tok' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not find this profile.');
    expect(alert).toHaveTextContent('It may have been removed, or it is not one your account may see.');
    expect(within(alert).getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('does not call the API for an id that cannot exist', async () => {
    const api = mockApi({ 'GET users/profile': () => jsonResponse({ results: PRINCIPAL }) });
    renderApp('/student-profile/abc', { token: 'tok' });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not find this profile.');
    expect(api.calls.some((call) => call.path.startsWith('users/student'))).toBe(false);
  });
});
