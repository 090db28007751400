import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConsentChangeBody } from '../../../../shared/api/consents.js';
import type { CareAnswer } from '../../../../shared/api/family.js';
import { USER_TYPE } from '../../../../shared/constants.js';
import { seriousAxeViolations } from '../../../test/axe.js';
import { renderApp } from '../../../test/render-app.js';
import { profile } from '../../../test/school-test-utils.js';
import { consentsAnswer, mockFamilyApi, parentProfile } from '../testing/family-api.js';

const care = (mayEdit: boolean): { data: CareAnswer } => ({
  data: {
    studentId: 31,
    studentName: 'Asha Verma',
    details: {
      emergencyContacts: [],
      medical: { allergies: '', conditions: '', medications: [], doctorName: '', doctorPhone: '' },
      pickups: [],
      photoConsent: { website: true, ownFamily: false, otherFamilies: false },
    },
    updatedAt: null,
    updatedBy: null,
    mayEdit,
    guardians: [],
  },
});

function openConsents(
  viewer: ReturnType<typeof profile>,
  routes: Record<string, unknown> = {},
  mayEdit = true,
) {
  const api = mockFamilyApi({
    'GET users/profile': viewer,
    'GET pupils/31/care': care(mayEdit),
    'GET pupils/31/care/history': { data: [] },
    'GET pupils/31/data-exports': { data: { studentId: 31, studentName: 'Asha Verma', exports: [] } },
    'GET pupils/31/access-log': {
      data: { studentId: 31, studentName: 'Asha Verma', scope: 'staff-care', entries: [], next: null },
    },
    'GET pupils/31/consents': consentsAnswer({ mayChange: mayEdit }),
    'GET family/children': { data: [] },
    ...routes,
  });
  return { ...renderApp('/care/31', { token: 'tok' }), api, user: userEvent.setup() };
}

const panel = () => screen.findByRole('region', { name: 'Asha Verma’s consents' });

