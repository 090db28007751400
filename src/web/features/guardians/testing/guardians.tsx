import type { GuardianRow } from '../../../../shared/api/family.js';
import { mockApi, renderScreen } from '../../../test/school-test-utils.js';
import { GuardiansScreen } from '../components/GuardiansScreen.js';

/** The Guardians screen's tests' school: Ada (KG) and Ben (no class), two Parent accounts, Efua Ada's mother. */

export const PUPILS = {
  data: [
    { id: 11, name: 'Ada Mensah', email: 'ada@demo.school', status: 'active', classId: 2, className: 'KG' },
    { id: 12, name: 'Ben Osei', email: 'ben@demo.school', status: 'active', classId: null, className: null },
  ],
};

export const parent = (id: number, name: string, email: string) => ({
  id,
  name,
  degination: '',
  discription: '',
  type: 'Parent',
  gender: 'Female',
  dob: '1988-01-01',
  address: '',
  contact: '+1 555 0100',
  email,
  socialLink: '',
  image: null,
  status: 'active',
  createdAt: '2026-11-20T08:00:00.000Z',
  photos: [],
});
export const PARENTS = {
  data: [parent(31, 'Efua Mensah', 'efua@example.com'), parent(32, 'Kwame Mensah', 'kwame@example.com')],
};

export const link = (overrides: Partial<GuardianRow> = {}): GuardianRow => ({
  parentId: 31,
  parentName: 'Efua Mensah',
  parentEmail: 'efua@example.com',
  parentContact: '+1 555 0100',
  studentId: 11,
  studentName: 'Ada Mensah',
  className: 'KG',
  relationship: 'Mother',
  linkedAt: '2026-11-24T09:00:00.000Z',
  ...overrides,
});

/** Renders the Guardians screen (Ada chosen), the API answering as above and as `routes` add. */
export function renderGuardians(routes: Record<string, unknown> = {}, path = '/guardians?studentId=11') {
  const api = mockApi({
    'GET admin/pupils?status=active': PUPILS,
    'GET users?type=Parent&status=active': PARENTS,
    'GET admin/guardians?studentId=11': { data: [link()] },
    ...(routes as Record<string, object>),
  });
  return { ...renderScreen(<GuardiansScreen />, { path, pattern: '/guardians' }), api };
}
