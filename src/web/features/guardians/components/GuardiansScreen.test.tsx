import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FAMILY_MESSAGES } from '../../../../shared/api/family.js';
import { answer, apiError } from '../../../test/school-test-utils.js';
import { GUARDIANS_TEXTS, link, renderGuardians } from '../testing/guardians.js';

describe('Guardians', () => {
  it("lists the chosen pupil's guardians with name, email, phone and relationship", async () => {
    renderGuardians();
    const table = await screen.findByRole('table', { name: undefined });
    const [, first] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Efua Mensah');
    expect(first).toHaveTextContent('efua@example.com');
    expect(first).toHaveTextContent('+1 555 0100');
    expect(first).toHaveTextContent('Mother');
    expect(screen.getByLabelText(GUARDIANS_TEXTS.pupil)).toHaveValue('11');
  });

  it('choosing a pupil puts it in the address; the search narrows the choice', async () => {
    const { user, location } = renderGuardians(
      { 'GET admin/guardians?studentId=12': { data: [] } },
      '/guardians',
    );
    const select = await screen.findByLabelText(GUARDIANS_TEXTS.pupil);
    await waitFor(() => expect(select).toBeEnabled());
    await user.type(screen.getByLabelText(GUARDIANS_TEXTS.find), 'ben');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([GUARDIANS_TEXTS.choosePupil, 'Ben Osei']);
    await user.selectOptions(select, '12');
    expect(await screen.findByText(GUARDIANS_TEXTS.none('Ben Osei'))).toBeInTheDocument();
    expect(location()).toBe('/guardians?studentId=12');
  });

  it('links a parent: POST with the pupil, the parent and the relationship', async () => {
    const { user, api } = renderGuardians({
      'POST admin/guardians': answer(201, {
        data: link({ parentId: 32, parentName: 'Kwame Mensah', relationship: 'Father' }),
      }),
    });
    await screen.findByRole('table');
    const form = screen.getByRole('form', { name: GUARDIANS_TEXTS.linkTitle('Ada Mensah') });
    // Nothing chosen: the shared messages, and nothing sent.
    await user.click(within(form).getByRole('button', { name: GUARDIANS_TEXTS.link }));
    expect(
      await within(form).findByText(FAMILY_MESSAGES.chooseParent, { selector: '.invalid-feedback' }),
    ).toBeInTheDocument();
    expect(
      within(form).getByText(FAMILY_MESSAGES.chooseRelationship, { selector: '.invalid-feedback' }),
    ).toBeInTheDocument();

    await waitFor(() => expect(within(form).getByLabelText(GUARDIANS_TEXTS.parent)).toBeEnabled());
    await user.selectOptions(within(form).getByLabelText(GUARDIANS_TEXTS.parent), '32');
    await user.selectOptions(within(form).getByLabelText(GUARDIANS_TEXTS.relationship), 'Father');
    await user.click(within(form).getByRole('button', { name: GUARDIANS_TEXTS.link }));
    await waitFor(() => expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(api.requests.find((r) => r.method === 'POST')).toEqual({
      method: 'POST',
      path: 'admin/guardians',
      body: { parentId: 32, studentId: 11, relationship: 'Father' },
    });
    // The list loads again.
    await waitFor(() =>
      expect(api.calls('GET').filter((c) => c === 'GET admin/guardians?studentId=11')).toHaveLength(2),
    );
  });

  it('says why a link is refused (409 already linked)', async () => {
    const { user } = renderGuardians({
      'POST admin/guardians': apiError(409, 'ALREADY_LINKED', FAMILY_MESSAGES.alreadyLinked),
    });
    await screen.findByRole('table');
    const form = screen.getByRole('form', { name: GUARDIANS_TEXTS.linkTitle('Ada Mensah') });
    await waitFor(() => expect(within(form).getByLabelText(GUARDIANS_TEXTS.parent)).toBeEnabled());
    await user.selectOptions(within(form).getByLabelText(GUARDIANS_TEXTS.parent), '31');
    await user.selectOptions(within(form).getByLabelText(GUARDIANS_TEXTS.relationship), 'Mother');
    await user.click(within(form).getByRole('button', { name: GUARDIANS_TEXTS.link }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(FAMILY_MESSAGES.alreadyLinked);
  });

  it('unlinks after asking: DELETE admin/guardians/{parentId}/{studentId}', async () => {
    let links = [link()];
    const { user, api } = renderGuardians({
      'GET admin/guardians?studentId=11': () => ({ data: links }),
      'DELETE admin/guardians/31/11': () => {
        links = [];
        return answer(204);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Unlink Efua Mensah' }));
    const dialog = screen.getByRole('alertdialog', {
      name: GUARDIANS_TEXTS.unlinkTitle('Efua Mensah', 'Ada Mensah'),
    });
    expect(api.calls('DELETE')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: GUARDIANS_TEXTS.unlink }));
    expect(await screen.findByText(GUARDIANS_TEXTS.none('Ada Mensah'))).toBeInTheDocument();
    expect(api.calls('DELETE')).toEqual(['DELETE admin/guardians/31/11']);
  });
});