describe('the consents panel (docs/decisions/0111-consent-as-a-ledger.md)', () => {
  it('shows each consent’s state and the history: when, what, who, how', async () => {
    const { container } = openConsents(parentProfile());
    const consents = await panel();
    const states = await within(consents).findByRole('list');
    expect(within(states).getByText('Photos on the school’s website: Given')).toBeInTheDocument();
    expect(within(states).getByText('Photos shared with the family: Not given')).toBeInTheDocument();
    expect(within(states).getByText('Photos other families see: Not given')).toBeInTheDocument();
    const history = within(consents).getByRole('table');
    const rows = within(history).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText('Maria Verma')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('In the app')).toBeInTheDocument();
    expect(
      within(rows[2] as HTMLElement).getByText('Photos shared with the family: Withdrawn'),
    ).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Not recorded')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Carried over')).toBeInTheDocument();
    // Each cell names its column, for the phone layout (TableWrap).
    expect(
      within(rows[1] as HTMLElement)
        .getByText('Maria Verma')
        .closest('td'),
    ).toHaveAttribute('data-label', 'Who');
    expect(within(consents).queryByLabelText('Recorded from a paper form')).not.toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('a guardian withdraws after confirming: the POST says so, and the consents and care details are read again', async () => {
    let withdrawn = false;
    const after = () =>
      consentsAnswer({
        current: { website: !withdrawn, ownFamily: false, otherFamilies: false, outings: false },
        history: [
          ...(withdrawn
            ? [
                {
                  id: 3,
                  kind: 'website' as const,
                  given: false,
                  at: '2026-11-28T15:00:00.000Z',
                  by: 'Maria Verma',
                  how: 'app' as const,
                  schoolForm: null,
                },
              ]
            : []),
          ...consentsAnswer().data.history,
        ],
      });
    const { api, user, container } = openConsents(parentProfile(), {
      'GET pupils/31/consents': after,
      'POST pupils/31/consents': () => {
        withdrawn = true;
        return after();
      },
    });
    const consents = await panel();
    await user.click(
      await within(consents).findByRole('button', { name: 'Withdraw: Photos on the school’s website' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Withdraw this consent?' });
    expect(await seriousAxeViolations(container)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() =>
      expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
        { kind: 'website', given: false } satisfies ConsentChangeBody,
      ]),
    );
    expect(await screen.findByText('Consent withdrawn: Photos on the school’s website.')).toBeInTheDocument();
    expect(
      within(within(consents).getByRole('list')).getByText('Photos on the school’s website: Not given'),
    ).toBeInTheDocument();
    expect(within(consents).getAllByRole('row')).toHaveLength(4);
    expect(
      within(consents).getByRole('button', { name: 'Give: Photos on the school’s website' }),
    ).toBeEnabled();
    await waitFor(() =>
      expect(api.calls('GET').filter((call) => call === 'GET pupils/31/consents')).toHaveLength(2),
    );
    await waitFor(() =>
      expect(api.calls('GET').filter((call) => call === 'GET pupils/31/care')).toHaveLength(2),
    );
  });

  it('a guardian gives a consent without being asked first', async () => {
    const { api, user } = openConsents(parentProfile());
    const consents = await panel();
    await user.click(
      await within(consents).findByRole('button', { name: 'Give: Photos other families see' }),
    );
    await waitFor(() =>
      expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
        { kind: 'otherFamilies', given: true },
      ]),
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('lists the standing consent to local outings with the photo consents, and a trip slip’s answers in the history (docs/decisions/0115-trips-in-the-consent-ledger.md)', async () => {
    const { api, user, container } = openConsents(parentProfile(), {
      'GET pupils/31/consents': consentsAnswer({
        history: [
          {
            id: 3,
            kind: 'trip',
            given: true,
            at: '2026-11-25T18:00:00.000Z',
            by: 'Maria Verma',
            how: 'school-form',
            schoolForm: { id: 4, title: 'Zoo trip' },
          },
          ...consentsAnswer().data.history,
        ],
      }),
    });
    const consents = await panel();
    const states = await within(consents).findByRole('list');
    expect(
      within(states).getByText('Local outings (walks to the park, the library): Not given'),
    ).toBeInTheDocument();
    // A trip is not a standing consent: no button for it.
    expect(within(states).queryByText(/^Trip/)).not.toBeInTheDocument();
    expect(
      within(consents).getByText(
        'A trip further afield asks its own permission slip; each answer to one appears in the history below.',
      ),
    ).toBeInTheDocument();
    const trip = within(within(consents).getByRole('table')).getAllByRole('row')[1] as HTMLElement;
    expect(within(trip).getByText('Trip: Zoo trip: Given')).toBeInTheDocument();
    expect(within(trip).getByText('The trip’s permission slip')).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);

    await user.click(
      within(consents).getByRole('button', {
        name: 'Give: Local outings (walks to the park, the library)',
      }),
    );
    await waitFor(() =>
      expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
        { kind: 'outings', given: true } satisfies ConsentChangeBody,
      ]),
    );
  });

  it('the principal records a consent from paper', async () => {
    const { api, user } = openConsents(profile(USER_TYPE.principal, 1, 'Pat Principal'), {
      'GET pupils/31/consents': consentsAnswer({ mayRecordPaper: true }),
    });
    const consents = await panel();
    await user.click(await within(consents).findByLabelText('Recorded from a paper form'));
    await user.click(within(consents).getByRole('button', { name: 'Give: Photos shared with the family' }));
    await waitFor(() =>
      expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
        { kind: 'ownFamily', given: true, fromPaper: true },
      ]),
    );
  });

  it('a class teacher reads the consents and their history, without buttons', async () => {
    const { container } = openConsents(profile(USER_TYPE.teacher), {}, false);
    const consents = await panel();
    const states = await within(consents).findByRole('list');
    expect(within(states).getByText('Photos on the school’s website: Given')).toBeInTheDocument();
    expect(within(consents).getByRole('table')).toBeInTheDocument();
    expect(within(consents).queryByRole('button')).not.toBeInTheDocument();
    expect(within(consents).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});
