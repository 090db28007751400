import { type PupilRow, PupilsAnswerSchema } from '../../../shared/api/school-admin.js';
import { sortByName } from '../../../shared/i18n/name-order.js';
import { pageLocale } from '../i18n.js';
import { schoolKeys } from './query-keys.js';
import { schoolRead } from './school-read.js';

export type ActivePupil = Pick<PupilRow, 'id' | 'name' | 'classId' | 'className'>;

/**
 * `GET admin/pupils?status=active` -> the school's active pupils in the page's order of their names. Read
 * here, once, for every screen that chooses a pupil (guardians, school set-up's enrolment, the
 * ledger's statements), so they share one call and one cached answer.
 */
export const [getActivePupils, activePupilsQueryOptions, useActivePupils] = schoolRead(
  schoolKeys.activePupils,
  'admin/pupils?status=active',
  PupilsAnswerSchema,
  (body): ActivePupil[] =>
    sortByName(
      body.data.map((row) => ({
        id: row.id,
        name: row.name,
        classId: row.classId,
        className: row.className,
      })),
      pageLocale(),
      (pupil) => pupil.name,
    ),
);
