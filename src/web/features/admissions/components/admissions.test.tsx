import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApplicationDocument, CaseApplication } from '../../../../shared/api/admission-application.js';
import type { EnrolmentAnswer } from '../../../../shared/api/admission-enrolment.js';
import type { AdmissionBoard, AdmissionCase, ClassSeatsAnswer } from '../../../../shared/api/admissions.js';
import { DEFAULT_SCHOOL_SETTINGS } from '../../../../shared/school-settings.js';
import { I18nProvider } from '../../../lib/i18n.js';
import { seriousAxeViolations } from '../../../test/axe.js';
import { testTranslator } from '../../../test/i18n.js';
import { apiError, mockApi, renderScreen } from '../../../test/school-test-utils.js';
import { AdmissionsScreen } from './AdmissionsScreen.js';

const SEATS: ClassSeatsAnswer = {
  year: { id: 3, name: '2026-2027', firstDay: '2026-09-01', lastDay: '2027-06-30' },
  admissionsYearId: 3,
  years: [
    { id: 3, name: '2026-2027' },
    { id: 2, name: '2025-2026' },
  ],
  classes: [
    {
      classId: 7,
      className: 'Class 1',
      takesAdmissions: false,
      capacity: null,
      enrolled: 9,
      acceptedOffers: 0,
      free: null,
    },
    {
      classId: 5,
      className: 'KG',
      takesAdmissions: true,
      capacity: 12,
      enrolled: 10,
      acceptedOffers: 1,
      free: 1,
    },
  ],
};

const aCase = (id: number, patch: Partial<AdmissionCase>): AdmissionCase => ({
  id,
  childName: `Child ${id}`,
  classId: 5,
  className: 'KG',
  yearId: 3,
  yearName: '2026-2027',
  familyName: `Family ${id}`,
  email: `family${id}@example.org`,
  phone: '',
  language: 'en',
  message: '',
  stage: 'enquiry',
  visitDate: null,
  visitTime: null,
  offerDeadline: null,
  waitingSince: null,
  waitingPosition: null,
  closeReason: null,
  source: 'booking',
  createdAt: '2026-11-20T10:00:00.000Z',
  stageChangedAt: '2026-11-20T10:00:00.000Z',
  ...patch,
});

const BOARD: AdmissionBoard = {
  classId: 5,
  yearId: 3,
  counts: { enquiry: 1, visit: 1, applied: 0, offered: 0, accepted: 1, enrolled: 0, waiting: 2, closed: 0 },
  seats: SEATS.classes[1] as AdmissionBoard['seats'],
  cases: [
    aCase(1, { childName: 'Ana', message: 'We live nearby.' }),
    aCase(2, { childName: 'Ben', stage: 'visit', visitDate: '2026-12-03', visitTime: '10:30' }),
    aCase(3, { childName: 'Cai', stage: 'accepted' }),
    aCase(4, {
      childName: 'Dee',
      stage: 'waiting',
      waitingPosition: 1,
      waitingSince: '2026-11-01T10:00:00.000Z',
    }),
    aCase(5, {
      // A Book A Seat request names only the parent until the application comes.
      childName: '',
      familyName: 'Eli’s mother',
      stage: 'waiting',
      waitingPosition: 2,
      waitingSince: '2026-11-02T10:00:00.000Z',
    }),
  ],
};

const history = (
  found: AdmissionCase,
  more: Partial<{ application: CaseApplication; documents: ApplicationDocument[] }> = {},
) => ({
  data: {
    ...found,
    application: null,
    documents: [],
    ...more,
    history: [
      {
        id: 10,
        fromStage: null,
        toStage: 'enquiry',
        movedBy: null,
        movedAt: '2026-11-20T10:00:00.000Z',
        note: '',
        details: {},
      },
    ],
  },
});

const BASE_ROUTES = {
  'GET admin/admissions/classes': { data: SEATS },
  'GET admin/admissions/board?classId=5&yearId=3': { data: BOARD },
  'GET settings': { data: DEFAULT_SCHOOL_SETTINGS },
};

const renderBoard = (path: string, routes: Record<string, unknown> = {}, locale?: 'ar' | 'fr') => {
  const api = mockApi({ ...BASE_ROUTES, ...routes });
  const ui = <AdmissionsScreen />;
  const view = renderScreen(
    locale ? <I18nProvider translator={testTranslator(locale)}>{ui}</I18nProvider> : ui,
    {
      path,
      pattern: '/admissions',
    },
  );
  return { api, ...view };
};

