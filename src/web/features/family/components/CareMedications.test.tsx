import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CareAnswer, CareDetails } from '../../../../shared/api/family.js';
import { renderApp } from '../../../test/render-app.js';
import { profile } from '../../../test/school-test-utils.js';
import { CARE_EDITOR_TEXTS, consentsAnswer, mockFamilyApi, parentProfile } from '../testing/family-api.js';

/**
 * The care details' medications (docs/decisions/0078-the-daily-log.md): a list of named
 * medications with their dose, which the daily log records medication given against.
 */

const DETAILS: CareDetails = {
  emergencyContacts: [],
  medical: {
    allergies: '',
    conditions: 'Mild asthma',
    medications: [{ name: 'Salbutamol inhaler', dose: 'Two puffs when wheezy' }],
    doctorName: '',
    doctorPhone: '',
  },
  pickups: [],
  photoConsent: { website: false, ownFamily: false, otherFamilies: false },
};

const care = (mayEdit: boolean, details: CareDetails = DETAILS): { data: CareAnswer } => ({
  data: {
    studentId: 31,
    studentName: 'Asha Verma',
    details,
    updatedAt: null,
    updatedBy: null,
    mayEdit,
    guardians: [],
  },
});

function openCare(viewer: ReturnType<typeof profile>, mayEdit: boolean) {
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
    // The form leaves the consents out; the server answers with the ledger's.
    'PUT pupils/31/care': (request: { body: unknown }) =>
      care(true, { ...care(true).data.details, ...(request.body as Partial<CareDetails>) }),
  });
  return { ...renderApp('/care/31', { token: 'tok' }), api, user: userEvent.setup() };
}

describe('the care details’ medications', () => {
  it('a guardian keeps the list: adds one with its dose and removes another', async () => {
    const { api, user } = openCare(parentProfile(), true);
    const form = await screen.findByRole('form', { name: 'Care details' });
    expect(within(form).getByLabelText('Medication 1')).toHaveValue('Salbutamol inhaler');
    await user.click(within(form).getByRole('button', { name: 'Add a medication' }));
    await user.type(within(form).getByLabelText('Medication 2'), 'Hydrocortisone cream');
    await user.type(within(form).getByLabelText('Dose or instructions 2'), 'Thin layer on the rash');
    await user.click(within(form).getByRole('button', { name: 'Remove Salbutamol inhaler' }));
    await user.click(within(form).getByRole('button', { name: CARE_EDITOR_TEXTS.save }));
    await waitFor(() => expect(api.calls('PUT')).toHaveLength(1));
    const sent = api.requests.find((r) => r.method === 'PUT')?.body as CareDetails;
    expect(sent.medical.medications).toEqual([
      { name: 'Hydrocortisone cream', dose: 'Thin layer on the rash' },
    ]);
  });

  it('a class teacher reads them with their doses', async () => {
    openCare(profile('Teacher'), false);
    expect(await screen.findByText('Salbutamol inhaler: Two puffs when wheezy')).toBeInTheDocument();
  });
});
