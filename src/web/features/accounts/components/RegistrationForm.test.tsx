import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAMILY_LIMITS, FAMILY_MESSAGES } from '../../../../shared/api/family.js';
import { USER_MESSAGES } from '../../../../shared/api/users.js';
import { MESSAGES, REGISTRATION_MESSAGE_MS, USER_TYPE, USER_TYPES } from '../../../../shared/constants.js';
import { allowConsoleErrors } from '../../../test/console.js';
import { jsonResponse, renderApp } from '../../../test/render-app.js';
import { CHILDREN_FIELD } from '../api/register.js';
import { errorResponse, mockApi, toastTexts } from '../testing/mock-api.js';

const CREATED = {
  data: { id: 99, name: 'Mia Lopez', email: 'mia@example.com', type: USER_TYPE.student, status: 'pending' },
};

const photo = (name = 'mia.png') =>
  new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

async function openForm() {
  const app = renderApp('/registation');
  await screen.findByRole('heading', { name: 'Join our school family' });
  return app;
}

const form = () => screen.getByRole('form', { name: 'Join our school family' });
/** A control of the registration form by the start of its label (labels of required ones end in *). */
const field = (name: string) =>
  within(form()).getByLabelText(new RegExp(`^${name.replace(/[()]/g, '\\$&')}( \\*)?$`), {
    selector: 'input, textarea, select',
  });

/** Puts `text` into a field the way pasting does (faster than typing each key). */
async function enter(user: UserEvent, label: string, text: string): Promise<void> {
  await user.click(field(label));
  await user.paste(text);
}

async function fillForm(user: UserEvent, files: File[] = [photo()]): Promise<void> {
  await enter(user, 'Name', 'Mia Lopez');
  await enter(user, 'Designation', 'Pupil, Class 1');
  await enter(user, 'Description', 'Likes painting.');
  await user.selectOptions(field('User type'), USER_TYPE.student);
  await user.click(screen.getByRole('radio', { name: 'Female' }));
  await user.type(field('Date of birth'), '2019-05-04');
  await enter(user, 'Contact', '+1 555 0100 200');
  await enter(user, 'Address', '4 Oak Lane, Greenfield');
  await enter(user, 'Email', 'mia@example.com');
  await enter(user, 'Password', 'sunflower22');
  await user.upload(field('Photos'), files);
}

const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Register' }));

