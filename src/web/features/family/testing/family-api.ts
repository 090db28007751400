import type { ConsentsAnswer } from '../../../../shared/api/consents.js';
import { CONTENT_COLLECTION_NAMES } from '../../../../shared/api/content.js';
import type { ChildRow } from '../../../../shared/api/family.js';
import { USER_TYPE } from '../../../../shared/constants.js';
import { testTranslator } from '../../../test/i18n.js';
import { mockApi, profile } from '../../../test/school-test-utils.js';

/** The screens' English texts the tests look for, from the English catalog. */
const { t } = testTranslator('en');
export const PARENT_TEXTS = {
  noChildrenTitle: t('family.parent.noChildrenTitle'),
  noChildren: t('family.parent.noChildren'),
  switcher: t('family.parent.switcher'),
  today: t('family.parent.today'),
};
export const CARE_TEXTS = {
  back: t('family.care.back'),
  historyTitle: t('family.care.historyTitle'),
  accessTitle: t('family.access.title'),
  accessLeadFamily: t('family.access.leadFamily'),
  accessMore: t('family.access.more'),
  kindCareDetails: t('family.access.kind.care-details'),
  you: t('family.access.you'),
  consentNo: t('family.care.consentWebsiteNo'),
  consentOtherFamiliesNo: t('family.care.consentOtherFamiliesNo'),
};
export const CARE_EDITOR_TEXTS = {
  saved: t('family.editor.saved'),
  save: t('family.editor.save'),
  addContact: t('family.editor.addContact'),
  addPickup: t('family.editor.addPickup'),
};

type Routes = Parameters<typeof mockApi>[0];

/** Mocks the API for a whole-app test: the public site's content answers empty, the rest as given. */
export function mockFamilyApi(routes: Routes) {
  const content = Object.fromEntries(CONTENT_COLLECTION_NAMES.map((name) => [`GET ${name}`, { data: [] }]));
  return mockApi({ ...content, ...routes });
}

export const parentProfile = (name = 'Maria Verma', id = 50) => profile(USER_TYPE.parent, id, name);

export const child = (overrides: Partial<ChildRow> = {}): ChildRow => ({
  studentId: 31,
  studentName: 'Asha Verma',
  classId: 4,
  className: 'KG',
  image: null,
  relationship: 'Mother',
  ...overrides,
});

/** `GET pupils/31/consents`'s answer (docs/decisions/0111-consent-as-a-ledger.md): website given, by a guardian, in the app. */
export const consentsAnswer = (
  overrides: Partial<ConsentsAnswer['data']> = {},
): { data: ConsentsAnswer['data'] } => ({
  data: {
    studentId: 31,
    studentName: 'Asha Verma',
    current: { website: true, ownFamily: false, otherFamilies: false, outings: false },
    history: [
      {
        id: 2,
        kind: 'website',
        given: true,
        at: '2026-11-21T10:00:00.000Z',
        by: 'Maria Verma',
        how: 'app',
        schoolForm: null,
      },
      {
        id: 1,
        kind: 'ownFamily',
        given: false,
        at: '2026-09-01T08:00:00.000Z',
        by: null,
        how: 'carried-over',
        schoolForm: null,
      },
    ],
    mayChange: true,
    mayRecordPaper: false,
    ...overrides,
  },
});
