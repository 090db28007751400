import type { RegisterRow } from '../../../../shared/api/family.js';
import { todayInZone } from '../../../lib/school-time.js';
import { TEST_SCHOOL } from '../../../test/school.js';
import { mockApi, profile, renderScreen } from '../../../test/school-test-utils.js';
import { TodayScreen } from '../components/TodayScreen.js';

/**
 * The Today screen's tests' school: class 2 (KG) with Ada (not in yet, allergic), Ben (in) and Cara
 * (collected); Ben's care details name his mother and an uncle who may collect him.
 */

export const TODAY = todayInZone(TEST_SCHOOL.timeZone);
export const CLASSES = { data: [{ classId: 2, class_name: 'KG' }] };

export const row = (overrides: Partial<RegisterRow>): RegisterRow => ({
  studentId: 11,
  studentName: 'Ada Mensah',
  image: null,
  checkedInAt: null,
  checkedOutAt: null,
  collectedBy: null,
  collectorKnown: null,
  reason: null,
  present: false,
  allergy: false,
  allergies: '',
  outings: true,
  ...overrides,
});

export const ADA = row({ allergy: true, allergies: 'peanuts' });
// 08:12 and 15:04 in New York (TEST_SCHOOL's zone) in November: UTC-5.
export const BEN = row({
  studentId: 12,
  studentName: 'Ben Osei',
  checkedInAt: '2026-11-24T13:12:00.000Z',
  present: true,
});
export const CARA = row({
  studentId: 13,
  studentName: 'Cara Diallo',
  checkedInAt: '2026-11-24T13:00:00.000Z',
  checkedOutAt: '2026-11-24T20:04:00.000Z',
  collectedBy: 'Ama Rahman',
  collectorKnown: true,
});

export const register = (rows: RegisterRow[]) => ({ date: TODAY, classId: 2, className: 'KG', data: rows });

export const CARE = {
  data: {
    studentId: 12,
    studentName: 'Ben Osei',
    details: {
      emergencyContacts: [],
      medical: { allergies: '', conditions: '', medications: [], doctorName: '', doctorPhone: '' },
      pickups: [{ name: 'Kofi Osei', relationship: 'Uncle', phone: '+1 555 0100', photo: null }],
      photoConsent: { website: true, ownFamily: true, otherFamilies: true },
    },
    updatedAt: null,
    updatedBy: null,
    mayEdit: false,
    guardians: [{ name: 'Efua Osei', relationship: 'Mother' }],
  },
};

/** Renders the Today screen for a teacher (or `type`), the API answering as above and as `routes` add. */
export function renderToday(routes: Record<string, unknown> = {}, type: 'Teacher' | 'Principle' = 'Teacher') {
  const api = mockApi({
    'GET teacher/assign_class': CLASSES,
    'GET users/profile': profile(type),
    [`GET classes/2/register?date=${TODAY}`]: register([ADA, BEN, CARA]),
    'GET pupils/12/care': CARE,
    // The families' messages of the day (docs/decisions/0080-conversations.md): none unless a test says.
    [`GET pupils/12/conversation/day-notes?date=${TODAY}`]: { date: TODAY, data: [] },
    ...(routes as Record<string, object>),
  });
  const view = renderScreen(<TodayScreen />, { path: '/today', pattern: '/today' });
  return { ...view, api };
}
