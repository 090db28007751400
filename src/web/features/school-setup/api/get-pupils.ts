import { type PupilRow, PupilsAnswerSchema } from '../../../../shared/api/school-admin.js';
import { schoolRead } from '../../../lib/school/school-read.js';

export type AdminPupil = Pick<PupilRow, 'id' | 'name' | 'classId' | 'className'>;

/** `GET admin/pupils?status=active` -> `{ data: [ { id, name, email, status, classId, className } ] }`. */
export const [getActivePupils, activePupilsQueryOptions, useActivePupils] = schoolRead(
  () => ['school', 'admin-pupils', 'active'] as const,
  'admin/pupils?status=active',
  PupilsAnswerSchema,
  (body): AdminPupil[] =>
    body.data.map((row) => ({ id: row.id, name: row.name, classId: row.classId, className: row.className })),
);
