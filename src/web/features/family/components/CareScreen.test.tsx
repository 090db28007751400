import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccessEntry, AccessLog } from '../../../../shared/api/access-log.js';
import { type CareAnswer, type CareDetails, FAMILY_MESSAGES } from '../../../../shared/api/family.js';
import { USER_TYPE } from '../../../../shared/constants.js';
import { seriousAxeViolations } from '../../../test/axe.js';
import { allowConsoleErrors } from '../../../test/console.js';
import { renderApp } from '../../../test/render-app.js';
import { answer, profile } from '../../../test/school-test-utils.js';
import {
  CARE_EDITOR_TEXTS,
  CARE_TEXTS,
  consentsAnswer,
  mockFamilyApi,
  parentProfile,
} from '../testing/family-api.js';

const DETAILS: CareDetails = {
  emergencyContacts: [
    { name: 'Maria Verma', relationship: 'Mother', phone: '+1 555 0100' },
    { name: 'Dev Verma', relationship: 'Father', phone: '+1 555 0101' },
  ],
  medical: {
    allergies: 'Peanuts',
    conditions: '',
    medications: [],
    doctorName: 'Dr Lee',
    doctorPhone: '+1 555 0199',
  },
  pickups: [{ name: 'Grandma Rose', relationship: 'Grandmother', phone: '+1 555 0123', photo: null }],
  photoConsent: { website: false, ownFamily: false, otherFamilies: false },
};

const care = (mayEdit: boolean, details: CareDetails = DETAILS): { data: CareAnswer } => ({
  data: {
    studentId: 31,
    studentName: 'Asha Verma',
    details,
    updatedAt: '2026-11-20T09:00:00.000Z',
    updatedBy: 'Maria Verma',
    mayEdit,
    guardians: [{ name: 'Maria Verma', relationship: 'Mother' }],
  },
});

const HISTORY = {
  data: [
    {
      id: 3,
      at: '2026-11-20T09:00:00.000Z',
      by: 'Maria Verma',
      changes: [{ field: 'Allergies', from: '', to: 'Peanuts' }],
    },
  ],
};

const LOOK: AccessEntry = {
  id: 7,
  kind: 'care-details',
  detail: '',
  viewerName: 'Tara Teacher',
  viewerType: USER_TYPE.teacher,
  isYou: false,
  at: '2026-11-21T14:30:00.000Z',
  address: null,
};

const accessLog = (scope: AccessLog['scope'], entries: AccessEntry[], next: number | null) => ({
  data: { studentId: 31, studentName: 'Asha Verma', scope, entries, next },
});

