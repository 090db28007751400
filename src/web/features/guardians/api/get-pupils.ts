import { type PupilRow, PupilsAnswerSchema } from '../../../../shared/api/school-admin.js';
import { schoolRead } from '../../../lib/school/school-read.js';
import { byName } from './by-name.js';
import { guardianKeys } from './keys.js';

export type PupilChoice = Pick<PupilRow, 'id' | 'name' | 'className'>;

/** `GET admin/pupils?status=active` -> every active pupil, the choice of whose guardians to see. */
export const [getPupils, pupilsQueryOptions, usePupils] = schoolRead(
  guardianKeys.pupils,
  'admin/pupils?status=active',
  PupilsAnswerSchema,
  (body): PupilChoice[] =>
    byName(body.data.map((row) => ({ id: row.id, name: row.name, className: row.className }))),
);