const location = () => screen.getByTestId('location').textContent;

describe('AdmissionsScreen', () => {
  it('opens on the admissions year and its first class taking admissions: seats, counts, cases by stage, the waiting list by place', async () => {
    renderBoard('/admissions');
    const waiting = await screen.findByRole('region', { name: /Waiting list/ });
    // Class 1 takes no admissions: only KG to choose.
    expect(
      within(screen.getByLabelText('Class'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['KG']);
    expect(screen.getByLabelText('School year')).toHaveDisplayValue('2026-2027 (admissions)');
    const seats = screen.getByRole('region', { name: 'Seats' });
    expect(within(seats).getByText('Free seats').nextSibling?.textContent).toBe('1');
    expect(within(seats).getByText('Capacity').nextSibling?.textContent).toBe('12');
    const stages = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(stages).toEqual([
      'Seats',
      'Cases per stage',
      'Enquiry 1',
      'Visit booked 1',
      'Accepted 1',
      'Waiting list 2',
    ]);
    expect(
      within(waiting)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dee', 'Eli’s mother’s child']);
    expect(within(waiting).getByText('Number 2 on the waiting list')).toBeInTheDocument();
    expect(screen.getByText(/^Visit on Thursday, 3 December 2026 at 10:30$/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the case of Ben' })).toHaveAttribute(
      'href',
      '/admissions?year=3&class=5&case=2',
    );
  });

  it('keeps another year and class chosen in the URL', async () => {
    const { user } = renderBoard('/admissions', {
      'GET admin/admissions/classes?yearId=2': {
        data: { ...SEATS, year: { ...SEATS.year, id: 2, name: '2025-2026' } },
      },
      'GET admin/admissions/board?classId=5&yearId=2': {
        data: {
          ...BOARD,
          yearId: 2,
          cases: [],
          counts: { ...BOARD.counts, enquiry: 0, visit: 0, accepted: 0, waiting: 0 },
        },
      },
    });
    await screen.findByRole('region', { name: /Waiting list/ });
    await user.selectOptions(screen.getByLabelText('School year'), '2025-2026');
    expect(await screen.findByText('No admission case in this class and year yet.')).toBeInTheDocument();
    expect(location()).toBe('/admissions?year=2&class=5');
  });

  it('opens a case: the family, the message, the history, no application yet, and books a visit', async () => {
    const ana = BOARD.cases[0] as AdmissionCase;
    const { api, user } = renderBoard('/admissions?year=3&class=5&case=1', {
      'GET admin/admissions/cases/1': history(ana),
      'POST admin/admissions/cases/1/moves': history({
        ...ana,
        stage: 'visit',
        visitDate: '2026-12-10',
        visitTime: '09:30',
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Ana' })).toBeInTheDocument();
    expect(screen.getByText('We live nearby.')).toBeInTheDocument();
    expect(screen.getByText('Opened at Enquiry')).toBeInTheDocument();
    expect(screen.getByText(/by the website/)).toBeInTheDocument();
    expect(screen.getByText('The family has not begun the application yet.')).toBeInTheDocument();
    // The moves the transition table allows from an enquiry.
    const moves = within(screen.getByRole('region', { name: 'Move the case' }));
    expect(moves.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Book a visit',
      'Mark as applied',
      'Make an offer',
      'Put on the waiting list',
      'Close the case',
    ]);
    await user.click(moves.getByRole('button', { name: 'Book a visit' }));
    expect(screen.getByLabelText('Visit date')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Save the move' }));
    // The shared schema asks for the date and the time before anything is sent.
    expect(await screen.findByText('Choose the visit’s date')).toBeInTheDocument();
    expect(screen.getByText('Enter the visit’s time as HH:MM')).toBeInTheDocument();
    expect(api.calls('POST')).toEqual([]);
    await user.type(screen.getByLabelText('Visit date'), '2026-12-10');
    await user.type(screen.getByLabelText('Time'), '09:30');
    await user.click(screen.getByRole('button', { name: 'Save the move' }));
    expect(await screen.findByText(/The case is now at “Visit booked”\./)).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      to: 'visit',
      visitDate: '2026-12-10',
      visitTime: '09:30',
    });
  });

  it('says clearly when the move is no longer allowed (409 MOVE_NOT_ALLOWED)', async () => {
    const ana = BOARD.cases[0] as AdmissionCase;
    const { user } = renderBoard('/admissions?case=1', {
      'GET admin/admissions/cases/1': history(ana),
      'POST admin/admissions/cases/1/moves': apiError(409, 'MOVE_NOT_ALLOWED', 'That move is not allowed.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Close the case' }));
    await user.type(screen.getByLabelText('Reason'), 'Moved away');
    await user.click(screen.getByRole('button', { name: 'Save the move' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That move is not possible any more: the case was moved meanwhile.',
    );
  });

  it('opens a new case from a contact message: the family’s name and email may be left to the message', async () => {
    const { api, user } = renderBoard('/admissions?year=3&class=5&new=&enquiry=42', {
      'POST admin/admissions/cases': history(aCase(9, { childName: 'Noor', source: 'enquiry' })),
      'GET admin/admissions/cases/9': history(aCase(9, { childName: 'Noor', source: 'enquiry' })),
    });
    await user.click(await screen.findByRole('button', { name: 'Open the case' }));
    expect(await screen.findByText('Enter the child’s name')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Child’s name'), 'Noor');
    await user.click(screen.getByRole('button', { name: 'Open the case' }));
    await waitFor(() => expect(location()).toBe('/admissions?year=3&class=5&case=9'));
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      childName: 'Noor',
      classId: 5,
      yearId: 3,
      language: 'en',
      enquiryId: 42,
    });
  });

  it('asks a typed-in case for the family’s name and email (the server’s words at their field)', async () => {
    const { user } = renderBoard('/admissions?new=', {
      'POST admin/admissions/cases': apiError(400, 'VALIDATION_ERROR', 'Enter the family’s name'),
    });
    await user.type(await screen.findByLabelText('Child’s name'), 'Noor');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Open the case' }));
    expect(await screen.findByText('Enter the family’s email')).toBeInTheDocument();
  });

  const SENT: CaseApplication = {
    status: 'submitted',
    document: {
      child: { name: 'Cai Rivera', dateOfBirth: '2022-03-04', photoDocumentId: null },
      guardians: [
        { name: 'Rosa Rivera', email: 'rosa@example.org', phone: '+1 555 0100', relationship: 'Mother' },
      ],
      care: {
        emergencyContacts: [{ name: 'Tom Rivera', relationship: 'Uncle', phone: '+1 555 0101' }],
        medical: { allergies: 'Peanuts', conditions: '', medications: [], doctorName: '', doctorPhone: '' },
        pickups: [],
        photoConsent: { website: false, ownFamily: true, otherFamilies: false },
      },
      wanted: { classId: 5, startDate: '2027-01-05' },
      termsAccepted: true,
      signatureName: 'Rosa Rivera',
    },
    signatureName: 'Rosa Rivera',
    signedAt: '2026-11-25T15:00:00.000Z',
    signedFrom: '203.0.113.7',
    submittedAt: '2026-11-25T15:00:00.000Z',
    updatedAt: '2026-11-25T15:00:00.000Z',
  };
  const BIRTH: ApplicationDocument = {
    id: 8,
    kind: 'birth-certificate',
    name: 'birth.pdf',
    mimeType: 'application/pdf',
    size: 204_800,
    uploadedAt: '2026-11-25T14:00:00.000Z',
  };
  const ENROLLED: EnrolmentAnswer = {
    caseId: 3,
    studentId: 90,
    pupilName: 'Cai Rivera',
    pupilEmail: null,
    classId: 5,
    className: 'KG',
    yearId: 3,
    yearName: '2026-2027',
    startDate: '2027-01-05',
    guardians: [
      {
        parentId: 91,
        name: 'Rosa Rivera',
        email: 'rosa@example.org',
        relationship: 'Mother',
        account: 'new',
      },
    ],
    fees: {
      term: { id: 2, name: 'Spring 2027' },
      invoices: [{ id: 40, planId: 4, planName: 'KG tuition', total: 45_000, currency: 'USD' }],
      noFeesReason: null,
    },
    mailsQueued: 1,
  };

  it('shows the application as sent with its documents, and enrols an accepted case in one step', async () => {
    const cai = BOARD.cases[2] as AdmissionCase;
    const { api, user } = renderBoard('/admissions?year=3&class=5&case=3', {
      'GET admin/admissions/cases/3': history(cai, { application: SENT, documents: [BIRTH] }),
      'POST admin/admissions/cases/3/enrolment': { data: ENROLLED },
    });
    const spot = await screen.findByRole('region', { name: 'Application and enrolment' });
    expect(
      within(spot).getByText(/Sent and signed by Rosa Rivera on .*, from 203\.0\.113\.7\./),
    ).toBeInTheDocument();
    expect(within(spot).getByText('Cai Rivera')).toBeInTheDocument();
    expect(within(spot).getByText('Peanuts')).toBeInTheDocument();
    expect(within(spot).getByRole('button', { name: 'Download the Birth certificate' })).toBeInTheDocument();
    // A sent application needs no link any more.
    expect(within(spot).queryByRole('button', { name: 'Mail the family their application link' })).toBeNull();
    await user.click(within(spot).getByRole('button', { name: 'Enrol the child' }));
    expect(screen.getByLabelText('First day')).toHaveValue('2027-01-05');
    expect(screen.getByLabelText('Class')).toHaveDisplayValue('KG (1 seat free)');
    await user.type(screen.getByLabelText('The pupil’s own sign-in email (optional)'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Enrol' }));
    expect(await screen.findByText('Enter a valid email address, or leave it empty')).toBeInTheDocument();
    expect(api.calls('POST')).toEqual([]);
    await user.clear(screen.getByLabelText('The pupil’s own sign-in email (optional)'));
    await user.click(screen.getByRole('button', { name: 'Enrol' }));
    expect(await screen.findByText('Cai Rivera is enrolled in KG from 2027-01-05.')).toBeInTheDocument();
    expect(screen.getByText(/Rosa Rivera \(rosa@example\.org\): a new family account/)).toBeInTheDocument();
    expect(screen.getByText('Fees of Spring 2027: KG tuition: $450.00.')).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      classId: 5,
      startDate: '2027-01-05',
    });
  });

  it('says why an enrolment is refused, and mails the application link of a case without one', async () => {
    const cai = BOARD.cases[2] as AdmissionCase;
    const { user } = renderBoard('/admissions?case=3', {
      'GET admin/admissions/cases/3': history(cai, { application: SENT }),
      'POST admin/admissions/cases/3/enrolment': apiError(
        409,
        'CLASS_FULL',
        'KG has no free seat for 2026-2027.',
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Enrol the child' }));
    await user.click(screen.getByRole('button', { name: 'Enrol' }));
    expect(await screen.findByText('KG has no free seat for 2026-2027.')).toBeInTheDocument();
    document.body.innerHTML = '';

    const ana = BOARD.cases[0] as AdmissionCase;
    const second = renderBoard('/admissions?case=1', {
      'GET admin/admissions/cases/1': history(ana),
      'POST admin/admissions/cases/1/application-link': { data: { sentTo: 'family1@example.org' } },
    });
    await second.user.click(
      await screen.findByRole('button', { name: 'Mail the family their application link' }),
    );
    expect(
      await screen.findByText('The link to the application was mailed to family1@example.org.'),
    ).toBeInTheDocument();
    // No enrolment before the offer is accepted.
    expect(screen.queryByRole('button', { name: 'Enrol the child' })).toBeNull();
  });

  it('speaks Arabic and has no serious axe finding, on the board and on a case', async () => {
    const ana = BOARD.cases[0] as AdmissionCase;
    renderBoard('/admissions', {}, 'ar');
    expect(await screen.findByRole('heading', { name: 'لوحة القبول' })).toBeInTheDocument();
    await screen.findByRole('region', { name: /قائمة الانتظار/ });
    expect(await seriousAxeViolations(document.body)).toEqual([]);
    document.body.innerHTML = '';
    renderBoard('/admissions?case=1', { 'GET admin/admissions/cases/1': history(ana) }, 'ar');
    expect(await screen.findByRole('button', { name: 'حجز زيارة' })).toBeInTheDocument();
    expect(await seriousAxeViolations(document.body)).toEqual([]);
    document.body.innerHTML = '';
    const cai = BOARD.cases[2] as AdmissionCase;
    const { user } = renderBoard(
      '/admissions?case=3',
      { 'GET admin/admissions/cases/3': history(cai, { application: SENT, documents: [BIRTH] }) },
      'ar',
    );
    await user.click(await screen.findByRole('button', { name: 'سجّل الطفل' }));
    expect(await seriousAxeViolations(document.body)).toEqual([]);
  });
});