describe('registration form', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('has every field of the payload, the 9 types, 3 genders, a photo input and a link to /login', async () => {
    await openForm();
    for (const label of [
      'Name',
      'Designation',
      'Description',
      'Date of birth',
      'Address',
      'Contact',
      'Email',
      'Password',
      'Social link (optional)',
    ]) {
      expect(field(label)).toBeInTheDocument();
    }
    const type = field('User type');
    const options = within(type)
      .getAllByRole('option')
      .map((option) => option.getAttribute('value'));
    expect(options).toEqual(['', ...USER_TYPES]);
    expect(within(screen.getByRole('group', { name: /Gender/ })).getAllByRole('radio')).toHaveLength(3);
    const images = field('Photos');
    expect(images).toHaveAttribute('type', 'file');
    expect(images).toHaveAttribute('accept', 'image/*');
    expect(images).toHaveAttribute('multiple');
    expect(screen.getByRole('link', { name: 'Log in here' })).toHaveAttribute('href', '/login');
  });

  it('says what is missing and sends nothing', async () => {
    const api = mockApi({});
    const { user } = await openForm();
    await submit(user);
    for (const message of [
      USER_MESSAGES.enterName,
      USER_MESSAGES.enterDesignation,
      USER_MESSAGES.enterDescription,
      USER_MESSAGES.chooseType,
      USER_MESSAGES.chooseGender,
      USER_MESSAGES.enterDob,
      USER_MESSAGES.enterAddress,
      USER_MESSAGES.enterContact,
      USER_MESSAGES.enterEmail,
      // The shared rule: an empty password is simply too short.
      USER_MESSAGES.passwordTooShort,
      USER_MESSAGES.addImage,
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Name')).toHaveFocus();
    expect(api.callsTo('POST users')).toHaveLength(0);
  });

  it('checks the email format and the password length with the shared rules', async () => {
    mockApi({});
    const { user } = await openForm();
    await user.type(field('Email'), 'not-an-email');
    await user.type(field('Password'), 'short');
    await submit(user);
    expect(await screen.findByText(USER_MESSAGES.invalidEmail)).toBeInTheDocument();
    expect(screen.getByText(USER_MESSAGES.passwordTooShort)).toBeInTheDocument();
  });

  it('shows a preview line per chosen photo, and one can be taken out again', async () => {
    mockApi({});
    const { user } = await openForm();
    await user.upload(field('Photos'), [photo('a.png'), photo('b.png')]);
    const list = screen.getByRole('list', { name: 'Chosen photos' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remove a.png' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText('b.png')).toBeInTheDocument();
  });

  it('Cancel empties every field and file, clears the message and toasts Data clear!', async () => {
    mockApi({});
    const { user } = await openForm();
    await fillForm(user);
    await enter(user, 'Social link (optional)', 'https://example.com/mia');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    for (const label of [
      'Name',
      'Designation',
      'Description',
      'Date of birth',
      'Contact',
      'Address',
      'Email',
    ]) {
      expect(field(label)).toHaveValue('');
    }
    expect(field('Password')).toHaveValue('');
    expect(field('Social link (optional)')).toHaveValue('');
    expect(field('User type')).toHaveValue('');
    for (const radio of screen.getAllByRole('radio')) expect(radio).not.toBeChecked();
    expect(screen.queryByRole('list', { name: 'Chosen photos' })).not.toBeInTheDocument();
    await waitFor(() => expect(toastTexts()).toContain(MESSAGES.dataCleared));

    // Nothing of the old values comes back on the next submit.
    await submit(user);
    expect(await screen.findByText(USER_MESSAGES.enterName)).toBeInTheDocument();
    expect(screen.getByText(USER_MESSAGES.chooseType)).toBeInTheDocument();
    expect(screen.getByText(USER_MESSAGES.addImage)).toBeInTheDocument();
  });

  it('sends the multipart form with the API’s field names, then shows the success message for 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({ 'POST users': () => jsonResponse(CREATED, 201) });
    const { user } = await openForm();
    await fillForm(user, [photo('one.png'), photo('two.png')]);
    await submit(user);

    const message = await screen.findByRole('status');
    expect(message).toHaveTextContent(MESSAGES.registered);
    expect(message).toHaveTextContent(/waiting for the principal’s approval/);
    expect(message).toHaveClass('alert-success');
    await waitFor(() => expect(toastTexts()).toContain(MESSAGES.registered));

    const [call] = api.callsTo('POST users');
    expect(call?.body).toBeInstanceOf(FormData);
    const body = call?.body as FormData;
    expect(Object.fromEntries([...body.entries()].filter(([name]) => name !== 'images'))).toEqual({
      name: 'Mia Lopez',
      degination: 'Pupil, Class 1',
      discription: 'Likes painting.',
      type: USER_TYPE.student,
      gender: 'Female',
      dob: '2019-05-04',
      address: '4 Oak Lane, Greenfield',
      contact: '+1 555 0100 200',
      email: 'mia@example.com',
      password: 'sunflower22',
    });
    expect(body.getAll('images').map((file) => (file as File).name)).toEqual(['one.png', 'two.png']);
    expect(field('Name')).toHaveValue('');
    expect(screen.queryByRole('list', { name: 'Chosen photos' })).not.toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(REGISTRATION_MESSAGE_MS - 500);
    });
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.registered);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600);
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('Cancel after a success clears the green message too', async () => {
    mockApi({ 'POST users': () => jsonResponse(CREATED, 201) });
    const { user } = await openForm();
    await fillForm(user);
    await submit(user);
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.registered);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await waitFor(() => expect(toastTexts()).toContain(MESSAGES.dataCleared));
  });

  it('shows a taken email at the email field, toasts Registered Failed! and logs the error', async () => {
    allowConsoleErrors();
    mockApi({
      'POST users': () =>
        errorResponse(409, 'EMAIL_TAKEN', USER_MESSAGES.emailTaken, [
          { field: 'email', message: USER_MESSAGES.emailTaken },
        ]),
    });
    const { user } = await openForm();
    await fillForm(user);
    await submit(user);

    const email = field('Email');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription(USER_MESSAGES.emailTaken);
    expect(email).toHaveFocus();
    expect(email).toHaveValue('mia@example.com');
    await waitFor(() => expect(toastTexts()).toContain(MESSAGES.registrationFailed));
    expect(console.error).toHaveBeenCalledWith(
      'Registration failed:',
      expect.objectContaining({ status: 409, code: 'EMAIL_TAKEN' }),
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('puts each reason of a 400 at its field, photos included', async () => {
    allowConsoleErrors();
    mockApi({
      'POST users': () =>
        errorResponse(400, 'VALIDATION_FAILED', 'images: not a picture', [
          { field: 'images', message: 'notes.png is not a picture we can read' },
          { field: 'contact', message: USER_MESSAGES.contactInvalid },
        ]),
    });
    const { user } = await openForm();
    await fillForm(user);
    await submit(user);
    expect(await screen.findByText('notes.png is not a picture we can read')).toBeInTheDocument();
    expect(screen.getByText(USER_MESSAGES.contactInvalid)).toBeInTheDocument();
    expect(field('Photos')).toHaveAttribute('aria-invalid', 'true');
    // The chosen photo stays, so the visitor can take it out.
    expect(screen.getByRole('list', { name: 'Chosen photos' })).toBeInTheDocument();
  });

  it('says so when the server cannot be reached', async () => {
    allowConsoleErrors();
    mockApi({});
    const { user } = await openForm();
    await fillForm(user);
    await submit(user);
    const alert = await within(form()).findByRole('alert');
    expect(alert).toHaveTextContent(/could not reach the school server/);
    await waitFor(() => expect(toastTexts()).toContain(MESSAGES.registrationFailed));
  });
});

describe('registration form: a Parent’s children (docs/decisions/0021-families.md)', () => {
  const childField = (label: string) => within(form()).getByLabelText(label);
  const addChild = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Add a child' }));

  it('asks for children only when the type is Parent', async () => {
    mockApi({});
    const { user } = await openForm();
    expect(screen.queryByRole('group', { name: 'Your children (optional)' })).not.toBeInTheDocument();
    await user.selectOptions(field('User type'), USER_TYPE.parent);
    expect(screen.getByRole('group', { name: 'Your children (optional)' })).toBeInTheDocument();
    await user.selectOptions(field('User type'), USER_TYPE.teacher);
    expect(screen.queryByRole('group', { name: 'Your children (optional)' })).not.toBeInTheDocument();
  });

  it('sends the named children as one JSON field', async () => {
    const api = mockApi({ 'POST users': () => jsonResponse(CREATED, 201) });
    const { user } = await openForm();
    await fillForm(user);
    await user.selectOptions(field('User type'), USER_TYPE.parent);
    await addChild(user);
    await addChild(user);
    await user.type(childField('Child’s name (child 1)'), 'Asha Verma');
    await user.type(childField('Date of birth (child 1)'), '2019-05-04');
    await user.type(childField('Child’s name (child 2)'), 'Ravi Verma');
    await user.type(childField('Date of birth (child 2)'), '2017-02-11');
    await submit(user);
    await waitFor(() => expect(api.callsTo('POST users')).toHaveLength(1));
    const body = api.callsTo('POST users')[0]?.body as FormData;
    expect(body.get('type')).toBe(USER_TYPE.parent);
    expect(JSON.parse(String(body.get(CHILDREN_FIELD)))).toEqual([
      { name: 'Asha Verma', dob: '2019-05-04' },
      { name: 'Ravi Verma', dob: '2017-02-11' },
    ]);
  });

  it('a Parent who names nobody sends no children field; another type never does', async () => {
    const api = mockApi({ 'POST users': () => jsonResponse(CREATED, 201) });
    const { user } = await openForm();
    await fillForm(user);
    await user.selectOptions(field('User type'), USER_TYPE.parent);
    await addChild(user);
    await user.type(childField('Child’s name (child 1)'), 'Asha Verma');
    // Changing the type drops the children named so far.
    await user.selectOptions(field('User type'), USER_TYPE.student);
    await submit(user);
    await waitFor(() => expect(api.callsTo('POST users')).toHaveLength(1));
    const body = api.callsTo('POST users')[0]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).has(CHILDREN_FIELD)).toBe(false);
  });

  it('checks each child with the shared rules, and takes at most six', async () => {
    const api = mockApi({});
    const { user } = await openForm();
    await fillForm(user);
    await user.selectOptions(field('User type'), USER_TYPE.parent);
    await addChild(user);
    await submit(user);
    expect(await screen.findByText(FAMILY_MESSAGES.enterName)).toBeInTheDocument();
    expect(childField('Child’s name (child 1)')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST users')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Remove child 1' }));
    for (let n = 0; n < FAMILY_LIMITS.children; n += 1) await addChild(user);
    expect(screen.getByRole('button', { name: 'Add a child' })).toBeDisabled();
    expect(
      screen.getByText(`You can name up to ${FAMILY_LIMITS.children} children here.`),
    ).toBeInTheDocument();
  });
});