/** jsdom has no object URLs: each picture blob gets a made-up one, and its release is counted. */
const objectUrls = { created: vi.fn((_blob: Blob) => 'blob:pickup-photo'), revoked: vi.fn() };
beforeEach(() => {
  Object.assign(URL, { createObjectURL: objectUrls.created, revokeObjectURL: objectUrls.revoked });
});
afterEach(() => {
  objectUrls.created.mockClear();
  objectUrls.revoked.mockClear();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

/** The request of the pick-up photo call to `path`, with its headers. */
const photoRequest = (api: ReturnType<typeof mockFamilyApi>, path: string) => {
  const call = api.spy.mock.calls.find(([input]) => String(input).endsWith(path));
  return call && new Headers(call[1]?.headers);
};

function openCare(viewer: ReturnType<typeof profile>, routes: Record<string, unknown> = {}, mayEdit = true) {
  const api = mockFamilyApi({
    'GET users/profile': viewer,
    'GET pupils/31/care': care(mayEdit),
    'GET pupils/31/care/history': HISTORY,
    'GET pupils/31/data-exports': { data: { studentId: 31, studentName: 'Asha Verma', exports: [] } },
    'GET pupils/31/access-log': accessLog('staff-care', [LOOK], null),
    'GET pupils/31/consents': consentsAnswer({ mayChange: mayEdit }),
    // The app shell's navigation lists a parent's children's places (AppShell.tsx).
    'GET family/children': { data: [] },
    ...routes,
  });
  return { ...renderApp('/care/31', { token: 'tok' }), api, user: userEvent.setup() };
}

const careForm = () => screen.findByRole('form', { name: 'Care details' });
const putBodies = (api: ReturnType<typeof mockFamilyApi>) =>
  api.requests.filter((r) => r.method === 'PUT' && r.path === 'pupils/31/care').map((r) => r.body);

/** A stored pick-up photo's name. */
const SAM = `${'5a'.repeat(16)}.webp`;

describe('care details (/care/:id, docs/decisions/0021-families.md)', () => {
  it('a class teacher sees a pick-up’s photo from the guarded address, never from /uploads', async () => {
    const withPhoto: CareDetails = {
      ...DETAILS,
      pickups: [
        { name: 'Grandma Rose', relationship: 'Grandmother', phone: '+1 555 0123', photo: `care/31/${SAM}` },
      ],
    };
    const { api, container } = openCare(profile(USER_TYPE.teacher), {
      'GET pupils/31/care': care(false, withPhoto),
      [`GET pupils/31/care/pickup-photos/${SAM}`]: { picture: true },
    });
    await screen.findByText('Grandma Rose');
    await waitFor(() => expect(container.querySelector('img.care-person__photo')).not.toBeNull());
    expect(container.querySelector('img.care-person__photo')).toHaveAttribute('src', 'blob:pickup-photo');
    expect(objectUrls.created).toHaveBeenCalledTimes(1);
    expect(photoRequest(api, `/api/pupils/31/care/pickup-photos/${SAM}`)?.get('Authorization')).toBe(
      'Bearer tok',
    );
    expect(api.spy.mock.calls.some(([input]) => String(input).includes('/uploads/'))).toBe(false);
  });

  it('a class teacher reads them: contacts, medical notes, pick-ups, consent; no form, no history', async () => {
    const { container } = openCare(profile(USER_TYPE.teacher), {}, false);
    expect(await screen.findByRole('heading', { level: 1, name: 'Care Details' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Care details of Asha Verma' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Care details' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: CARE_EDITOR_TEXTS.save })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: CARE_TEXTS.back })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+1 555 0100' })).toHaveAttribute('href', 'tel:+15550100');
    expect(screen.getByText('Peanuts', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('Grandma Rose')).toBeInTheDocument();
    expect(screen.getByText(CARE_TEXTS.consentNo)).toBeInTheDocument();
    expect(screen.getByText(CARE_TEXTS.consentOtherFamiliesNo)).toBeInTheDocument();
    // The history is for those who keep the details: the server answers a class teacher 403.
    expect(screen.queryByRole('region', { name: CARE_TEXTS.historyTitle })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: CARE_TEXTS.accessTitle })).not.toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('a guardian sees who at the school opened the details, without addresses', async () => {
    const { container } = openCare(parentProfile());
    const log = await screen.findByRole('region', { name: CARE_TEXTS.accessTitle });
    expect(within(log).getByText(CARE_TEXTS.accessLeadFamily)).toBeInTheDocument();
    expect(await within(log).findByText('Tara Teacher')).toBeInTheDocument();
    expect(within(log).getByText(CARE_TEXTS.kindCareDetails)).toBeInTheDocument();
    expect(within(log).queryByText(/from /)).not.toBeInTheDocument();
    expect(within(log).queryByRole('button', { name: CARE_TEXTS.accessMore })).not.toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('the principal reads every entry with its address, and older pages on asking', async () => {
    const older: AccessEntry = {
      ...LOOK,
      id: 3,
      kind: 'report-card-pdf',
      detail: 'Autumn 2026',
      address: '10.0.0.9',
    };
    const { api, user } = openCare(profile(USER_TYPE.principal, 1, 'Pat Principal'), {
      'GET pupils/31/access-log': accessLog('all', [{ ...LOOK, isYou: true, address: '10.0.0.1' }], 7),
      'GET pupils/31/access-log?before=7': accessLog('all', [older], null),
    });
    const log = await screen.findByRole('region', { name: CARE_TEXTS.accessTitle });
    expect(await within(log).findByText(CARE_TEXTS.you)).toBeInTheDocument();
    expect(within(log).getByText(/10\.0\.0\.1/)).toBeInTheDocument();
    await user.click(within(log).getByRole('button', { name: CARE_TEXTS.accessMore }));
    expect(await within(log).findByText(/Autumn 2026/)).toBeInTheDocument();
    expect(within(log).getByText(/10\.0\.0\.9/)).toBeInTheDocument();
    expect(api.calls('GET')).toContain('GET pupils/31/access-log?before=7');
    expect(within(log).queryByRole('button', { name: CARE_TEXTS.accessMore })).not.toBeInTheDocument();
  });

  it('a guardian asks for an archive of the child’s data and sees the request (docs/decisions/0109-a-familys-data-on-request.md)', async () => {
    const request = {
      id: 5,
      studentId: 31,
      requestedBy: 'Maria Verma',
      requestedByType: USER_TYPE.parent,
      isYours: true,
      requestedAt: '2026-11-20T09:00:00.000Z',
      state: 'waiting',
      readyAt: null,
      expiresAt: null,
      size: null,
      downloads: 0,
    };
    let asked = false;
    const { api, user, container } = openCare(parentProfile(), {
      'GET pupils/31/data-exports': () => ({
        data: { studentId: 31, studentName: 'Asha Verma', exports: asked ? [request] : [] },
      }),
      'POST pupils/31/data-export': () => {
        asked = true;
        return { data: request };
      },
    });
    const panel = await screen.findByRole('region', { name: 'Asha Verma’s data' });
    expect(await within(panel).findByText('No archive has been asked for yet.')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Ask for an archive' }));
    expect(await within(panel).findByText(/A link comes by mail/)).toBeInTheDocument();
    expect(await within(panel).findByText('Waiting')).toBeInTheDocument();
    expect(api.calls('POST')).toContain('POST pupils/31/data-export');
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('a guardian sees who changed what, newest first', async () => {
    openCare(parentProfile());
    const history = await screen.findByRole('region', { name: CARE_TEXTS.historyTitle });
    expect(await within(history).findByText('Maria Verma')).toBeInTheDocument();
    expect(within(history).getByText('Allergies')).toBeInTheDocument();
    expect(within(history).getByText('Peanuts')).toBeInTheDocument();
  });

  it('a guardian adds a pick-up with a photo: the PUT carries the whole document, and a toast says it is saved', async () => {
    const { api, user, container } = openCare(parentProfile(), {
      'POST pupils/31/care/pickup-photo': { data: { image: `care/31/${SAM}` } },
      [`GET pupils/31/care/pickup-photos/${SAM}`]: { picture: true },
      'PUT pupils/31/care': (request: { body: unknown }) =>
        care(true, { ...DETAILS, ...(request.body as Partial<CareDetails>) }),
    });
    const form = await careForm();
    expect(await seriousAxeViolations(container)).toEqual([]);
    expect(screen.getByRole('link', { name: CARE_TEXTS.back })).toHaveAttribute(
      'href',
      '/dashboard?child=31',
    );
    await user.click(within(form).getByRole('button', { name: CARE_EDITOR_TEXTS.addPickup }));
    await user.type(within(form).getByLabelText('Name (person 2)'), 'Uncle Sam');
    await user.type(within(form).getByLabelText('Relationship (person 2)'), 'Uncle');
    await user.type(within(form).getByLabelText('Phone (person 2)'), '+1 555 0777');
    const photos = within(form).getAllByLabelText('Photo (optional)');
    await user.upload(photos[1] as HTMLElement, new File(['x'], 'sam.png', { type: 'image/png' }));
    // The preview comes from the guarded address, fetched with the session's token.
    expect(await within(form).findByRole('img', { name: 'Uncle Sam' })).toHaveAttribute(
      'src',
      'blob:pickup-photo',
    );
    expect(photoRequest(api, `/api/pupils/31/care/pickup-photos/${SAM}`)?.get('Authorization')).toBe(
      'Bearer tok',
    );
    // The second contact is called first from now on.
    await user.click(within(form).getByRole('button', { name: 'Move Dev Verma up' }));
    // No consent switches: the consents are the ledger's, changed on their own panel.
    expect(within(form).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: CARE_EDITOR_TEXTS.save }));

    await waitFor(() => expect(putBodies(api)).toHaveLength(1));
    // `photoConsent` left out: a form opened before a withdrawal cannot give it back.
    const { photoConsent: _kept, ...withoutConsents } = DETAILS;
    expect(putBodies(api)[0]).toEqual({
      ...withoutConsents,
      emergencyContacts: [DETAILS.emergencyContacts[1], DETAILS.emergencyContacts[0]],
      pickups: [
        ...DETAILS.pickups,
        { name: 'Uncle Sam', relationship: 'Uncle', phone: '+1 555 0777', photo: `care/31/${SAM}` },
      ],
    });
    const upload = api.spy.mock.calls.find(([input]) => String(input).includes('pickup-photo'));
    const sent = upload?.[1]?.body;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent as FormData).get('image')).toBeInstanceOf(File);
    expect(await screen.findByText(CARE_EDITOR_TEXTS.saved)).toBeInTheDocument();
    expect(api.calls('GET').filter((call) => call === 'GET pupils/31/care/history')).toHaveLength(2);
  });

  it('checks the form with the shared schema before sending', async () => {
    const { api, user } = openCare(parentProfile());
    const form = await careForm();
    await user.click(within(form).getByRole('button', { name: CARE_EDITOR_TEXTS.addContact }));
    await user.click(within(form).getByRole('button', { name: CARE_EDITOR_TEXTS.save }));
    expect(await within(form).findAllByText(FAMILY_MESSAGES.enterName)).toHaveLength(1);
    expect(within(form).getByLabelText('Name (contact 3)')).toHaveAttribute('aria-invalid', 'true');
    expect(putBodies(api)).toEqual([]);
  });

  it('shows the server’s field errors at their fields', async () => {
    allowConsoleErrors();
    const { user } = openCare(parentProfile(), {
      'PUT pupils/31/care': answer(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Please check the form and try again.',
          details: [{ field: 'pickups.0.phone', message: FAMILY_MESSAGES.phoneInvalid }],
        },
      }),
    });
    const form = await careForm();
    await user.click(within(form).getByRole('button', { name: CARE_EDITOR_TEXTS.save }));
    const phone = within(form).getByLabelText('Phone (person 1)');
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
    expect(within(form).getByText(FAMILY_MESSAGES.phoneInvalid)).toBeInTheDocument();
    expect(within(form).getByRole('alert')).toHaveTextContent('Please check the form and try again.');
  });

  it('removes a row', async () => {
    const { api, user } = openCare(parentProfile(), {
      'PUT pupils/31/care': (request: { body: unknown }) =>
        care(true, { ...DETAILS, ...(request.body as Partial<CareDetails>) }),
    });
    const form = await careForm();
    await user.click(within(form).getByRole('button', { name: 'Remove Grandma Rose' }));
    await user.click(within(form).getByRole('button', { name: CARE_EDITOR_TEXTS.save }));
    await waitFor(() => expect(putBodies(api)).toHaveLength(1));
    expect((putBodies(api)[0] as CareDetails).pickups).toEqual([]);
  });
});
