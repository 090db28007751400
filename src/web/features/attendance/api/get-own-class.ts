import { OwnClassAnswerSchema } from '../../../../shared/api/attendance.js';
import { schoolRead } from '../../../lib/school/school-read.js';

/** Kept apart from the attendance keys: saving a register does not change whose class is whose. */
const ownClassKey = () => ['school', 'own-class'] as const;

/**
 * `GET attendance/own-class` -> `{ data: { classId } }`: the class Today and Attendance open on
 * (decision 0047); null for the principal, who opens on the first class.
 */
export const [getOwnClass, ownClassQueryOptions, useOwnClass] = schoolRead(
  ownClassKey,
  'attendance/own-class',
  OwnClassAnswerSchema,
  (body): number | null => body.data.classId,
);
