import type { GuardianRow } from '../../../../shared/api/family.js';
import type { AnyLocale } from '../../../../shared/i18n/locales.js';
import { I18nProvider } from '../../../lib/i18n.js';
import { testTranslator } from '../../../test/i18n.js';
import { mockApi, renderScreen } from '../../../test/school-test-utils.js';
import { GuardiansScreen } from '../components/GuardiansScreen.js';

/** The screen's English texts the tests look for, from the English catalog. */
const { t } = testTranslator('en');
export const GUARDIANS_TEXTS = {
  find: t('guardians.find'),
  pupil: t('guardians.pupil'),
  choosePupil: t('guardians.choosePupil'),
  none: (name: string) => t('guardians.none', { name }),
  linkTitle: (name: string) => t('guardians.linkTitle', { name }),
  parent: t('guardians.parent'),
  relationship: t('guardians.relationship'),
  link: t('guardians.link'),
  unlink: t('guardians.unlink'),
  unlinkTitle: (parent: string, pupil: string) => t('guardians.unlinkTitle', { parent, pupil }),
};

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
export function renderGuardians(
  routes: Record<string, unknown> = {},
  path = '/guardians?studentId=11',
  locale?: AnyLocale,
) {
  const api = mockApi({
    'GET admin/pupils?status=active': PUPILS,
    'GET users?type=Parent&status=active': PARENTS,
    'GET admin/guardians?studentId=11': { data: [link()] },
    ...(routes as Record<string, object>),
  });
  return {
    ...renderScreen(
      locale ? (
        <I18nProvider translator={testTranslator(locale)}>
          <GuardiansScreen />
        </I18nProvider>
      ) : (
        <GuardiansScreen />
      ),
      { path, pattern: '/guardians' },
    ),
    api,
  };
}
