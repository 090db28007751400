import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SECOND_PRINCIPAL, type UserForReview } from '../../../../shared/api/users.js';
import { USER_TYPE } from '../../../../shared/constants.js';
import { allowConsoleErrors } from '../../../test/console.js';
import { jsonResponse, renderApp } from '../../../test/render-app.js';
import {
  errorResponse,
  type Handler,
  makeApplicant,
  makeUser,
  mockApi,
  toastTexts,
} from '../testing/mock-api.js';

const RAVI = makeApplicant();
const NINA = makeApplicant({
  id: 42,
  name: 'Nina Shah',
  email: 'nina@example.com',
  type: 'Parent',
  photos: [],
});

/** The API as the principal's screen meets it: the app shell reads who is logged in. */
const principalApi = (routes: Record<string, Handler>) =>
  mockApi({
    'GET users/profile': () => jsonResponse({ results: makeUser({ type: USER_TYPE.principal }) }),
    ...routes,
  });

const card = (name: string) => screen.getByRole('article', { name });

describe('approvals', () => {
  it('lists each pending account with its details and photos', async () => {
    principalApi({ 'GET users?status=pending': () => jsonResponse({ data: [RAVI, NINA] }) });
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
    const api = principalApi({
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
    await waitFor(() => expect(toastTexts()).toContain('Ravi Kumar is approved and can log in now.'));
  });

  it('Reject asks first, then sets the account rejected', async () => {
    let pending = [RAVI];
    const api = principalApi({
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

    expect(await screen.findByText('No registrations are waiting for approval.')).toBeInTheDocument();
    expect(JSON.parse(String(api.callsTo('PATCH users/41/status')[0]?.body))).toEqual({ status: 'rejected' });
    await waitFor(() => expect(toastTexts()).toContain("Ravi Kumar's registration was rejected."));
  });

  describe('a Principle: approving makes a second principal', () => {
    const PAT = makeApplicant({ id: 44, name: 'Pat Lee', email: 'pat@example.com', type: 'Principle' });

    it('asks the principal’s password in a dialog that says so, and sends it with the approval', async () => {
      let tries = 0;
      const api = principalApi({
        'GET users?status=pending': () => jsonResponse({ data: tries > 1 ? [] : [PAT] }),
        'PATCH users/44/status': () => {
          tries += 1;
          return tries === 1
            ? errorResponse(403, SECOND_PRINCIPAL.codes.wrongPassword, SECOND_PRINCIPAL.wrongPassword)
            : jsonResponse({ data: { ...PAT, status: 'active' } });
        },
      });
      const { user } = renderApp('/approvals', { token: 'tok' });
      await screen.findByRole('heading', { level: 3, name: 'Pat Lee' });
      await user.click(within(card('Pat Lee')).getByRole('button', { name: 'Approve' }));
      const dialog = screen.getByRole('alertdialog', {
        name: 'Approve Pat Lee as a second principal?',
      });
      expect(dialog).toHaveTextContent(SECOND_PRINCIPAL.warning);
      expect(api.callsTo('PATCH users/44/status')).toHaveLength(0);

      await user.type(within(dialog).getByLabelText('Your password'), 'wrong-one');
      await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
      // A wrong password keeps the dialog open and says why.
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(SECOND_PRINCIPAL.wrongPassword);
      expect(JSON.parse(String(api.callsTo('PATCH users/44/status')[0]?.body))).toEqual({
        status: 'active',
        password: 'wrong-one',
      });

      const field = within(dialog).getByLabelText('Your password');
      await user.clear(field);
      await user.type(field, 'the-right-one');
      await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
      await waitFor(() => expect(toastTexts()).toContain('Pat Lee is approved and can log in now.'));
      expect(JSON.parse(String(api.callsTo('PATCH users/44/status')[1]?.body))).toEqual({
        status: 'active',
        password: 'the-right-one',
      });
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    });
  });

  it('says when nobody is waiting', async () => {
    principalApi({ 'GET users?status=pending': () => jsonResponse({ data: [] }) });
    renderApp('/approvals', { token: 'tok' });
    expect(await screen.findByText('No registrations are waiting for approval.')).toBeInTheDocument();
  });

  it('tells anyone but the principal (403) that only the principal may review', async () => {
    allowConsoleErrors(); // the query client logs the refused load
    principalApi({
      'GET users?status=pending': () => errorResponse(403, 'FORBIDDEN', 'Only the principal may do that.'),
    });
    renderApp('/approvals', { token: 'tok' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Only the principal can review new registrations.');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  describe('a Parent who named children', () => {
    const KOFI = makeApplicant({
      id: 43,
      name: 'Kofi Mensah',
      email: 'kofi@example.com',
      type: 'Parent',
      gender: 'Male',
      photos: [],
      children: [
        {
          name: 'Ada Mensah',
          dob: '2020-05-01',
          matches: [{ studentId: 11, studentName: 'Ada Mensah', dob: '2020-05-01', className: 'KG' }],
        },
        {
          name: 'Ben',
          dob: '2019-02-03',
          matches: [
            { studentId: 12, studentName: 'Ben Osei', dob: '2019-02-03', className: 'Class 1' },
            { studentId: 13, studentName: 'Ben Mensah', dob: '2019-02-03', className: null },
          ],
        },
        { name: 'Esi Mensah', dob: '2021-07-07', matches: [] },
      ],
    } as Partial<UserForReview>);

    it('shows each named child with the matching pupils; a single match is ticked', async () => {
      principalApi({ 'GET users?status=pending': () => jsonResponse({ data: [KOFI] }) });
      renderApp('/approvals', { token: 'tok' });
      await screen.findByRole('heading', { level: 3, name: 'Kofi Mensah' });
      const kofi = card('Kofi Mensah');
      expect(within(kofi).getByText('Ada Mensah, born 1 May 2020')).toBeInTheDocument();
      expect(within(kofi).getByRole('checkbox', { name: /Link to Ada Mensah/ })).toBeChecked();
      expect(within(kofi).getByRole('checkbox', { name: /Link to Ben Osei/ })).not.toBeChecked();
      expect(within(kofi).getByRole('checkbox', { name: /Link to Ben Mensah/ })).not.toBeChecked();
      expect(within(kofi).getByLabelText('Relationship to Ada Mensah')).toHaveValue('Father');
      expect(
        within(kofi).getByText('No pupil matches this child yet. Link them later on', { exact: false }),
      ).toBeInTheDocument();
    });

    /** Kofi's card on /approvals, with an approval the server accepts; `sent()` is the PATCH's body. */
    async function openKofiForApproval() {
      const api = principalApi({
        'GET users?status=pending': () => jsonResponse({ data: [KOFI] }),
        'PATCH users/43/status': () => jsonResponse({ data: { ...KOFI, status: 'active' } }),
      });
      const { user } = renderApp('/approvals', { token: 'tok' });
      await screen.findByRole('heading', { level: 3, name: 'Kofi Mensah' });
      const sent = async () => {
        await waitFor(() => expect(api.callsTo('PATCH users/43/status')).toHaveLength(1));
        return JSON.parse(String(api.callsTo('PATCH users/43/status')[0]?.body)) as unknown;
      };
      return { user, kofi: card('Kofi Mensah'), sent };
    }

    it('Approve sends the ticked pupils as links with their relationships', async () => {
      const { user, kofi, sent } = await openKofiForApproval();
      await user.click(within(kofi).getByRole('checkbox', { name: /Link to Ben Osei/ }));
      await user.selectOptions(within(kofi).getByLabelText('Relationship to Ben Osei'), 'Guardian');
      await user.click(within(kofi).getByRole('button', { name: 'Approve' }));
      expect(await sent()).toEqual({
        status: 'active',
        links: [
          { studentId: 11, relationship: 'Father' },
          { studentId: 12, relationship: 'Guardian' },
        ],
      });
    });

    it('nothing ticked: the approval is the plain one', async () => {
      const { user, kofi, sent } = await openKofiForApproval();
      await user.click(within(kofi).getByRole('checkbox', { name: /Link to Ada Mensah/ }));
      await user.click(within(kofi).getByRole('button', { name: 'Approve' }));
      expect(await sent()).toEqual({ status: 'active' });
    });
  });
});
