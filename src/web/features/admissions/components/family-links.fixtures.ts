import type { ApplicationView } from '../../../../shared/api/admission-application.js';
import type { OfferView } from '../../../../shared/api/admissions.js';

/** What the admission links' calls answer in the component tests. */

export const TOKEN = 'k'.repeat(43);

export const DRAFT_VIEW: ApplicationView = {
  childName: 'Lina',
  className: 'KG',
  yearName: '2026–2027',
  classId: 2,
  classes: [
    { id: 2, name: 'KG' },
    { id: 3, name: 'Class 1' },
  ],
  terms: 'By sending this application we confirm that what it says is true.',
  language: 'en',
  status: 'draft',
  draft: {},
  signatureName: null,
  submittedAt: null,
  documents: [
    {
      id: 5,
      kind: 'birth-certificate',
      name: 'birth.pdf',
      mimeType: 'application/pdf',
      size: 2048,
      uploadedAt: '2026-11-28T10:00:00.000Z',
    },
  ],
};

export const SENT_VIEW: ApplicationView = {
  ...DRAFT_VIEW,
  status: 'submitted',
  signatureName: 'Nour Haddad',
  submittedAt: '2026-11-28T10:30:00.000Z',
  draft: {
    child: { name: 'Lina Haddad', dateOfBirth: '2021-04-02', photoDocumentId: null },
    guardians: [
      { name: 'Nour Haddad', email: 'nour@example.org', phone: '+1 555 0101', relationship: 'Mother' },
    ],
    care: { emergencyContacts: [], pickups: [], medical: { allergies: '' } },
    wanted: { classId: 2, startDate: '2027-01-04' },
    termsAccepted: true,
    signatureName: 'Nour Haddad',
  },
};

export const OPEN_OFFER: OfferView = {
  childName: 'Lina',
  className: 'KG',
  yearName: '2026–2027',
  deadline: '2026-12-05',
  state: 'open',
  language: 'en',
};
